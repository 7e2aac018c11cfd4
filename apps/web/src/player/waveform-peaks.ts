/**
 * Waveform peaks as the media module stores them, turned into what wavesurfer.js draws.
 *
 * wavesurfer draws bars from two channels: the first above the centre line, the second below, each
 * by magnitude. So min/max pairs become [max, |min|] and a waveform keeps its real asymmetry.
 *
 * Accepted shapes (the media module's format is the first; the others keep the player working with
 * peaks exported by common tools):
 *  - audiowaveform JSON `{ channels?, bits?, data: [min, max, …] }` — per frame one min/max pair per
 *    channel; integers scaled by 2^(bits-1) when `bits` is given, else floats in [-1, 1];
 *  - `{ min: number[], max: number[] }`;
 *  - `{ peaks: … }` or a bare array: `number[][]` is one array per channel (wavesurfer's
 *    exportPeaks), `number[]` is either interleaved min/max pairs or a magnitude envelope.
 */

export type WaveformChannels = [Float32Array, Float32Array];

/** More buckets than any player width can show only cost drawing time. */
export const MAX_WAVEFORM_BUCKETS = 1600;

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumberArray = (value: Json): value is number[] => Array.isArray(value) && value.every((v) => typeof v === 'number');

export function parseWaveformPeaks(json: Json): WaveformChannels | null {
  if (isRecord(json)) {
    if (isNumberArray(json.data)) {
      const channels = typeof json.channels === 'number' && json.channels >= 1 ? Math.floor(json.channels) : 1;
      const bits = typeof json.bits === 'number' && json.bits > 1 ? json.bits : null;
      return fromInterleavedPairs(json.data, channels, bits === null ? null : 2 ** (bits - 1));
    }
    if (isNumberArray(json.min) && isNumberArray(json.max) && json.min.length === json.max.length) {
      return finish(Float32Array.from(json.max), Float32Array.from(json.min, Math.abs), null);
    }
    if ('peaks' in json) return parseWaveformPeaks(json.peaks);
    return null;
  }
  if (isNumberArray(json)) {
    return looksLikeMinMaxPairs(json) ? fromInterleavedPairs(json, 1, null) : fromMagnitudes([json]);
  }
  if (Array.isArray(json) && json.length > 0 && json.every(isNumberArray)) {
    return fromMagnitudes(json as number[][]);
  }
  return null;
}

/**
 * Interleaved pairs where every first value ≤ its second and some first value is below zero. Real
 * audio always dips below zero somewhere; a magnitude envelope never does.
 */
export function looksLikeMinMaxPairs(values: readonly number[]): boolean {
  if (values.length < 2 || values.length % 2 !== 0) return false;
  let anyNegative = false;
  for (let i = 0; i < values.length; i += 2) {
    const min = values[i]!;
    const max = values[i + 1]!;
    if (!(min <= max)) return false;
    if (min < 0) anyNegative = true;
  }
  return anyNegative;
}

function fromInterleavedPairs(data: readonly number[], channels: number, scale: number | null): WaveformChannels | null {
  const frameSize = channels * 2;
  const frames = Math.floor(data.length / frameSize);
  if (frames === 0) return null;
  const top = new Float32Array(frames);
  const bottom = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let max = 0;
    let min = 0;
    for (let channel = 0; channel < channels; channel++) {
      const offset = frame * frameSize + channel * 2;
      min = Math.min(min, data[offset]!);
      max = Math.max(max, data[offset + 1]!);
    }
    top[frame] = max;
    bottom[frame] = -min;
  }
  return finish(top, bottom, scale);
}

function fromMagnitudes(channelData: readonly (readonly number[])[]): WaveformChannels | null {
  const first = channelData[0];
  if (!first || first.length === 0) return null;
  const second = channelData[1] && channelData[1].length === first.length ? channelData[1] : first;
  return finish(Float32Array.from(first, Math.abs), Float32Array.from(second, Math.abs), null);
}

/** Scale into [0, 1] (by `scale`, or by the loudest value when it exceeds 1), zero anything invalid, then cap the bucket count. */
function finish(top: Float32Array, bottom: Float32Array, scale: number | null): WaveformChannels | null {
  if (top.length === 0) return null;
  let divisor = scale ?? 1;
  if (scale === null) {
    let loudest = 0;
    for (const channel of [top, bottom]) {
      for (const value of channel) if (Number.isFinite(value) && Math.abs(value) > loudest) loudest = Math.abs(value);
    }
    if (loudest > 1) divisor = loudest;
  }
  for (const channel of [top, bottom]) {
    for (let i = 0; i < channel.length; i++) {
      const value = channel[i]! / divisor;
      channel[i] = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
    }
  }
  return [downsample(top, MAX_WAVEFORM_BUCKETS), downsample(bottom, MAX_WAVEFORM_BUCKETS)];
}

/** Keeps the loudest value of each group, so short transients (a kick, a snare) stay visible. */
export function downsample(values: Float32Array, buckets: number): Float32Array {
  if (values.length <= buckets) return values;
  const out = new Float32Array(buckets);
  const step = values.length / buckets;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const start = Math.floor(bucket * step);
    const end = Math.max(start + 1, Math.floor((bucket + 1) * step));
    let peak = 0;
    for (let i = start; i < end && i < values.length; i++) if (values[i]! > peak) peak = values[i]!;
    out[bucket] = peak;
  }
  return out;
}

export interface PeaksCache {
  /** Resolves to the waveform, or rejects when the peaks cannot be fetched or read. */
  load(url: string): Promise<WaveformChannels>;
  /** The waveform when it is already here, so a revisited sound draws without a frame of delay. */
  peek(url: string): WaveformChannels | undefined;
}

type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * Peaks per URL, fetched at most once while remembered. The URLs are immutable (the file id is in
 * the path), so a cached entry never goes stale; failures are forgotten so a later play retries.
 * Least recently used entries go first beyond `maxEntries`.
 */
export function createPeaksCache(fetchJson: FetchLike, maxEntries = 200): PeaksCache {
  const pending = new Map<string, Promise<WaveformChannels>>();
  const ready = new Map<string, WaveformChannels>();

  const touch = (url: string, peaks: WaveformChannels) => {
    ready.delete(url);
    ready.set(url, peaks);
    while (ready.size > maxEntries) ready.delete(ready.keys().next().value!);
  };

  return {
    peek(url) {
      const peaks = ready.get(url);
      if (peaks) touch(url, peaks);
      return peaks;
    },
    load(url) {
      const cached = ready.get(url);
      if (cached) {
        touch(url, cached);
        return Promise.resolve(cached);
      }
      const inFlight = pending.get(url);
      if (inFlight) return inFlight;
      const request = (async () => {
        const response = await fetchJson(url, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`Waveform peaks answered HTTP ${response.status}`);
        const peaks = parseWaveformPeaks(await response.json());
        if (!peaks) throw new Error('Waveform peaks are not in a known format');
        return peaks;
      })();
      pending.set(url, request);
      request.then(
        (peaks) => {
          pending.delete(url);
          touch(url, peaks);
        },
        () => pending.delete(url),
      );
      return request;
    },
  };
}
