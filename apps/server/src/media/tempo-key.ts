/**
 * Kind, tempo and key of a sound, for the upload pipeline to suggest when the file name does not say
 * them (docs/decisions/0027, 0070). Mono mixdown decimated to ~11 kHz, then:
 *  - kind: a sound of 1.5 s or less, or with a single onset that dies away (a hit ringing out), is a
 *    one-shot and gets no tempo; one with several onsets and a clear tempo is a loop;
 *  - tempo: an onset-strength envelope (log-magnitude spectral flux), its autocorrelation, and a
 *    comb over 60–200 BPM (autocorrelation at every multiple of the beat), weighted toward
 *    70–180 BPM to choose between a tempo and its half or double; a loop that is a whole number
 *    of bars long is snapped to the tempo that makes it so;
 *  - key: Krumhansl–Kessler profile correlation over the sound's chroma, a minor key and its
 *    relative major told apart by the chord the sound opens on.
 *    A sound that is not a loop gets a key only when it has a pitch (pitch-salience.ts).
 * Each answer has a confidence in [0, 1] and is null below a threshold (one-shots, noise, drums
 * without pitch, silence).
 */
import type { KeyNote, MusicalKey } from '@crate/contract/catalogue-enums';
import { musicalKeyOf, pitchClassOfKeyNote, relativeKey } from '@crate/contract/musical-key';
import { chroma, fft, mixToMono, powerSpectrum } from '@crate/audio/spectrum';
import type { PcmAudio } from '@crate/audio/wav';
import { countOnsets, ONSET_HOP, onsetEnvelope } from './onsets.ts';
import { isPitched, pitchSalience } from './pitch-salience.ts';

export interface TempoAndKey {
  /** One-Shot: one onset, or too short for a pulse; Loop: several onsets at a clear tempo; null: neither is clear. */
  kind: 'One-Shot' | 'Loop' | null;
  /** Clear onsets (hits, notes) in what was analysed. */
  onsets: number;
  /** Whether it has a pitch a key could be heard in (pitch-salience.ts): a sound without one gets no key. Not asked of a loop (null). */
  pitched: boolean | null;
  bpm: number | null;
  /** 0..1: how clearly the sound pulses at `bpm`. */
  bpmConfidence: number;
  key: MusicalKey | null;
  /** 0..1: how clearly the sound's pitch content fits `key` and no other. */
  keyConfidence: number;
}

/** Below these the answer is null: the pipeline leaves the field for the creator. */
export const MIN_BPM_CONFIDENCE = 0.35;
const MIN_KEY_CONFIDENCE = 0.3;

const ANALYSIS_RATE = 11025;
const BPM_RANGE = { min: 60, max: 200 };
/** Tempo candidates every 0.1 BPM; the peak is refined between them. */
const BPM_STEP = 0.1;
/** Lags looked at: a bar or two at any tempo of the range. */
const LAG_SPAN_SECONDS = 4.5;
/** A pulse needs a few beats to be heard: shorter sounds are one-shots and get no tempo. */
const ONE_SHOT_MAX_SECONDS = 1.5;
/** −12 dB in power. */
const DIES_AWAY_POWER_RATIO = 10 ** 1.2;
const SILENT_PEAK = 1e-3; // −60 dBFS: nothing to hear (a soft hit's long tail is not silence)

const NOTHING_HEARD: TempoAndKey = { kind: null, onsets: 0, pitched: null, bpm: null, bpmConfidence: 0, key: null, keyConfidence: 0 };

/**
 * One-shot or loop first, from the length and the onsets: a single hit ringing out has no tempo
 * however long it rings. Then a loop's tempo; then the key, which a one-shot gets only when it has
 * a pitch (decision 0070): a snare or a crash is not "in" a key.
 */
