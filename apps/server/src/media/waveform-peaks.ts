/**
 * Precomputed waveform peaks, so the player draws a waveform before (and without) downloading
 * the audio. The format is what wavesurfer.js takes as `peaks`: values in [-1, 1], here as
 * interleaved min/max pairs of one mono channel — wavesurfer draws each pixel from the extremes
 * of the values under it, so a pair per bucket keeps the true envelope at any width:
 *
 *   WaveSurfer.create({ container, url, peaks: [peaks.data], duration: peaks.durationMs / 1000 })
 *
 * Values are sample amplitudes (not stretched to full scale), so quiet sounds look quiet; pass
 * `normalize: true` to wavesurfer to fill the height instead.
 */

export interface WaveformPeaks {
  /** Format version of this JSON. */
  version: 1;
  /** Number of min/max pairs (buckets). */
  length: number;
  /** Always 1: the peaks of the mono mixdown. */
  channels: 1;
  /** Sample rate of the PCM the peaks were computed from. */
  sampleRate: number;
  /** Samples covered by one bucket (may be fractional). */
  samplesPerPeak: number;
  durationMs: number;
  /** [min0, max0, min1, max1, …], 2 × length numbers in [-1, 1]. */
  data: number[];
}

export const DEFAULT_PEAK_COUNT = 800;

export function computeWaveformPeaks(
  samples: Float32Array,
  sampleRate: number,
  length = DEFAULT_PEAK_COUNT,
  decimals = 3,
): WaveformPeaks {
  const scale = 10 ** decimals;
  // `+ 0` turns −0 into 0 so the JSON round-trips exactly.
  const round = (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * scale) / scale + 0;
  const data = new Array<number>(length * 2);
  const n = samples.length;
  const perPeak = n / length;
  for (let b = 0; b < length; b++) {
    let start = Math.floor(b * perPeak);
    let end = Math.floor((b + 1) * perPeak);
    // Shorter than `length` samples: a bucket borrows its nearest sample.
    if (end <= start) end = start + 1;
    if (start >= n) start = end = n;
    let min = 0;
    let max = 0;
    if (start < n) {
      min = Infinity;
      max = -Infinity;
      for (let i = start; i < Math.min(end, n); i++) {
        const x = samples[i]!;
        if (x < min) min = x;
        if (x > max) max = x;
      }
    }
    data[2 * b] = round(min);
    data[2 * b + 1] = round(max);
  }
  return {
    version: 1,
    length,
    channels: 1,
    sampleRate,
    samplesPerPeak: perPeak,
    durationMs: Math.round((n / sampleRate) * 1000),
    data,
  };
}
