import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { MAX_PERIODS, csvSpans, periodStart, periodsOf, resolveRange } from './analytics-range.ts';

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

  describe('every loop bounded by its input: date ranges', () => {
    it('compares days as dates: the last days of 9999 are refused, never walked past year 10000', () => {
      // As text, '+010000-01-01' sorts before '9999-12-31': the walk that compared text never ended.
      expect(() => resolveRange({ from: '9999-12-01', to: '9999-12-31', granularity: 'day' })).toThrow(AppError);
      expect(() => periodsOf({ from: '9999-12-01', to: '9999-12-31', granularity: 'day' })).toThrow(AppError);
      expect(() => resolveRange({ from: '0000-01-01', to: '0000-01-31', granularity: 'day' })).toThrow(AppError);
      expect(() => resolveRange({ from: '2026-13-40', granularity: 'day' })).toThrow(AppError);
    });

    it('refuses a reversed range', () => {
      expect(() => resolveRange({ from: '2026-03-02', to: '2026-03-01', granularity: 'day' })).toThrow(AppError);
    });

    it('stops walking at MAX_PERIODS, whatever range reaches it', () => {
      expect(periodsOf({ from: '2020-01-01', to: '2025-01-04', granularity: 'day' })).toHaveLength(MAX_PERIODS);
      expect(() => periodsOf({ from: '2020-01-01', to: '2025-01-05', granularity: 'day' })).toThrow(AppError);
      expect(() => periodsOf({ from: '2000-01-01', to: '2100-12-31', granularity: 'day' })).toThrow(AppError);
      expect(periodsOf({ from: '2000-01-01', to: '2100-12-31', granularity: 'month' })).toHaveLength(1212);
    });
  });

  it("cuts a pack's CSV into spans of whole periods by rows, covering the whole range", () => {
    const range = { from: '2026-01-03', to: '2026-03-20', granularity: 'month' } as const;
    const rows = [
      { period: '2026-01-01', rows: 4 },
      { period: '2026-02-01', rows: 5 },
      { period: '2026-03-01', rows: 12 },
    ];
    expect(csvSpans(range, rows, 100)).toEqual([{ from: '2026-01-03', to: '2026-03-20' }]);
    expect(csvSpans(range, rows, 9)).toEqual([
      { from: '2026-01-03', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-20' },
    ]);
    expect(csvSpans(range, [], 9)).toEqual([]);
  });
});
