/**
 * A compact description of how a sound sounds, for "similar sounds": timbre (spectral centroid,
 * rolloff, flatness, zero-crossing rate), level (RMS, peak, BS.1770 loudness), envelope (attack
 * time), tonality (12-bin chroma) and balance (low / mid / high energy). Computed from decoded
 * mono PCM. `audioFeatureVector` turns it into a fixed-layout vector of values in [0, 1] that is
 * stored with the item (items.audio_features) and compared by Euclidean or cosine distance.
 */
import { chroma, fft, hannWindow, powerSpectrum } from '@crate/audio/spectrum';

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
/** Frames are spread evenly over the file; 200 describe a sample's timbre as well as all of them. */
const MAX_FRAMES = 200;
const SILENT_RMS = 1e-3; // −60 dBFS

export function computeAudioFeatures(samples: Float32Array, sampleRate: number): AudioFeatures {
  const n = samples.length;
  let sumSquares = 0;
  let peak = 0;
  let crossings = 0;
  let previousSign = 0;
  for (let i = 0; i < n; i++) {
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
  const rms = n > 0 ? Math.sqrt(sumSquares / n) : 0;

  const spectral = spectralStatistics(samples, sampleRate);
  const pitch = n >= 1024 ? chroma(powerSpectrum(samples, sampleRate, 8192, 32), 65, 4200) : new Array<number>(12).fill(0);

  return {
    ...spectral,
    zeroCrossingRate: n > 1 ? crossings / (n - 1) : 0,
    rmsDb: toDb(rms),
    peakDb: toDb(peak),
    loudnessLufs: integratedLoudness(samples, sampleRate),
    attackMs: attackTimeMs(samples, sampleRate),
    chroma: pitch,
  };
}

function toDb(amplitude: number): number {
  return amplitude > 1e-10 ? 20 * Math.log10(amplitude) : -200;
}

/** Per-frame centroid, rolloff, flatness and band energies, weighted by frame energy. */
function spectralStatistics(samples: Float32Array, sampleRate: number) {
  const hop = FRAME >> 1;
  const window = hannWindow(FRAME);
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  const bins = FRAME >> 1;
  const binHz = sampleRate / FRAME;
  const possible = samples.length <= FRAME ? 1 : Math.floor((samples.length - FRAME) / hop) + 1;
  const frames = Math.min(possible, MAX_FRAMES);
  const stride = frames > 1 ? (samples.length - FRAME) / (frames - 1) : 0;
  let weight = 0;
  let centroid = 0;
  let rolloff = 0;
  let flatness = 0;
  let low = 0;
  let mid = 0;
  let high = 0;
  for (let f = 0; f < frames; f++) {
    const start = Math.max(0, Math.round(f * stride));
    let frameSquares = 0;
    for (let i = 0; i < FRAME; i++) {
      const x = samples[start + i] ?? 0;
      frameSquares += x * x;
      re[i] = x * window[i]!;
      im[i] = 0;
    }
    if (Math.sqrt(frameSquares / FRAME) < SILENT_RMS) continue;
    fft(re, im);
    let total = 0;
    let weighted = 0;
    let logSum = 0;
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
    if (total <= 0) continue;
    let cumulative = 0;
    let rolloffBin = bins;
    for (let k = 1; k <= bins; k++) {
      cumulative += re[k]!;
      if (cumulative >= 0.85 * total) {
        rolloffBin = k;
        break;
      }
    }
    const w = total;
    weight += w;
    centroid += (weighted / total) * w;
    rolloff += rolloffBin * binHz * w;
    flatness += (Math.exp(logSum / bins) / (total / bins)) * w;
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

/** 10 %→90 % rise time of the 1 ms peak envelope, around its maximum. */
function attackTimeMs(samples: Float32Array, sampleRate: number): number {
  const hop = Math.max(1, Math.round(sampleRate / 1000));
  const frames = Math.ceil(samples.length / hop);
  if (frames === 0) return 0;
  const env = new Float32Array(frames);
  let max = 0;
  let maxFrame = 0;
  for (let f = 0; f < frames; f++) {
    let m = 0;
    const end = Math.min(samples.length, (f + 1) * hop);
    for (let i = f * hop; i < end; i++) m = Math.max(m, Math.abs(samples[i]!));
    env[f] = m;
    if (m > max) {
      max = m;
      maxFrame = f;
    }
  }
  if (max <= 0) return 0;
  let start = 0;
  while (start < maxFrame && env[start]! < 0.1 * max) start++;
  let end = start;
  while (end < maxFrame && env[end]! < 0.9 * max) end++;
  return ((end - start) * hop * 1000) / sampleRate;
}

/**
 * ITU-R BS.1770-4 integrated loudness of a mono signal: K-weighting (coefficients for any sample
 * rate, as libebur128 derives them), 400 ms blocks every 100 ms, −70 LUFS absolute gate and
 * −10 LU relative gate. Shorter than a block: the ungated level of the whole signal.
 */
export function integratedLoudness(samples: Float32Array, sampleRate: number): number {
  const weighted = kWeight(samples, sampleRate);
  const block = Math.round(0.4 * sampleRate);
  const step = Math.round(0.1 * sampleRate);
  const toLufs = (meanSquare: number) => (meanSquare > 0 ? -0.691 + 10 * Math.log10(meanSquare) : -200);
  if (weighted.length < block) {
    let s = 0;
    for (const x of weighted) s += x * x;
    return weighted.length > 0 ? toLufs(s / weighted.length) : -200;
  }
  // Running sum of squares makes each block O(1).
  const prefix = new Float64Array(weighted.length + 1);
  for (let i = 0; i < weighted.length; i++) prefix[i + 1] = prefix[i]! + weighted[i]! * weighted[i]!;
  const blocks: number[] = [];
  for (let start = 0; start + block <= weighted.length; start += step) {
    blocks.push((prefix[start + block]! - prefix[start]!) / block);
  }
  const absolute = blocks.filter((z) => toLufs(z) > -70);
  if (absolute.length === 0) return -200;
  const relativeGate = toLufs(absolute.reduce((a, b) => a + b, 0) / absolute.length) - 10;
  const gated = absolute.filter((z) => toLufs(z) > relativeGate);
  return toLufs(gated.reduce((a, b) => a + b, 0) / gated.length);
}

function kWeight(samples: Float32Array, sampleRate: number): Float64Array {
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
  const out = new Float64Array(samples.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  let z1 = 0;
  let z2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    const y = shelf.b0 * x + shelf.b1 * x1 + shelf.b2 * x2 - shelf.a1 * y1 - shelf.a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  // Second stage as its own pass over the shelf's output.
  x1 = 0;
  x2 = 0;
  for (let i = 0; i < out.length; i++) {
    const x = out[i]!;
    const z = highPass.b0 * x + highPass.b1 * x1 + highPass.b2 * x2 - highPass.a1 * z1 - highPass.a2 * z2;
    x2 = x1;
    x1 = x;
    z2 = z1;
    z1 = z;
    out[i] = z;
  }
  return out;
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
