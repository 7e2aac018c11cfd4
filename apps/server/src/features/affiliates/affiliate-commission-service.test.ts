import { describe, expect, it } from 'vitest';
import { addMonths, commissionOf } from './affiliate-commission-service.ts';

describe('commission arithmetic (decision 0056)', () => {
  it('rounds a commission down, never inventing a cent', () => {
    expect(commissionOf(999, 2000)).toBe(199); // 199.8
    expect(commissionOf(1000, 2000)).toBe(200);
    expect(commissionOf(1, 9000)).toBe(0);
    expect(commissionOf(2_000_000_000, 9000)).toBe(1_800_000_000);
    expect(commissionOf(-50, 2000)).toBe(0);
  });

  it('runs a window in calendar months, the 31st landing on a shorter month’s last day', () => {
    expect(addMonths(new Date('2026-03-03T10:00:00Z'), 12).toISOString()).toBe('2027-03-03T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T23:30:00Z'), 1).toISOString()).toBe('2026-02-28T23:30:00.000Z');
    expect(addMonths(new Date('2027-12-31T00:00:00Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 36).toISOString()).toBe('2029-11-15T00:00:00.000Z');
  });
});
