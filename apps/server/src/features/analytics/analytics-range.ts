import { ANALYTICS_LIMITS, type AnalyticsGranularity } from '@crate/contract/analytics';
import { AppError } from '../../http/app-error.ts';

/** A resolved range: whole UTC days, both ends included. */
export interface AnalyticsRange {
  from: string;
  to: string;
  granularity: AnalyticsGranularity;
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => dayOf(new Date(parseDay(day).getTime() + days * DAY_MS));

/** The range asked for, or the last 30 days (today included); refused when longer than the limit. */
export function resolveRange(query: { from?: string; to?: string; granularity: AnalyticsGranularity }, today: Date = new Date()): AnalyticsRange {
  const to = query.to ?? (query.from ? addDays(query.from, ANALYTICS_LIMITS.defaultDays - 1) : dayOf(today));
  const from = query.from ?? addDays(to, -(ANALYTICS_LIMITS.defaultDays - 1));
  if (from > to) throw new AppError('VALIDATION_FAILED', 'The range must start before it ends', 'from');
  const days = Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / DAY_MS) + 1;
  if (days > ANALYTICS_LIMITS.maxDays) throw new AppError('VALIDATION_FAILED', `A range is at most ${ANALYTICS_LIMITS.maxDays} days`, 'from');
  return { from, to, granularity: query.granularity };
}

/** The first day of the period holding `day`: itself, its week's Monday, or the 1st of its month. */
export function periodStart(day: string, granularity: AnalyticsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const date = parseDay(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** Every period the range touches, in order (the first and last may be partly outside it). */
export function periodsOf(range: AnalyticsRange): string[] {
  const periods: string[] = [];
  let period = periodStart(range.from, range.granularity);
  while (period <= range.to) {
    periods.push(period);
    if (range.granularity === 'day') period = addDays(period, 1);
    else if (range.granularity === 'week') period = addDays(period, 7);
    else {
      const date = parseDay(period);
      period = dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
    }
  }
  return periods;
}
