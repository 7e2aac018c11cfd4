/**
 * A compact description of how a sound sounds, for "similar sounds": timbre (spectral centroid,
 * rolloff, flatness, zero-crossing rate), level (RMS, peak, BS.1770 loudness), envelope (attack
 * time), tonality (12-bin chroma) and balance (low / mid / high energy). Computed from decoded
 * mono PCM. `audioFeatureVector` turns it into a fixed-layout vector of values in [0, 1] that is
 * stored with the item (items.audio_features) and compared by Euclidean or cosine distance.
 */
import { chroma, fft, hannWindow } from '@crate/audio/spectrum';

export interface AudioFeatures {
  /** Energy-weighted mean spectral centroid, Hz: where the "brightness" sits. */
  spectralCentroidHz: number;
  /** Frequency below which 85 % of the spectral energy lies, Hz. */
  spectralRolloffHz: number;
  /** Geometric over arithmetic mean of the power spectrum: 0 tonal … 1 noise-like. */
  spectralFlatness: number;
  /** Sign changes per sample, 0..1. */
  zeroCrossingRate: number;
  rmsDb: number;
  peakDb: number;
  /** Integrated loudness of the mono mixdown (ITU-R BS.1770 K-weighting and gating), LUFS. */
  loudnessLufs: number;
  /** Time from 10 % to 90 % of the envelope's maximum, ms: a kick is fast, a pad is slow. */
  attackMs: number;
  /** Shares of spectral energy below 250 Hz, 250 Hz–4 kHz and above 4 kHz (sum to 1). */
  lowEnergy: number;
  midEnergy: number;
  highEnergy: number;
  /** Pitch-class energy, C … B, summing to 1 (all zero for silence). */
  chroma: number[];
}

export const AUDIO_FEATURE_VECTOR_LAYOUT = [
  'spectralCentroid',
  'spectralRolloff',
  'spectralFlatness',
  'zeroCrossingRate',
  'rms',
  'loudness',
  'attack',
  'lowEnergy',
  'midEnergy',
  'highEnergy',
  'chromaC',
  'chromaCSharp',
  'chromaD',
  'chromaDSharp',
  'chromaE',
  'chromaF',
  'chromaFSharp',
  'chromaG',
  'chromaGSharp',
  'chromaA',
  'chromaASharp',
  'chromaB',
] as const;

const FRAME = 2048;
/** Frames are spread evenly over the file; 200 to 400 describe a sample's timbre as well as all of them. */
const MAX_FRAMES = 200;
const SILENT_RMS = 1e-3; // −60 dBFS
/** The chroma's spectrum: 8192-sample frames, 32 to 64 of them. */
const CHROMA_FRAME = 8192;
const CHROMA_FRAMES = 32;

/**
 * Frames of `size` samples taken from a stream at multiples of a hop, at least `minFrames` and at most twice
 * that many, evenly spread however long the stream turns out to be: frames start one half-frame apart; when
 * there are more than 2 × `minFrames`, every other one is dropped and the hop doubles. Holds one frame of
 * samples and the kept frames' results, never the stream.
 */
class FrameSampler<R> {
  private hop: number;
  private next = 0;
  private seen = 0;
  private pending: Float32Array;
  private pendingStart = 0;
  private pendingLength = 0;
  private readonly frame: Float32Array;
  private kept: { at: number; result: R }[] = [];

  constructor(
    private readonly size: number,
    private readonly minFrames: number,
    private readonly analyse: (frame: Float32Array) => R,
  ) {
    this.hop = size >> 1;
    this.pending = new Float32Array(size);
    this.frame = new Float32Array(size);
  }

  push(chunk: Float32Array): void {
    const chunkStart = this.seen;
    this.seen += chunk.length;
    while (this.next + this.size <= this.seen) {
      for (let i = 0; i < this.size; i++) {
        const at = this.next + i;
        this.frame[i] = at < chunkStart ? this.pending[at - this.pendingStart]! : chunk[at - chunkStart]!;
      }
      this.keep(this.next, this.analyse(this.frame));
      this.next += this.hop;
    }
    // Keep what the next frame needs (fewer than `size` samples).
    const from = Math.max(this.next, this.seen - this.size);
    const kept = new Float32Array(this.size);
    let length = 0;
    for (let at = from; at < this.seen; at++) kept[length++] = at < chunkStart ? this.pending[at - this.pendingStart]! : chunk[at - chunkStart]!;
    this.pending = kept;
    this.pendingStart = from;
    this.pendingLength = length;
  }

