import { describe, expect, it } from 'vitest';
import { daysOf, defaultGranularity, isRangeChoice, periodLabel } from './analytics-range.ts';

describe('analytics ranges on screen', () => {
  const now = Date.parse('2026-11-23T22:00:00Z');
  it('ends every range today and counts today in', () => {
    expect(daysOf('7d', now)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(daysOf('30d', now)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  });
  it('picks a granularity that keeps a chart readable', () => {
    expect(defaultGranularity('30d')).toBe('day');
    expect(defaultGranularity('90d')).toBe('week');
    expect(defaultGranularity('365d')).toBe('month');
  });
  it('knows its choices', () => {
    expect(isRangeChoice('30d')).toBe(true);
    expect(isRangeChoice('2d')).toBe(false);
    expect(isRangeChoice(null)).toBe(false);
  });
  it('labels periods', () => {
    expect(periodLabel('2026-11-16', 'week')).toBe('Week of Nov 16');
    expect(periodLabel('2026-11-01', 'month')).toBe('Nov 2026');
    expect(periodLabel('2026-11-23', 'day')).toBe('Nov 23');
  });
});
