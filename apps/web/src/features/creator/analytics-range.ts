import type { AnalyticsGranularity } from '@crate/contract/analytics';

/** The ranges the analytics screens offer, each ending today (UTC days, as the server counts them). */
export const RANGE_CHOICES = [
  { value: '7d', label: 'Last 7 days', days: 7, granularity: 'day' },
  { value: '30d', label: 'Last 30 days', days: 30, granularity: 'day' },
  { value: '90d', label: 'Last 90 days', days: 90, granularity: 'week' },
  { value: '365d', label: 'Last 12 months', days: 365, granularity: 'month' },
  { value: '1825d', label: 'Last 5 years', days: 1825, granularity: 'month' },
] as const satisfies readonly { value: string; label: string; days: number; granularity: AnalyticsGranularity }[];
export type RangeChoice = (typeof RANGE_CHOICES)[number]['value'];

export const DEFAULT_RANGE: RangeChoice = '30d';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isRangeChoice(value: string | null): value is RangeChoice {
  return RANGE_CHOICES.some((choice) => choice.value === value);
}

/** The from/to days of a choice, `now` being today. */
export function daysOf(choice: RangeChoice, now: number = Date.now()): { from: string; to: string } {
  const { days } = RANGE_CHOICES.find((c) => c.value === choice)!;
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** A granularity that suits the range when none is chosen: days up to a month, weeks up to a quarter, then months. */
export const defaultGranularity = (choice: RangeChoice): AnalyticsGranularity => RANGE_CHOICES.find((c) => c.value === choice)!.granularity;

/** How a period's first day is shown on an axis: "Nov 23", "Week of Nov 16", "Nov 2026". */
export function periodLabel(period: string, granularity: AnalyticsGranularity): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (granularity === 'month') return date.toLocaleDateString('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = date.toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return granularity === 'week' ? `Week of ${day}` : day;
}
