import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_FIELDS, DATE_LIMITS, DAY_RANGES, daysBetween, isoDay, isoInstant, withDayRange } from './dates.ts';

const range = withDayRange(z.strictObject({ from: isoDay.optional(), to: isoDay.optional() }));
const issue = (result: { success: boolean; error?: z.ZodError }) => (result.success ? null : { path: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message });

describe('dates in requests', () => {
  it('a day is a real calendar day in the years Crate knows', () => {
    expect(isoDay.safeParse('2026-11-27').success).toBe(true);
    expect(isoDay.safeParse(`${DATE_LIMITS.minYear}-01-01`).success).toBe(true);
    expect(isoDay.safeParse(`${DATE_LIMITS.maxYear}-12-31`).success).toBe(true);
    for (const bad of ['9999-12-31', '0000-01-01', '1999-12-31', '2101-01-01', '+010000-01-01', '2026-02-30', '2026-1-1', '2026-11-27T00:00:00Z']) {
      expect(isoDay.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('an instant is an ISO date-time with an offset in the same years', () => {
    const instant = isoInstant();
    expect(instant.safeParse('2026-11-27T10:00:00.000Z').success).toBe(true);
    expect(instant.safeParse('2026-11-27T10:00:00+01:00').success).toBe(true);
    for (const bad of ['9999-12-31T00:00:00Z', '0000-01-01T00:00:00Z', '2026-11-27', 'yesterday']) expect(instant.safeParse(bad).success, bad).toBe(false);
  });

  it('a range is ordered and at most maxRangeDays long, each end checked on its own first', () => {
    expect(range.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(range.safeParse({ from: '2026-01-01' }).success).toBe(true);
    expect(issue(range.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toEqual({ path: 'from', message: 'The range must start before it ends' });
    expect(issue(range.safeParse({ from: '2020-01-01', to: '2025-01-04' }))).toEqual({ path: 'from', message: `A range is at most ${DATE_LIMITS.maxRangeDays} days` });
    expect(range.safeParse({ from: '2020-01-01', to: '2025-01-03' }).success).toBe(true);
    expect(issue(range.safeParse({ from: '9999-12-01', to: '9999-12-31' }))?.path).toBe('from');
  });

  it('counts days as dates, across years and leap days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(2);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(0);
  });

  it('every date schema and range is registered, so tests can find them in any request', () => {
    expect(DATE_FIELDS.get(isoDay)).toEqual({ kind: 'day' });
    expect(DATE_FIELDS.get(isoInstant())).toEqual({ kind: 'instant' });
    expect(DAY_RANGES.get(range)).toEqual({ from: 'from', to: 'to', maxDays: DATE_LIMITS.maxRangeDays });
  });
});
