/**
 * Peaks and features are computed as the samples stream past (docs/decisions/0031): fed in chunks of any size
 * they are exactly what the whole array gives, short sounds keep exact per-sample peaks, and a long sound's
 * peaks stay the envelope while the accumulator's memory does not grow with it.
 */
import { describe, expect, it } from 'vitest';
import { AudioFeatureAccumulator, computeAudioFeatures } from './audio-features.ts';
import { computeWaveformPeaks, WaveformPeakAccumulator } from './waveform-peaks.ts';

const RATE = 44100;

/** A decaying tone over noise, reproducible. */
function signal(length: number, seed = 1): Float32Array {
  let state = seed;
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const noise = state / 2147483648 - 0.5;
    out[i] = 0.6 * Math.exp(-(i % 20000) / 8000) * Math.sin((2 * Math.PI * 220 * i) / RATE) + 0.1 * noise;
  }
  return out;
}

/** The peaks as they were computed from the whole array before streaming: the reference. */
function naivePeaks(samples: Float32Array, length: number): number[] {
  const out: number[] = [];
  const per = samples.length / length;
  for (let b = 0; b < length; b++) {
    let start = Math.floor(b * per);
    let end = Math.floor((b + 1) * per);
    if (end <= start) end = start + 1;
    if (start >= samples.length) start = end = samples.length;
    let min = start < samples.length ? Infinity : 0;
    let max = start < samples.length ? -Infinity : 0;
    for (let i = start; i < Math.min(end, samples.length); i++) {
      min = Math.min(min, samples[i]!);
      max = Math.max(max, samples[i]!);
    }
    out.push(Math.round(min * 1000) / 1000 + 0, Math.round(max * 1000) / 1000 + 0);
  }
  return out;
}

function feedInChunks<T extends { push(samples: Float32Array): void }>(target: T, samples: Float32Array, sizes: number[]): T {
  let at = 0;
  for (let i = 0; at < samples.length; i++) {
    const size = sizes[i % sizes.length]!;
    target.push(samples.subarray(at, at + size));
    at += size;
  }
  return target;
}

describe('streaming analysis', () => {
  it('gives the same features and peaks whatever the chunks the samples arrive in', { timeout: 30_000 }, () => {
    const samples = signal(RATE * 12);
    const whole = computeAudioFeatures(samples, RATE);
    const chunked = feedInChunks(new AudioFeatureAccumulator(RATE), samples, [1, 4095, 16384, 777, 65536]).finish();
    expect(chunked).toEqual(whole);
    const peaks = feedInChunks(new WaveformPeakAccumulator(RATE), samples, [3, 16384, 1000]).finish(800);
    expect(peaks).toEqual(computeWaveformPeaks(samples, RATE, 800));
  });

  it('keeps exact per-sample peaks for a sound shorter than 64 Ki samples', () => {
    for (const length of [1, 3, 799, 800, 801, 44100, 65535]) {
      const samples = signal(length, length);
      expect(computeWaveformPeaks(samples, RATE, 800).data, `${length} samples`).toEqual(naivePeaks(samples, 800));
    }
  });

  it("keeps a long sound's envelope in fixed memory: each bucket's extremes are its own, or its edge block's", () => {
    const samples = signal(RATE * 60);
    const streamed = computeWaveformPeaks(samples, RATE, 800).data;
    const exact = naivePeaks(samples, 800);
    // 2.6 M samples: blocks of 64 samples once halved below 64 Ki blocks.
    const block = 64;
    const per = samples.length / 800;
    const extremes = (from: number, to: number) => {
      const part = samples.subarray(Math.max(0, from), Math.min(samples.length, to));
      return [Math.round(Math.min(...part) * 1000) / 1000, Math.round(Math.max(...part) * 1000) / 1000];
    };
    for (let b = 0; b < 800; b++) {
      const [low, high] = extremes(Math.floor(b * per) - block, Math.floor((b + 1) * per) + block);
      expect(streamed[2 * b]!).toBeLessThanOrEqual(exact[2 * b]!);
      expect(streamed[2 * b + 1]!).toBeGreaterThanOrEqual(exact[2 * b + 1]!);
      expect(streamed[2 * b]!).toBeGreaterThanOrEqual(low!);
      expect(streamed[2 * b + 1]!).toBeLessThanOrEqual(high!);
    }
  }, 30_000);

  it('describes a long sound like its first minutes when it goes on the same way', () => {
    const short = computeAudioFeatures(signal(RATE * 20), RATE);
    const long = computeAudioFeatures(signal(RATE * 120), RATE);
    expect(long.spectralCentroidHz).toBeCloseTo(short.spectralCentroidHz, -1);
    expect(long.loudnessLufs).toBeCloseTo(short.loudnessLufs, 0);
    expect(long.rmsDb).toBeCloseTo(short.rmsDb, 1);
    expect(long.chroma.indexOf(Math.max(...long.chroma))).toBe(short.chroma.indexOf(Math.max(...short.chroma)));
  }, 60_000);
});
