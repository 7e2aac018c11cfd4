/**
 * Whether a sound has a pitch a key could be heard in (docs/decisions/0070). Two measures, because
 * one note and a chord show their pitch differently:
 *  - voiced share: the share of the sound's energy in frames that repeat at one period (YIN's
 *    cumulative-mean-normalised difference below 0.2, de Cheveigné & Kawahara 2002): a note, a bass,
 *    a cowbell; drum skins, cymbals, claps and noise do not repeat;
 *  - harmonic peaks: the share of the 65–2100 Hz power (the key's chroma band) in narrow spectral
 *    peaks standing 10 dB above their neighbourhood, with the spectrum's flatness (Wiener entropy):
 *    a chord has no single period but is all sharp peaks on a silent floor.
 * Bounded: YIN looks at most MAX_FRAMES frames from where the sound starts.
 */
import { powerSpectrum } from '@crate/audio/spectrum';

export interface PitchSalience {
  /** 0..1: energy share of periodic frames. */
  voicedShare: number;
  /** 0..1: share of the 65–2100 Hz power in narrow peaks. */
  harmonicPeakShare: number;
  /** 0..1: spectral flatness over 65–5000 Hz (1 for white noise, near 0 for a few partials). */
  flatness: number;
}

/** The rule measured on the Debian drum kits and the demo synth (decision 0070). */
const PITCHED = { voicedShare: 0.5, harmonicPeakShare: 0.85, flatness: 0.005 } as const;

export function isPitched(salience: PitchSalience): boolean {
  return salience.voicedShare >= PITCHED.voicedShare || (salience.harmonicPeakShare >= PITCHED.harmonicPeakShare && salience.flatness < PITCHED.flatness);
}

const YIN_WINDOW = 1024;
const YIN_HOP = 256;
/** ~1.9 s at 11 kHz: a hit's body and ring; later frames add time, not certainty. */
const MAX_FRAMES = 80;
const YIN_THRESHOLD = 0.2;
const PITCH_HZ = { min: 40, max: 1000 };
/** Frames 30 dB below the loudest are the tail, not the sound. */
const QUIET_FRAME = 1e-3;
const PEAK_BAND_HZ = { min: 65, max: 2100 };
const FLATNESS_BAND_HZ = { min: 65, max: 5000 };
/** A peak stands 10 dB above the median of the bins within ±PEAK_NEIGHBOURS. */
const PEAK_RISE = 10;
const PEAK_NEIGHBOURS = 16;

export function pitchSalience(samples: Float32Array, sampleRate: number): PitchSalience {
  return { voicedShare: voicedShare(samples, sampleRate), ...spectralShape(samples, sampleRate) };
}

function voicedShare(samples: Float32Array, sampleRate: number): number {
  const tauMin = Math.floor(sampleRate / PITCH_HZ.max);
  const tauMax = Math.ceil(sampleRate / PITCH_HZ.min);
  const difference = new Float64Array(tauMax + 1);
  const frames: { energy: number; voiced: boolean }[] = [];
  for (let start = soundStart(samples); start + YIN_WINDOW + tauMax <= samples.length && frames.length < MAX_FRAMES; start += YIN_HOP) {
    let energy = 0;
    for (let i = 0; i < YIN_WINDOW; i++) energy += samples[start + i]! ** 2;
    for (let tau = 1; tau <= tauMax; tau++) {
      let sum = 0;
      for (let i = 0; i < YIN_WINDOW; i++) {
        const d = samples[start + i]! - samples[start + i + tau]!;
        sum += d * d;
      }
      difference[tau] = sum;
    }
    let running = 0;
    let lowest = Infinity;
    for (let tau = 1; tau <= tauMax; tau++) {
      running += difference[tau]!;
      const normalised = running > 0 ? (difference[tau]! * tau) / running : 1;
      if (tau >= tauMin) lowest = Math.min(lowest, normalised);
    }
    frames.push({ energy, voiced: lowest < YIN_THRESHOLD });
  }
  const loudest = frames.reduce((max, f) => Math.max(max, f.energy), 0);
  let total = 0;
  let voiced = 0;
  for (const frame of frames) {
    if (frame.energy <= loudest * QUIET_FRAME) continue;
    total += frame.energy;
    if (frame.voiced) voiced += frame.energy;
  }
  return total > 0 ? voiced / total : 0;
}

/** The first sample at a tenth of the peak: leading silence is not looked at. */
function soundStart(samples: Float32Array): number {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const index = samples.findIndex((s) => Math.abs(s) >= 0.1 * peak);
  return Math.max(0, index);
}

function spectralShape(samples: Float32Array, sampleRate: number): Omit<PitchSalience, 'voicedShare'> {
  const { power, binHz } = powerSpectrum(samples, sampleRate, 4096, 64);
  const bin = (hz: number) => Math.min(power.length - 1, Math.max(1, Math.round(hz / binHz)));

  let logSum = 0;
  let sum = 0;
  const [flatFrom, flatTo] = [bin(FLATNESS_BAND_HZ.min), bin(FLATNESS_BAND_HZ.max)];
  for (let k = flatFrom; k <= flatTo; k++) {
    logSum += Math.log(power[k]! + 1e-20);
    sum += power[k]!;
  }
  const count = flatTo - flatFrom + 1;
  const flatness = sum > 0 ? Math.exp(logSum / count) / (sum / count) : 1;

  const [from, to] = [bin(PEAK_BAND_HZ.min), bin(PEAK_BAND_HZ.max)];
  const inPeak = new Uint8Array(power.length);
  const neighbours: number[] = [];
  let band = 0;
  for (let k = from; k <= to; k++) {
    band += power[k]!;
    const isLocalMax = power[k]! >= power[k - 1]! && power[k]! >= (power[k + 1] ?? 0);
    if (!isLocalMax) continue;
    neighbours.length = 0;
    for (let j = Math.max(0, k - PEAK_NEIGHBOURS); j <= Math.min(power.length - 1, k + PEAK_NEIGHBOURS); j++) neighbours.push(power[j]!);
    neighbours.sort((a, b) => a - b);
    if (power[k]! > PEAK_RISE * neighbours[neighbours.length >> 1]!) inPeak[k - 1] = inPeak[k] = inPeak[k + 1] = 1;
  }
  let peaks = 0;
  for (let k = from; k <= to; k++) if (inPeak[k]) peaks += power[k]!;
  return { harmonicPeakShare: band > 0 ? peaks / band : 0, flatness };
}