export function detectTempoAndKey(pcm: PcmAudio): TempoAndKey {
  const { samples, sampleRate } = decimate(mixToMono(pcm.channels), pcm.sampleRate);
  if (peak(samples) < SILENT_PEAK) return NOTHING_HEARD;
  const envelope = onsetEnvelope(samples);
  const onsets = countOnsets(samples, envelope);
  const short = samples.length / sampleRate <= ONE_SHOT_MAX_SECONDS;
  // One hit or note and no more: a pulse needs several. It is a one-shot when it also dies away; a long
  // steady sound with no hits (a swelling pad loop, a drone) is neither, as far as the audio can tell.
  const single = !short && onsets <= 1;
  const tempo = short || single ? { bpm: 0, confidence: 0 } : detectTempo(envelope, samples.length / sampleRate, sampleRate);
  const hasTempo = tempo.confidence >= MIN_BPM_CONFIDENCE;
  const kind = short || (single && diesAway(samples)) ? 'One-Shot' : hasTempo ? 'Loop' : null;
  // A loop's chords and drums together are no single pitch; its key is the chroma's alone.
  const pitched = kind === 'Loop' ? null : isPitched(pitchSalience(samples, sampleRate));
  const key = pitched === false ? { key: null, confidence: 0 } : detectKey(samples, sampleRate);
  return {
    kind,
    onsets,
    pitched,
    bpm: hasTempo ? tempo.bpm : null,
    bpmConfidence: round2(tempo.confidence),
    key: key.confidence >= MIN_KEY_CONFIDENCE ? key.key : null,
    keyConfidence: round2(key.confidence),
  };
}

// ───────────────────────────── decimation ─────────────────────────────

/** Low-pass (windowed sinc) and keep every n-th sample, down to about ANALYSIS_RATE. */
function decimate(signal: Float32Array, sampleRate: number): { samples: Float32Array; sampleRate: number } {
  const factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE));
  if (factor === 1) return { samples: signal, sampleRate };
  const half = 4 * factor;
  const taps = new Float64Array(2 * half + 1);
  const cutoff = 0.45 / factor; // cycles per input sample: 90 % of the new Nyquist
  let sum = 0;
  for (let k = -half; k <= half; k++) {
    const sinc = k === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * k) / (Math.PI * k);
    const blackman = 0.42 + 0.5 * Math.cos((Math.PI * k) / half) + 0.08 * Math.cos((2 * Math.PI * k) / half);
    taps[k + half] = sinc * blackman;
    sum += sinc * blackman;
  }
  for (let k = 0; k < taps.length; k++) taps[k]! /= sum;
  const out = new Float32Array(Math.floor(signal.length / factor));
  for (let m = 0; m < out.length; m++) {
    const centre = m * factor;
    let acc = 0;
    const from = Math.max(-half, -centre);
    const to = Math.min(half, signal.length - 1 - centre);
    for (let k = from; k <= to; k++) acc += taps[k + half]! * signal[centre + k]!;
    out[m] = acc;
  }
  return { samples: out, sampleRate: sampleRate / factor };
}

// ───────────────────────────── tempo ─────────────────────────────

function detectTempo(envelope: Float64Array, seconds: number, sampleRate: number): { bpm: number; confidence: number } {
  const framesPerSecond = sampleRate / ONSET_HOP;
  const acf = autocorrelation(envelope);
  const span = Math.min(acf.length - 2, Math.round(LAG_SPAN_SECONDS * framesPerSecond));
  if (span <= 0) return { bpm: 0, confidence: 0 };
  const periodOf = (bpm: number) => (60 * framesPerSecond) / bpm;
  const score = (bpm: number) => beatPeriodicity(acf, span, periodOf(bpm)) * tempoPrior(bpm);

  let best = { bpm: BPM_RANGE.min, score: -Infinity };
  for (let bpm = BPM_RANGE.min; bpm <= BPM_RANGE.max + 1e-9; bpm += BPM_STEP) {
    const s = score(bpm);
    if (s > best.score) best = { bpm, score: s };
  }
  const bpm = snapToWholeBars(refinePeak(score, best.bpm), seconds);
  // A loop repeats at its beat far above how alike its envelope is at any lag (its baseline);
  // noise and held notes (vibrato, chorus, crackle) have a high baseline and little above it.
  const baseline = median(acf.subarray(Math.floor(periodOf(BPM_RANGE.max)), span + 1));
  const periodicity = beatPeriodicity(acf, span, periodOf(bpm)) - baseline;
  const confidence = clamp01((periodicity - 0.1) / 0.3) * clamp01((0.25 - baseline) / 0.15);
  return { bpm, confidence };
}

