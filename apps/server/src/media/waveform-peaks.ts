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

/** Blocks kept while streaming: 2 × 64 Ki floats (512 KB) whatever the length of the sound. */
const BLOCK_CAPACITY = 1 << 16;

/**
 * Waveform peaks computed while the samples stream past, in bounded memory (docs/decisions/0031): the min and
 * max of every block of `blockSize` samples are kept; when the blocks fill their capacity, neighbours merge and
 * the block size doubles. A sound of fewer than 64 Ki samples keeps one block per sample, so its peaks are exactly
 * what the whole array gives; a longer one's bucket edges fall on block edges (a bucket spans at least 40
 * blocks), which no one can see at 800 buckets.
 */
export class WaveformPeakAccumulator {
  private blockSize = 1;
  private readonly mins: Float32Array;
  private readonly maxs: Float32Array;
  private blocks = 0;
  private fill = 0;
  private low = Infinity;
  private high = -Infinity;
  private total = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly capacity = BLOCK_CAPACITY,
  ) {
    if (capacity < 2 || capacity % 2 !== 0) throw new Error('WaveformPeakAccumulator: capacity must be even');
    // One more than the capacity: the last, partial block is stored there at the end.
    this.mins = new Float32Array(capacity + 1);
    this.maxs = new Float32Array(capacity + 1);
  }

  get samples(): number {
    return this.total;
  }

  push(samples: Float32Array): void {
    let { low, high, fill, blockSize } = this;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      if (x < low) low = x;
      if (x > high) high = x;
      if (++fill === blockSize) {
        this.commit(low, high);
        blockSize = this.blockSize;
        low = Infinity;
        high = -Infinity;
        fill = 0;
      }
    }
    this.total += samples.length;
    this.low = low;
    this.high = high;
    this.fill = fill;
  }

  private commit(low: number, high: number): void {
    this.mins[this.blocks] = low;
    this.maxs[this.blocks] = high;
    if (++this.blocks < this.capacity) return;
    const half = this.capacity >> 1;
    for (let i = 0; i < half; i++) {
      this.mins[i] = Math.min(this.mins[2 * i]!, this.mins[2 * i + 1]!);
      this.maxs[i] = Math.max(this.maxs[2 * i]!, this.maxs[2 * i + 1]!);
    }
    this.blocks = half;
    this.blockSize *= 2;
  }

  finish(length = DEFAULT_PEAK_COUNT, decimals = 3): WaveformPeaks {
    const scale = 10 ** decimals;
    // `+ 0` turns −0 into 0 so the JSON round-trips exactly.
    const round = (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * scale) / scale + 0;
    let blocks = this.blocks;
    if (this.fill > 0) {
      this.mins[blocks] = this.low;
      this.maxs[blocks] = this.high;
      blocks++;
    }
    const size = this.blockSize;
    const data = new Array<number>(length * 2);
    const n = this.total;
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
        const last = Math.min(blocks, Math.ceil(Math.min(end, n) / size));
        for (let k = Math.floor(start / size); k < last; k++) {
          if (this.mins[k]! < min) min = this.mins[k]!;
          if (this.maxs[k]! > max) max = this.maxs[k]!;
        }
      }
      data[2 * b] = round(min);
      data[2 * b + 1] = round(max);
    }
    return {
      version: 1,
      length,
      channels: 1,
      sampleRate: this.sampleRate,
      samplesPerPeak: perPeak,
      durationMs: Math.round((n / this.sampleRate) * 1000),
      data,
    };
  }
}

/** The peaks of a whole array (the streaming accumulator fed at once). */
export function computeWaveformPeaks(samples: Float32Array, sampleRate: number, length = DEFAULT_PEAK_COUNT, decimals = 3): WaveformPeaks {
  const accumulator = new WaveformPeakAccumulator(sampleRate);
  accumulator.push(samples);
  return accumulator.finish(length, decimals);
}
