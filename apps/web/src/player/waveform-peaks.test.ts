import { describe, expect, it } from 'vitest';
import { createPeaksCache, downsample, looksLikeMinMaxPairs, MAX_WAVEFORM_BUCKETS, parseWaveformPeaks } from './waveform-peaks.ts';

const values = (array: Float32Array | undefined) => Array.from(array ?? [], (v) => Math.round(v * 1000) / 1000);

describe('parseWaveformPeaks', () => {
  it('splits normalised min/max pairs into the part above and below the centre line', () => {
    const peaks = parseWaveformPeaks({ version: 2, channels: 1, data: [-0.5, 0.25, -1, 1, 0, 0.1] });
    expect(values(peaks?.[0])).toEqual([0.25, 1, 0.1]);
    expect(values(peaks?.[1])).toEqual([0.5, 1, 0]);
  });

  it('scales integer audiowaveform data by its bit depth', () => {
    const eightBit = parseWaveformPeaks({ channels: 1, bits: 8, data: [-64, 32, -128, 127] });
    expect(values(eightBit?.[0])).toEqual([0.25, 0.992]);
    expect(values(eightBit?.[1])).toEqual([0.5, 1]);
    const sixteenBit = parseWaveformPeaks({ channels: 1, bits: 16, data: [-16384, 16384] });
    expect(values(sixteenBit?.[0])).toEqual([0.5]);
  });

  it('merges stereo frames into one waveform by the loudest channel', () => {
    const peaks = parseWaveformPeaks({ channels: 2, data: [-0.2, 0.3, -0.6, 0.1, -0.1, 0.9, 0, 0.2] });
    expect(values(peaks?.[0])).toEqual([0.3, 0.9]);
    expect(values(peaks?.[1])).toEqual([0.6, 0.1]);
  });

  it('reads separate min and max arrays', () => {
    const peaks = parseWaveformPeaks({ min: [-0.4, -0.2], max: [0.5, 0.1] });
    expect(values(peaks?.[0])).toEqual([0.5, 0.1]);
    expect(values(peaks?.[1])).toEqual([0.4, 0.2]);
  });

  it('reads per-channel arrays (wavesurfer exportPeaks) as magnitudes', () => {
    const peaks = parseWaveformPeaks({ peaks: [[0.5, -0.75], [-0.25, 0.5]] });
    expect(values(peaks?.[0])).toEqual([0.5, 0.75]);
    expect(values(peaks?.[1])).toEqual([0.25, 0.5]);
  });

  it('mirrors a mono magnitude envelope', () => {
    const peaks = parseWaveformPeaks([0.1, 0.6, 0.3]);
    expect(values(peaks?.[0])).toEqual([0.1, 0.6, 0.3]);
    expect(values(peaks?.[1])).toEqual([0.1, 0.6, 0.3]);
  });

  it('tells interleaved min/max pairs from an envelope', () => {
    expect(looksLikeMinMaxPairs([-0.5, 0.5, -0.2, 0.3])).toBe(true);
    expect(looksLikeMinMaxPairs([0.1, 0.5, 0.2, 0.6])).toBe(false);
    expect(looksLikeMinMaxPairs([-0.5, 0.5, 0.3])).toBe(false);
    expect(looksLikeMinMaxPairs([0.5, -0.5])).toBe(false);
  });

  it('scales unlabelled data louder than full scale down to [0, 1]', () => {
    const peaks = parseWaveformPeaks({ data: [-50, 100, -200, 25] });
    expect(values(peaks?.[0])).toEqual([0.5, 0.125]);
    expect(values(peaks?.[1])).toEqual([0.25, 1]);
  });

  it('zeroes values that are not numbers a canvas can draw', () => {
    const peaks = parseWaveformPeaks({ max: [Number.NaN, 0.5], min: [-0.5, Number.NEGATIVE_INFINITY] });
    expect(values(peaks?.[0])).toEqual([0, 0.5]);
    expect(values(peaks?.[1])).toEqual([0.5, 0]);
  });

  it('rejects what it cannot read', () => {
    expect(parseWaveformPeaks(null)).toBeNull();
    expect(parseWaveformPeaks('peaks')).toBeNull();
    expect(parseWaveformPeaks({ data: [] })).toBeNull();
    expect(parseWaveformPeaks({ data: ['a', 'b'] })).toBeNull();
    expect(parseWaveformPeaks([])).toBeNull();
    expect(parseWaveformPeaks({ something: 'else' })).toBeNull();
  });

  it('caps the bucket count, keeping transients', () => {
    const data: number[] = [];
    for (let i = 0; i < MAX_WAVEFORM_BUCKETS * 4; i++) data.push(-0.01, i === 1001 ? 0.9 : 0.01);
    const peaks = parseWaveformPeaks({ data });
    expect(peaks?.[0].length).toBe(MAX_WAVEFORM_BUCKETS);
    expect(Math.max(...(peaks?.[0] ?? []))).toBeCloseTo(0.9);
  });
});

describe('downsample', () => {
  it('keeps the loudest value per group', () => {
    expect(Array.from(downsample(Float32Array.from([0.1, 0.5, 0.2, 0.3, 0.9, 0.1]), 3))).toEqual(
      Array.from(Float32Array.from([0.5, 0.3, 0.9])),
    );
  });

  it('leaves short data alone', () => {
    const short = Float32Array.from([0.1, 0.2]);
    expect(downsample(short, 10)).toBe(short);
  });
});

describe('createPeaksCache', () => {
  const body = { data: [-0.5, 0.5] };
  const okResponse = (json: unknown) => ({ ok: true, status: 200, json: async () => json });

  it('fetches each URL once, shares the request in flight and then answers from memory', async () => {
    const calls: string[] = [];
    const cache = createPeaksCache(async (url) => {
      calls.push(url);
      return okResponse(body);
    });
    expect(cache.peek('/p/1')).toBeUndefined();
    const [a, b] = await Promise.all([cache.load('/p/1'), cache.load('/p/1')]);
    expect(a).toBe(b);
    expect(await cache.load('/p/1')).toBe(a);
    expect(cache.peek('/p/1')).toBe(a);
    expect(calls).toEqual(['/p/1']);
  });

  it('forgets failures so a later play retries', async () => {
    let attempt = 0;
    const cache = createPeaksCache(async () => {
      attempt++;
      return attempt === 1 ? { ok: false, status: 503, json: async () => ({}) } : okResponse(body);
    });
    await expect(cache.load('/p/1')).rejects.toThrow(/HTTP 503/);
    expect(cache.peek('/p/1')).toBeUndefined();
    await expect(cache.load('/p/1')).resolves.toBeDefined();
    expect(attempt).toBe(2);
  });

  it('rejects peaks it cannot read', async () => {
    const cache = createPeaksCache(async () => okResponse({ nope: true }));
    await expect(cache.load('/p/1')).rejects.toThrow(/not in a known format/);
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = createPeaksCache(async () => okResponse(body), 2);
    await cache.load('/a');
    await cache.load('/b');
    cache.peek('/a');
    await cache.load('/c');
    expect(cache.peek('/a')).toBeDefined();
    expect(cache.peek('/b')).toBeUndefined();
    expect(cache.peek('/c')).toBeDefined();
  });
});
