/**
 * Spectral analysis on decoded PCM: an in-place radix-2 FFT, Welch-averaged power spectra, and
 * band-energy / pitch-class helpers. Shared by the audio-features vector and by the synth's tests
 * that check the sound is really what it claims (an A-minor pad sounds A, C and E).
 */

/** In-place iterative radix-2 FFT. `re` and `im` have the same power-of-two length. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  if (n !== im.length || (n & (n - 1)) !== 0) throw new Error('fft: length must be a power of two');
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = (-2 * Math.PI) / size;
    const wr = Math.cos(step);
    const wi = Math.sin(step);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < half; k++) {
        const a = start + k;
        const b = a + half;
        const xr = re[b]! * cr - im[b]! * ci;
        const xi = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a]! += xr;
        im[a]! += xi;
        const nr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = nr;
      }
    }
  }
}

export interface PowerSpectrum {
  /** Power per bin, bins 0..size/2 (DC to Nyquist). */
  power: Float64Array;
  sampleRate: number;
  fftSize: number;
  /** Frequency of bin k is k · binHz. */
  binHz: number;
}

/**
 * Welch's method: the mean power spectrum of Hann-windowed frames (50 % overlap). `maxFrames`
 * spreads the frames evenly over the signal to bound the cost on long files.
 */
export function powerSpectrum(signal: Float32Array, sampleRate: number, fftSize = 4096, maxFrames = 256): PowerSpectrum {
  const hop = fftSize >> 1;
  const power = new Float64Array(hop + 1);
  const window = hannWindow(fftSize);
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  const possible = signal.length <= fftSize ? 1 : Math.floor((signal.length - fftSize) / hop) + 1;
  const frames = Math.min(possible, maxFrames);
  const stride = frames > 1 ? (signal.length - fftSize) / (frames - 1) : 0;
  for (let f = 0; f < frames; f++) {
    const start = Math.max(0, Math.round(f * stride));
    for (let i = 0; i < fftSize; i++) {
      re[i] = (signal[start + i] ?? 0) * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k <= hop; k++) power[k]! += re[k]! * re[k]! + im[k]! * im[k]!;
  }
  for (let k = 0; k <= hop; k++) power[k]! /= frames;
  return { power, sampleRate, fftSize, binHz: sampleRate / fftSize };
}

const hannCache = new Map<number, Float64Array>();
export function hannWindow(size: number): Float64Array {
  let w = hannCache.get(size);
  if (!w) {
    w = new Float64Array(size);
    for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    hannCache.set(size, w);
  }
  return w;
}

/** Share of the total power between `lowHz` (inclusive) and `highHz` (exclusive). */
export function bandEnergyRatio(spectrum: PowerSpectrum, lowHz: number, highHz: number): number {
  let band = 0;
  let total = 0;
  for (let k = 1; k < spectrum.power.length; k++) {
    const hz = k * spectrum.binHz;
    const p = spectrum.power[k]!;
    total += p;
    if (hz >= lowHz && hz < highHz) band += p;
  }
  return total > 0 ? band / total : 0;
}

/**
 * 12-bin chroma (C = 0 … B = 11): the spectrum's power folded onto pitch classes, counting bins
 * between `minHz` and `maxHz`, normalised to sum to 1. Bins are assigned to the nearest semitone.
 */
export function chroma(spectrum: PowerSpectrum, minHz = 55, maxHz = 4200): number[] {
  const bins = new Array<number>(12).fill(0);
  for (let k = 1; k < spectrum.power.length; k++) {
    const hz = k * spectrum.binHz;
    if (hz < minHz || hz > maxHz) continue;
    const midi = 69 + 12 * Math.log2(hz / 440);
    const pc = ((Math.round(midi) % 12) + 12) % 12;
    bins[pc]! += spectrum.power[k]!;
  }
  const sum = bins.reduce((a, b) => a + b, 0);
  return sum > 0 ? bins.map((b) => b / sum) : bins;
}

/** Frequency of the strongest bin between lowHz and highHz, refined by parabolic interpolation. */
export function peakFrequency(spectrum: PowerSpectrum, lowHz: number, highHz: number): number {
  const first = Math.max(1, Math.ceil(lowHz / spectrum.binHz));
  const last = Math.min(spectrum.power.length - 2, Math.floor(highHz / spectrum.binHz));
  let best = first;
  for (let k = first; k <= last; k++) if (spectrum.power[k]! > spectrum.power[best]!) best = k;
  const a = Math.log(spectrum.power[best - 1]! + 1e-30);
  const b = Math.log(spectrum.power[best]! + 1e-30);
  const c = Math.log(spectrum.power[best + 1]! + 1e-30);
  const denominator = a - 2 * b + c;
  const offset = denominator !== 0 ? (0.5 * (a - c)) / denominator : 0;
  return (best + offset) * spectrum.binHz;
}

/** Mono mixdown of any number of channels. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const n = channels[0]!.length;
  const mono = new Float32Array(n);
  const g = 1 / channels.length;
  for (const channel of channels) for (let i = 0; i < n; i++) mono[i]! += channel[i]! * g;
  return mono;
}