  private keep(at: number, result: R): void {
    this.kept.push({ at, result });
    if (this.kept.length <= 2 * this.minFrames) return;
    this.hop *= 2;
    this.kept = this.kept.filter((frame) => frame.at % this.hop === 0);
    this.next = Math.ceil(this.next / this.hop) * this.hop;
  }

  /** The kept frames' results; a stream shorter than a frame gives one frame, zero-padded. */
  finish(): R[] {
    if (this.kept.length === 0) {
      this.frame.fill(0);
      if (this.pendingStart === 0) this.frame.set(this.pending.subarray(0, this.pendingLength));
      return [this.analyse(this.frame)];
    }
    return this.kept.map((frame) => frame.result);
  }
}

interface SpectralFrame {
  weight: number;
  centroid: number;
  rolloff: number;
  flatness: number;
  low: number;
  mid: number;
  high: number;
}

/** Centroid, rolloff, flatness and band energies of one frame; null when it is silent. */
function spectralFrame(sampleRate: number): (frame: Float32Array) => SpectralFrame | null {
  const window = hannWindow(FRAME);
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  const bins = FRAME >> 1;
  const binHz = sampleRate / FRAME;
  return (frame) => {
    let frameSquares = 0;
    for (let i = 0; i < FRAME; i++) {
      const x = frame[i]!;
      frameSquares += x * x;
      re[i] = x * window[i]!;
      im[i] = 0;
    }
    if (Math.sqrt(frameSquares / FRAME) < SILENT_RMS) return null;
    fft(re, im);
    let total = 0;
    let weighted = 0;
    let logSum = 0;
    let low = 0;
    let mid = 0;
    let high = 0;
    for (let k = 1; k <= bins; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!;
      re[k] = p; // reuse as the power array for the rolloff pass
      total += p;
      weighted += p * k * binHz;
      logSum += Math.log(p + 1e-20);
      const hz = k * binHz;
      if (hz < 250) low += p;
      else if (hz < 4000) mid += p;
      else high += p;
    }
    if (total <= 0) return { weight: 0, centroid: 0, rolloff: 0, flatness: 0, low, mid, high };
    let cumulative = 0;
    let rolloffBin = bins;
    for (let k = 1; k <= bins; k++) {
      cumulative += re[k]!;
      if (cumulative >= 0.85 * total) {
        rolloffBin = k;
        break;
      }
    }
    return { weight: total, centroid: weighted / total, rolloff: rolloffBin * binHz, flatness: Math.exp(logSum / bins) / (total / bins), low, mid, high };
  };
}

/** The energy-weighted means of the frames. */
function spectralStatistics(frames: readonly (SpectralFrame | null)[]) {
  let weight = 0;
  let centroid = 0;
  let rolloff = 0;
  let flatness = 0;
  let low = 0;
  let mid = 0;
  let high = 0;
  for (const frame of frames) {
    if (!frame) continue;
    low += frame.low;
    mid += frame.mid;
    high += frame.high;
    if (frame.weight <= 0) continue;
    weight += frame.weight;
    centroid += frame.centroid * frame.weight;
    rolloff += frame.rolloff * frame.weight;
    flatness += frame.flatness * frame.weight;
  }
  const bands = low + mid + high;
  return {
    spectralCentroidHz: weight > 0 ? centroid / weight : 0,
    spectralRolloffHz: weight > 0 ? rolloff / weight : 0,
    spectralFlatness: weight > 0 ? Math.min(1, flatness / weight) : 0,
    lowEnergy: bands > 0 ? low / bands : 0,
    midEnergy: bands > 0 ? mid / bands : 0,
    highEnergy: bands > 0 ? high / bands : 0,
  };
}