/** Autocorrelation by FFT, normalised per lag by its overlap and by lag 0 (so r(0) = 1). */
function autocorrelation(envelope: Float64Array): Float64Array {
  const n = envelope.length;
  let size = 1;
  while (size < 2 * n) size <<= 1;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re.set(envelope);
  fft(re, im);
  for (let k = 0; k < size; k++) {
    re[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    im[k] = 0;
  }
  // The inverse FFT of a real, even spectrum is the forward FFT divided by its size.
  fft(re, im);
  const r0 = re[0]! / n;
  if (!(r0 > 0)) return new Float64Array(0);
  const maxLag = Math.floor(n / 2);
  const acf = new Float64Array(maxLag);
  for (let lag = 0; lag < maxLag; lag++) acf[lag] = re[lag]! / (n - lag) / r0;
  return acf;
}

/** Autocorrelation at a fractional lag, allowing a frame either way (a beat a few ms off still counts). */
function acfAt(acf: Float64Array, lag: number): number {
  const i = Math.floor(lag);
  const t = lag - i;
  const value = (j: number) => Math.max(acf[j - 1] ?? 0, acf[j] ?? 0, acf[j + 1] ?? 0);
  return value(i) * (1 - t) + value(i + 1) * t;
}

/**
 * Mean autocorrelation at whole multiples of the beat period within `span` frames: how much the
 * envelope repeats every beat. Over the same span for every tempo, so slow tempi are not favoured
 * for having their few multiples land on bar lines.
 */
function beatPeriodicity(acf: Float64Array, span: number, periodFrames: number): number {
  const beats = Math.floor(span / periodFrames);
  if (beats < 1) return 0;
  let sum = 0;
  for (let k = 1; k <= beats; k++) sum += acfAt(acf, k * periodFrames);
  return sum / beats;
}

/**
 * Log-normal weight centred on 120 BPM, σ 0.9 octave: a tempo and its half or double often repeat
 * about as well, and this settles them toward 70–180 (the centre and width that did best on the
 * test set of decision 0027; librosa's default prior is the same shape).
 */
function tempoPrior(bpm: number): number {
  return Math.exp(-0.5 * (Math.log2(bpm / 120) / 0.9) ** 2);
}

/** Parabolic interpolation of the score around the best step. */
function refinePeak(score: (bpm: number) => number, bpm: number): number {
  const [a, b, c] = [score(bpm - BPM_STEP), score(bpm), score(bpm + BPM_STEP)];
  const denominator = a - 2 * b + c;
  const offset = denominator < 0 ? (0.5 * (a - c)) / denominator : 0;
  return bpm + Math.max(-1, Math.min(1, offset)) * BPM_STEP;
}

/**
 * Loops are cut to whole bars: when the sound lasts 1, 2, 4, 8 or 16 bars of 4/4 at a tempo
 * within 2 % of the one heard, that tempo is the exact one. Otherwise the heard tempo, to 0.1.
 */
function snapToWholeBars(bpm: number, seconds: number): number {
  let best = Math.round(bpm * 10) / 10;
  let bestDistance = 0.02;
  for (const bars of [1, 2, 4, 8, 16]) {
    const exact = (bars * 4 * 60) / seconds;
    const distance = Math.abs(exact - bpm) / bpm;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = Math.round(exact * 100) / 100;
    }
  }
  return best;
}

// ───────────────────────────── key ─────────────────────────────

/** Krumhansl–Kessler probe-tone ratings, tonic first (Krumhansl 1990). */
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
const CHROMA_HZ = { min: 65, max: 2100 }; // C2 … C7: bass to the top of most chords and leads

