import { ANALYTICS_LIMITS, type AnalyticsGranularity } from '@crate/contract/analytics';
import { DATE_LIMITS } from '@crate/contract/dates';
import { AppError } from '../../http/app-error.ts';

/** A resolved range: whole UTC days, both ends included. */
export interface AnalyticsRange {
  from: string;
  to: string;
  granularity: AnalyticsGranularity;
}

const DAY_MS = 86_400_000;
/** The most periods any range may have: a day each over the longest range, and the partial first one. */
export const MAX_PERIODS = ANALYTICS_LIMITS.maxDays + 1;

/**
 * Days are handled as day numbers (days since 1970-01-01), never compared as text: `'+010000-01-01'` sorts
 * before `'9999-12-31'`. A text that is not a day of the years the contract allows is refused here too,
 * so nothing below it ever meets a year the loops were not written for.
 */
function dayNumber(day: string, field: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(ms)) throw new AppError('VALIDATION_FAILED', 'A day is written YYYY-MM-DD', field);
  const year = new Date(ms).getUTCFullYear();
  // A year of slack either side: a range given only one end runs on for ANALYTICS_LIMITS.defaultDays days.
  if (year < DATE_LIMITS.minYear - 1 || year > DATE_LIMITS.maxYear + 1) throw new AppError('VALIDATION_FAILED', `A date is between the years ${DATE_LIMITS.minYear} and ${DATE_LIMITS.maxYear}`, field);
  return ms / DAY_MS;
}
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayText(dayNumber(day, 'from') + days);

/** The range asked for, or the last 30 days (today included); refused when reversed or longer than the limit. */
export function resolveRange(query: { from?: string; to?: string; granularity: AnalyticsGranularity }, today: Date = new Date()): AnalyticsRange {
  const to = query.to ?? (query.from ? addDays(query.from, ANALYTICS_LIMITS.defaultDays - 1) : today.toISOString().slice(0, 10));
  const from = query.from ?? addDays(to, -(ANALYTICS_LIMITS.defaultDays - 1));
  const days = dayNumber(to, 'to') - dayNumber(from, 'from') + 1;
  if (days < 1) throw new AppError('VALIDATION_FAILED', 'The range must start before it ends', 'from');
  if (days > ANALYTICS_LIMITS.maxDays) throw new AppError('VALIDATION_FAILED', `A range is at most ${ANALYTICS_LIMITS.maxDays} days`, 'from');
  return { from, to, granularity: query.granularity };
}

/** The day number of the first day of the period holding day number `n`: itself, its week's Monday, or the 1st of its month. */
function periodStartNumber(n: number, granularity: AnalyticsGranularity): number {
  if (granularity === 'day') return n;
  const date = new Date(n * DAY_MS);
  if (granularity === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
  return n - ((date.getUTCDay() + 6) % 7);
}

function nextPeriodNumber(n: number, granularity: AnalyticsGranularity): number {
  if (granularity === 'day') return n + 1;
  if (granularity === 'week') return n + 7;
  const date = new Date(n * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
}

/** The first day of the period holding `day`: itself, its week's Monday, or the 1st of its month. */
export function periodStart(day: string, granularity: AnalyticsGranularity): string {
  return dayText(periodStartNumber(dayNumber(day, 'from'), granularity));
}

/**
 * Every period the range touches, in order (the first and last may be partly outside it). The walk compares
 * day numbers and stops at MAX_PERIODS whatever it is given: a range the contract let through never
 * comes near it, so reaching it is a refusal, not a loop that runs until the heap is gone.
 */
export function periodsOf(range: AnalyticsRange): string[] {
  const last = dayNumber(range.to, 'to');
  const periods: string[] = [];
  for (let period = periodStartNumber(dayNumber(range.from, 'from'), range.granularity); period <= last; period = nextPeriodNumber(period, range.granularity)) {
    if (periods.length === MAX_PERIODS) throw new AppError('VALIDATION_FAILED', `A range is at most ${ANALYTICS_LIMITS.maxDays} days`, 'from');
    periods.push(dayText(period));
  }
  return periods;
}

/**
 * The range cut for a pack's CSV: consecutive spans of whole periods holding at most `maxRows` rows each (a
 * period holding more is a span of its own), the first from the range's first day, the last to its last.
 */
export function csvSpans(range: AnalyticsRange, rowsPerPeriod: readonly { period: string; rows: number }[], maxRows: number): { from: string; to: string }[] {
  const starts: string[] = [];
  let rows = 0;
  for (const [index, period] of rowsPerPeriod.entries()) {
    if (index === 0 || rows + period.rows > maxRows) {
      starts.push(period.period);
      rows = 0;
    }
    rows += period.rows;
  }
  return starts.map((start, index) => ({ from: index === 0 ? range.from : start, to: index + 1 < starts.length ? addDays(starts[index + 1]!, -1) : range.to }));
}