/** The power spectrum of one Hann-windowed frame (as powerSpectrum sums them). */
function framePower(size: number): (frame: Float32Array) => Float64Array {
  const window = hannWindow(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const half = size >> 1;
  return (frame) => {
    for (let i = 0; i < size; i++) {
      re[i] = frame[i]! * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    const power = new Float64Array(half + 1);
    for (let k = 0; k <= half; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    return power;
  };
}

/** A Float32Array that grows by doubling. */
class GrowingFloats {
  private data = new Float32Array(1024);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
  at(i: number): number {
    return this.data[i]!;
  }
}

/** 10 %→90 % rise time of the 1 ms peak envelope, around its maximum; the envelope is kept (4 KB per second). */
class AttackMeter {
  private readonly hop: number;
  private readonly envelope = new GrowingFloats();
  private current = 0;
  private fill = 0;
  private max = 0;
  private maxFrame = 0;

  constructor(private readonly sampleRate: number) {
    this.hop = Math.max(1, Math.round(sampleRate / 1000));
  }

  push(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i++) {
      const a = Math.abs(samples[i]!);
      if (a > this.current) this.current = a;
      if (++this.fill === this.hop) this.close();
    }
  }

  private close(): void {
    if (this.current > this.max) {
      this.max = this.current;
      this.maxFrame = this.envelope.length;
    }
    this.envelope.push(this.current);
    this.current = 0;
    this.fill = 0;
  }

  finish(): number {
    if (this.fill > 0) this.close();
    if (this.envelope.length === 0 || this.max <= 0) return 0;
    let start = 0;
    while (start < this.maxFrame && this.envelope.at(start) < 0.1 * this.max) start++;
    let end = start;
    while (end < this.maxFrame && this.envelope.at(end) < 0.9 * this.max) end++;
    return ((end - start) * this.hop * 1000) / this.sampleRate;
  }
}

/**
 * The audio features of a sound whose samples stream past (docs/decisions/0031): every statistic is kept as a
 * running value, the spectral ones over frames sampled as they go by (FrameSampler), so memory does not grow
 * with the sound beyond its 1 ms envelope and its loudness blocks (about 4.4 KB per second together).
 */
export class AudioFeatureAccumulator {
  private n = 0;
  private sumSquares = 0;
  private peak = 0;
  private crossings = 0;
  private previousSign = 0;
  private readonly spectral: FrameSampler<SpectralFrame | null>;
  private readonly pitch: FrameSampler<Float64Array>;
  private readonly loudness: LoudnessMeter;
  private readonly attack: AttackMeter;

  constructor(private readonly sampleRate: number) {
    this.spectral = new FrameSampler(FRAME, MAX_FRAMES, spectralFrame(sampleRate));
    this.pitch = new FrameSampler(CHROMA_FRAME, CHROMA_FRAMES, framePower(CHROMA_FRAME));
    this.loudness = new LoudnessMeter(sampleRate);
    this.attack = new AttackMeter(sampleRate);
  }

  push(samples: Float32Array): void {
    let { sumSquares, peak, crossings, previousSign } = this;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      sumSquares += x * x;
      const a = Math.abs(x);
      if (a > peak) peak = a;
      const sign = x > 0 ? 1 : x < 0 ? -1 : 0;
      if (sign !== 0) {
        if (previousSign !== 0 && sign !== previousSign) crossings++;
        previousSign = sign;
      }
    }
    Object.assign(this, { sumSquares, peak, crossings, previousSign });
    this.n += samples.length;
    this.spectral.push(samples);
    this.pitch.push(samples);
    this.loudness.push(samples);
    this.attack.push(samples);
  }

  finish(): AudioFeatures {
    const { n } = this;
    const rms = n > 0 ? Math.sqrt(this.sumSquares / n) : 0;
    return {
      ...spectralStatistics(this.spectral.finish()),
      zeroCrossingRate: n > 1 ? this.crossings / (n - 1) : 0,
      rmsDb: toDb(rms),
      peakDb: toDb(this.peak),
      loudnessLufs: this.loudness.finish(),
      attackMs: this.attack.finish(),
      chroma: n >= 1024 ? this.chromaOf(this.pitch.finish()) : new Array<number>(12).fill(0),
    };
  }

  private chromaOf(frames: readonly Float64Array[]): number[] {
    const power = new Float64Array((CHROMA_FRAME >> 1) + 1);
    for (const frame of frames) for (let k = 0; k < power.length; k++) power[k]! += frame[k]!;
    for (let k = 0; k < power.length; k++) power[k]! /= frames.length;
    return chroma({ power, sampleRate: this.sampleRate, fftSize: CHROMA_FRAME, binHz: this.sampleRate / CHROMA_FRAME }, 65, 4200);
  }
}

/** The features of a whole array (the streaming accumulator fed at once). */
export function computeAudioFeatures(samples: Float32Array, sampleRate: number): AudioFeatures {
  const accumulator = new AudioFeatureAccumulator(sampleRate);
  accumulator.push(samples);
  return accumulator.finish();
}

function toDb(amplitude: number): number {
  return amplitude > 1e-10 ? 20 * Math.log10(amplitude) : -200;
}

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two K-weighting stages for a sample rate (coefficients as libebur128 derives them). */
function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: high shelf (+4 dB above ~1.7 kHz, the head's acoustic effect).
  let f0 = 1681.974450955533;
  const gain = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gain / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: the RLB high-pass (~38 Hz).
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

/**
 * ITU-R BS.1770-4 integrated loudness of a mono signal as it streams past: K-weighting, 400 ms blocks every
 * 100 ms, −70 LUFS absolute gate and −10 LU relative gate. Shorter than a block: the ungated level of the
 * whole signal. Keeps one number per 100 ms.
 */
class LoudnessMeter {
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  private readonly block: number;
  private readonly step: number;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  private z1 = 0;
  private z2 = 0;
  /** The running sum of squares of the weighted signal, and how many samples it holds. */
  private sum = 0;
  private count = 0;
  /** The sum where each block still open started. */
  private starts: number[] = [0];
  private readonly blocks: number[] = [];
  /** When the next block starts and the oldest open one ends, in samples. */
  private nextStart: number;
  private nextEnd: number;

  constructor(sampleRate: number) {
    [this.shelf, this.highPass] = kWeightingFilters(sampleRate);
    this.block = Math.round(0.4 * sampleRate);
    this.step = Math.round(0.1 * sampleRate);
    this.nextStart = this.step;
    this.nextEnd = this.block;
  }

  push(samples: Float32Array): void {
    const { shelf, highPass, block, step } = this;
    let { x1, x2, y1, y2, z1, z2, sum, count, nextStart, nextEnd } = this;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      const y = shelf.b0 * x + shelf.b1 * x1 + shelf.b2 * x2 - shelf.a1 * y1 - shelf.a2 * y2;
      x2 = x1;
      x1 = x;
      const z = highPass.b0 * y + highPass.b1 * y1 + highPass.b2 * y2 - highPass.a1 * z1 - highPass.a2 * z2;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
      count++;
      if (count === nextEnd) {
        this.blocks.push((sum - this.starts.shift()!) / block);
        nextEnd += step;
      }
      if (count === nextStart) {
        this.starts.push(sum);
        nextStart += step;
      }
    }
    Object.assign(this, { x1, x2, y1, y2, z1, z2, sum, count, nextStart, nextEnd });
  }

  finish(): number {
    const toLufs = (meanSquare: number) => (meanSquare > 0 ? -0.691 + 10 * Math.log10(meanSquare) : -200);
    if (this.count < this.block) return this.count > 0 ? toLufs(this.sum / this.count) : -200;
    const absolute = this.blocks.filter((z) => toLufs(z) > -70);
    if (absolute.length === 0) return -200;
    const relativeGate = toLufs(absolute.reduce((a, b) => a + b, 0) / absolute.length) - 10;
    const gated = absolute.filter((z) => toLufs(z) > relativeGate);
    return toLufs(gated.reduce((a, b) => a + b, 0) / gated.length);
  }
}

export function integratedLoudness(samples: Float32Array, sampleRate: number): number {
  const meter = new LoudnessMeter(sampleRate);
  meter.push(samples);
  return meter.finish();
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
const logFrequency = (hz: number) => clamp01(Math.log2(Math.max(hz, 20) / 20) / Math.log2(1000));

/** The stored vector: AUDIO_FEATURE_VECTOR_LAYOUT order, every value in [0, 1]. */
export function audioFeatureVector(features: AudioFeatures): number[] {
  const round = (x: number) => Math.round(x * 10000) / 10000;
  return [
    logFrequency(features.spectralCentroidHz),
    logFrequency(features.spectralRolloffHz),
    clamp01(features.spectralFlatness),
    clamp01(features.zeroCrossingRate * 2),
    clamp01((features.rmsDb + 60) / 60),
    clamp01((features.loudnessLufs + 60) / 60),
    clamp01(Math.log10(1 + features.attackMs) / 3),
    clamp01(features.lowEnergy),
    clamp01(features.midEnergy),
    clamp01(features.highEnergy),
    ...features.chroma.map(clamp01),
  ].map(round);
}
