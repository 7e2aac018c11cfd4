import { describe, expect, it } from 'vitest';
import { defaultBackoffMs } from './db-job-queue.ts';

describe('defaultBackoffMs', () => {
  it('doubles from 2 s with at most 10 % jitter', () => {
    for (const [attempts, base] of [
      [1, 2_000],
      [2, 4_000],
      [3, 8_000],
      [10, 1_024_000],
    ] as const) {
      for (let i = 0; i < 50; i += 1) {
        const delay = defaultBackoffMs(attempts);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThanOrEqual(base * 1.1);
      }
    }
  });

  it('never waits more than an hour (plus jitter)', () => {
    expect(defaultBackoffMs(12)).toBeLessThanOrEqual(3_960_000);
    expect(defaultBackoffMs(40)).toBeGreaterThanOrEqual(3_600_000);
    expect(defaultBackoffMs(40)).toBeLessThanOrEqual(3_960_000);
  });
});
