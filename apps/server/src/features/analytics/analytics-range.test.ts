import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { periodStart, periodsOf, resolveRange } from './analytics-range.ts';

describe('analytics ranges', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(resolveRange({ granularity: 'day' }, new Date('2026-03-31T23:59:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31', granularity: 'day' });
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(periodStart('2026-11-22', 'week')).toBe('2026-11-16'); // a Sunday
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(periodStart('2026-11-23', 'month')).toBe('2026-11-01');
  });

  it('lists every period the range touches', () => {
    expect(periodsOf({ from: '2026-01-30', to: '2026-03-02', granularity: 'month' })).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(periodsOf({ from: '2026-11-18', to: '2026-11-30', granularity: 'week' })).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(periodsOf({ from: '2026-12-30', to: '2027-01-01', granularity: 'day' })).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('refuses a range longer than five years', () => {
    expect(() => resolveRange({ from: '2016-01-01', to: '2026-01-01', granularity: 'month' })).toThrow(AppError);
  });
});
