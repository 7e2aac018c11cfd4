import { describe, expect, it } from 'vitest';
import { tempoAxis } from './tempo-axis.ts';

describe('tempo axis of the BPM histogram', () => {
  it('lays the buckets of the answer on the full axis, with empty slots where no sound is', () => {
    const axis = tempoAxis([{ min: 90, max: 99, count: 4 }, { min: 180, max: 999, count: 1 }]);
    expect(axis).toHaveLength(14);
    expect(axis[0]).toEqual({ min: 1, max: 59, count: 0 });
    expect(axis.find((b) => b.min === 90)).toEqual({ min: 90, max: 99, count: 4 });
    expect(axis[13]).toEqual({ min: 180, max: 999, count: 1 });
    expect(axis.reduce((sum, b) => sum + b.count, 0)).toBe(5);
  });

  it('never doubles a range the server already answered for, whatever its width', () => {
    const axis = tempoAxis([{ min: 60, max: 79, count: 2 }]);
    expect(axis.filter((b) => b.min <= 79 && b.max >= 60)).toEqual([{ min: 60, max: 79, count: 2 }]);
  });
});
