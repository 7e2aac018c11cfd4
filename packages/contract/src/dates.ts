import { z } from 'zod';

/**
 * Dates a request may carry (docs/decisions/0035): every date in a query or a body is one of the schemas
 * below, so each is a real calendar date in a sane year range, and every day range is ordered and bounded.
 * A loop over a range the server walks (a period per day, week or month) is bounded by these limits before
 * it starts. The hostile-input tier finds every date field by these schemas (`DATE_FIELDS`, `DAY_RANGES`)
 * and sends it a far-future, a year-0 and a reversed value.
 */
export const DATE_LIMITS = {
  /** The earliest year a date in a request may name (nothing in Crate is older). */
  minYear: 2000,
  /** The latest year a date in a request may name. */
  maxYear: 2100,
  /** The longest day range one request may ask for, both ends included (five years of days). */
  maxRangeDays: 1830,
} as const;

export type DateFieldKind = 'day' | 'instant';
/** Every date schema of the contract: a test walks a request schema and finds each date in it by this registry. */
export const DATE_FIELDS = z.registry<{ kind: DateFieldKind }>();
/** Every object schema holding a day range: which two fields it is made of, and its longest span in days. */
export const DAY_RANGES = z.registry<{ from: string; to: string; maxDays: number }>();

const DAY_MS = 86_400_000;
/** The year of an ISO date or date-time that the format check already passed (four digits, never signed). */
const yearOf = (text: string) => Number(text.slice(0, 4));
const inYears = (text: string) => yearOf(text) >= DATE_LIMITS.minYear && yearOf(text) <= DATE_LIMITS.maxYear;
const YEARS_MESSAGE = `A date is between the years ${DATE_LIMITS.minYear} and ${DATE_LIMITS.maxYear}`;

/** A calendar day, `YYYY-MM-DD`, in the date limits' years. */
export const isoDay = z.iso.date('A day is written YYYY-MM-DD').refine(inYears, YEARS_MESSAGE).register(DATE_FIELDS, { kind: 'day' });

/** A moment, an ISO date-time with its offset, in the date limits' years. */
export function isoInstant(message = 'A time is written as an ISO date-time'): z.ZodISODateTime {
  return z.iso.datetime({ offset: true, message }).refine(inYears, YEARS_MESSAGE).register(DATE_FIELDS, { kind: 'instant' });
}

/** Days from `from` to `to`, both included (the dates are compared as dates, never as text). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

type DayRangeShape = { from: z.ZodOptional<typeof isoDay>; to: z.ZodOptional<typeof isoDay> };

/**
 * A query with an optional `from`–`to` day range: when both are given, `from` is on or before `to`, and the
 * range is at most `maxDays` days long. Each end is an `isoDay`, so the years are bounded too.
 */
export function withDayRange<S extends z.ZodObject<DayRangeShape>>(schema: S, maxDays: number = DATE_LIMITS.maxRangeDays): S {
  const ranged = schema.superRefine((query, ctx) => {
    const { from, to } = query as { from?: string; to?: string };
    if (!from || !to) return;
    const days = daysBetween(from, to);
    if (days < 1) ctx.addIssue({ code: 'custom', message: 'The range must start before it ends', path: ['from'] });
    else if (days > maxDays) ctx.addIssue({ code: 'custom', message: `A range is at most ${maxDays} days`, path: ['from'] });
  });
  DAY_RANGES.add(ranged, { from: 'from', to: 'to', maxDays });
  return ranged;
}