function detectKey(samples: Float32Array, sampleRate: number): { key: MusicalKey; confidence: number } {
  const ranked = rankKeys(pitchClassesOf(samples, sampleRate));
  let [first, second] = ranked as [RankedKey, RankedKey];
  // A minor key and its relative major share their notes, so the profiles barely part them. Loops
  // and songs mostly open on the tonic chord: the opening quarter's root and fifth decide.
  if (second.key === relativeKey(first.key)) {
    const opening = pitchClassesOf(samples.subarray(0, Math.floor(samples.length / 4)), sampleRate);
    const weight = (key: MusicalKey) => {
      const tonic = pitchClassOfKeyNote(key.slice(0, key.lastIndexOf(' ')) as KeyNote);
      return opening[tonic]! + opening[(tonic + 7) % 12]!;
    };
    if (weight(second.key) > weight(first.key)) [first, second] = [second, first];
  }
  // A clear key correlates well, and beats every key outside its relative pair; a drum, noise or
  // single-note chroma fits many keys about equally.
  const rival = ranked.find((c) => c.key !== first.key && c.key !== second.key)!;
  const margin = Math.max(first.r, second.r) - rival.r;
  return { key: first.key, confidence: clamp01((first.r - 0.55) / 0.3) * clamp01(margin / 0.08) };
}

/** Chroma of the magnitude spectrum (not power, so the loudest note, often the bass, does not outvote the chord). */
function pitchClassesOf(samples: Float32Array, sampleRate: number): number[] {
  const spectrum = powerSpectrum(samples, sampleRate, 8192, 64);
  for (let k = 0; k < spectrum.power.length; k++) spectrum.power[k] = Math.sqrt(spectrum.power[k]!);
  return chroma(spectrum, CHROMA_HZ.min, CHROMA_HZ.max);
}

interface RankedKey {
  key: MusicalKey;
  r: number;
}

/** All 24 keys by the correlation of their profile with the chroma, best first. */
function rankKeys(pitchClasses: readonly number[]): RankedKey[] {
  const ranked: RankedKey[] = [];
  for (let root = 0; root < 12; root++) {
    ranked.push({ key: musicalKeyOf(root, 'major'), r: correlation(pitchClasses, MAJOR_PROFILE, root) });
    ranked.push({ key: musicalKeyOf(root, 'minor'), r: correlation(pitchClasses, MINOR_PROFILE, root) });
  }
  return ranked.sort((a, b) => b.r - a.r);
}

/** Pearson correlation of the chroma with the profile transposed to `root`. */
function correlation(pitchClasses: readonly number[], profile: readonly number[], root: number): number {
  const meanX = pitchClasses.reduce((a, b) => a + b, 0) / 12;
  const meanY = profile.reduce((a, b) => a + b, 0) / 12;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let pc = 0; pc < 12; pc++) {
    const x = pitchClasses[pc]! - meanX;
    const y = profile[(pc - root + 12) % 12]! - meanY;
    xy += x * y;
    xx += x * x;
    yy += y * y;
  }
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
}

// ───────────────────────────── helpers ─────────────────────────────

/** Its last eighth is at least 12 dB below its loudest eighth: a hit ringing out or a note released, not a sound held to the end. */
function diesAway(samples: Float32Array): boolean {
  const eighth = Math.floor(samples.length / 8);
  const energies = Array.from({ length: 8 }, (_, part) => {
    let sum = 0;
    for (let i = part * eighth; i < (part + 1) * eighth; i++) sum += samples[i]! * samples[i]!;
    return sum;
  });
  return energies[7]! * DIES_AWAY_POWER_RATIO <= Math.max(...energies);
}

function peak(samples: Float32Array): number {
  let highest = 0;
  for (let i = 0; i < samples.length; i++) highest = Math.max(highest, Math.abs(samples[i]!));
  return highest;
}

function median(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const sorted = Array.from(values).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
const round2 = (x: number) => Math.round(x * 100) / 100;
