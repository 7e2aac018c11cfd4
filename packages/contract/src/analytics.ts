import { z } from 'zod';
import { DATE_LIMITS, isoDay, withDayRange } from './dates.ts';

/**
 * Creator analytics (/itemanalytics/{doc_slug}, /packanalytics/{id}; docs/decisions/0028): plays,
 * downloads, gets, favorites, playlist adds and credits earned over time, read from daily rollups.
 */
export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

/** The counters every period, total and top item carries, in the order CSV columns and charts show them. */
export const ANALYTICS_METRICS = ['plays', 'downloads', 'gets', 'favorites', 'playlist_adds', 'credits'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

export const ANALYTICS_METRIC_LABELS: Record<AnalyticsMetric, string> = {
  plays: 'Plays',
  downloads: 'Downloads',
  gets: 'Gets',
  favorites: 'Favorites',
  playlist_adds: 'Playlist adds',
  credits: 'Credits earned',
};

export const ANALYTICS_LIMITS = {
  /** Without a range: the last 30 days, today included. */
  defaultDays: 30,
  /** The longest range one request may ask for (about five years of days; the contract's limit for any day range). */
  maxDays: DATE_LIMITS.maxRangeDays,
  topItems: 10,
} as const;

/** The same listener playing the same item again within this window is not counted again. */
export const PLAY_DEDUPE_WINDOW_SECONDS = 30 * 60;

/** A range of days (docs/decisions/0035): years bounded, `from` ≤ `to`, at most `maxDays` days. */
export const analyticsQuerySchema = withDayRange(
  z.strictObject({
    from: isoDay.optional(),
    to: isoDay.optional(),
    granularity: z.enum(ANALYTICS_GRANULARITIES).default('day'),
  }),
  ANALYTICS_LIMITS.maxDays,
);
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const counters = {
  plays: z.number().int(),
  downloads: z.number().int(),
  gets: z.number().int(),
  favorites: z.number().int(),
  playlist_adds: z.number().int(),
  credits: z.number().int(),
};
export const analyticsCountersSchema = z.object(counters);
export type AnalyticsCounters = z.infer<typeof analyticsCountersSchema>;

/** One period: `period` is its first day (a Monday for weeks, the 1st for months), every period of the range present. */
export const analyticsPointSchema = z.object({ period: z.string(), ...counters });
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsRangeSchema = z.object({ from: z.string(), to: z.string(), granularity: z.enum(ANALYTICS_GRANULARITIES) });

/**
 * What the sounds earned in money over the range (decision 0055), all their payees together, before a split shares
 * it: credits spent each month × that month's pool rate (pool ÷ credits), plus 70 % of what they sold for outright.
 * `estimated` when any of it falls in a month not approved yet (the hourly draft's rate, or none computed yet:
 * then its credits count nothing until the month is computed).
 */
export const analyticsEarningsSchema = z.object({
  currency: z.string(),
  pool_cents: z.number().int(),
  sales_cents: z.number().int(),
  total_cents: z.number().int(),
  estimated: z.boolean(),
});
export type AnalyticsEarnings = z.infer<typeof analyticsEarningsSchema>;

export const itemAnalyticsSchema = z.object({
  item: z.object({ id: z.string(), slug: z.string(), name: z.string(), type: z.string(), pack: z.object({ id: z.string(), slug: z.string(), title: z.string() }) }),
  range: analyticsRangeSchema,
  totals: analyticsCountersSchema,
  earnings: analyticsEarningsSchema,
  series: z.array(analyticsPointSchema),
});
export type ItemAnalytics = z.infer<typeof itemAnalyticsSchema>;

export const topItemSchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), type: z.string(), ...counters, earnings: analyticsEarningsSchema });
export type TopItem = z.infer<typeof topItemSchema>;

export const packAnalyticsSchema = z.object({
  pack: z.object({ id: z.string(), slug: z.string(), title: z.string(), status: z.number().int() }),
  range: analyticsRangeSchema,
  totals: analyticsCountersSchema,
  earnings: analyticsEarningsSchema,
  series: z.array(analyticsPointSchema),
  /** The pack's items with the most plays in the range (then gets), at most ANALYTICS_LIMITS.topItems. */
  top_items: z.array(topItemSchema),
});
export type PackAnalytics = z.infer<typeof packAnalyticsSchema>;

/** trackPlay: a preview of this item sounded for `listened_ms` (sent once per listen, when it crosses the threshold). */
export const trackPlayPayloadSchema = z.strictObject({
  item_id: z.uuid('item_id must be an item id'),
  listened_ms: z.number().int().min(0).max(3_600_000),
});
export type TrackPlayPayload = z.infer<typeof trackPlayPayloadSchema>;
/** `counted` is false for a listen under the threshold, a repeat within the dedupe window, or the creator's own listen. */
export const trackPlayResultSchema = z.object({ counted: z.boolean() });
