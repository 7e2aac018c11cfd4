import { describe, expect, it } from 'vitest';
import { waveformBars } from './waveform-bars.ts';

describe('waveformBars', () => {
  it('takes the loudest peak of each bar and normalises to the loudest bar', () => {
    const top = Float32Array.from([0.1, 0.5, 0.2, 0.25]);
    const bottom = Float32Array.from([0.2, 0.1, 0.0, 0.1]);
    // Float32 inputs: compare to float precision, not to the decimal literals.
    expect(waveformBars([top, bottom], 2)).toEqual([
      { top: expect.closeTo(1, 6), bottom: expect.closeTo(0.4, 6) },
      { top: expect.closeTo(0.5, 6), bottom: expect.closeTo(0.2, 6) },
    ]);
  });

  it('stretches short peak data over more bars than it has frames', () => {
    const bars = waveformBars([Float32Array.from([1]), Float32Array.from([0.5])], 3);
    expect(bars).toHaveLength(3);
    expect(bars[0]).toEqual({ top: 1, bottom: 0.5 });
  });

  it('draws silence flat and nothing for no data', () => {
    expect(waveformBars([new Float32Array(4), new Float32Array(4)], 2)).toEqual([
      { top: 0, bottom: 0 },
      { top: 0, bottom: 0 },
    ]);
    expect(waveformBars([new Float32Array(0), new Float32Array(0)], 4)).toEqual([]);
  });
});
