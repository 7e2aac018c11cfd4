import { Readable } from 'node:stream';
import { ANALYTICS_LIMITS, ANALYTICS_METRICS, type AnalyticsCounters, type AnalyticsEarnings, type AnalyticsGranularity, type AnalyticsPoint, type ItemAnalytics, type PackAnalytics } from '@crate/contract/analytics';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import { asAnalytics } from '../../policies/analytics-policy.ts';
import { authorize } from '../../policies/can.ts';
import { csvSpans, periodsOf, resolveRange, type AnalyticsRange } from './analytics-range.ts';
import { csvLine } from '../../files/csv.ts';
import { CREATOR_SHARE_BPS, WHOLE_BPS } from '@crate/contract/payout-enums';
import { earningsByMonth, findItemForAnalytics, findPackForAnalytics, itemSeries, packCsvRowsPerPeriod, packItemSeries, packSeries, topItemsOfPack, type CounterRow, type EarningsMonthRow, type PeriodRow } from './analytics-repository.ts';

export interface AnalyticsQueryInput {
  from?: string;
  to?: string;
  granularity: AnalyticsGranularity;
}

const zero = (): AnalyticsCounters => ({ plays: 0, downloads: 0, gets: 0, favorites: 0, playlist_adds: 0, credits: 0 });
const countersOf = (row: CounterRow): AnalyticsCounters => ({
  plays: Number(row.plays),
  downloads: Number(row.downloads),
  gets: Number(row.gets),
  favorites: Number(row.favorites),
  playlist_adds: Number(row.playlist_adds),
  credits: Number(row.credits),
});

/** Every period of the range, zero where nothing was counted, and the range's totals. */
function seriesAndTotals(range: AnalyticsRange, rows: PeriodRow[]): { series: AnalyticsPoint[]; totals: AnalyticsCounters } {
  const byPeriod = new Map(rows.map((row) => [row.period, countersOf(row)]));
  const totals = zero();
  const series = periodsOf(range).map((period) => {
    const counters = byPeriod.get(period) ?? zero();
    for (const metric of ANALYTICS_METRICS) totals[metric] += counters[metric];
    return { period, ...counters };
  });
  return { series, totals };
}

/**
 * Money earned from rows of months (decision 0055): each month's credits × its pool rate (pool ÷ credits, rounded
 * to the cent per month), plus 70 % of what was sold outright (rounded down per month). Estimated when a month is
 * not approved yet: the hourly draft's rate, or no payout computed yet (its credits then count nothing).
 */
function earningsOf(rows: readonly EarningsMonthRow[]): AnalyticsEarnings {
  let pool = 0;
  let sales = 0;
  let estimated = false;
  for (const row of rows) {
    const credits = Number(row.credits);
    const monthCredits = Number(row.month_credits ?? 0);
    if (credits > 0 && monthCredits > 0) pool += Math.round((credits * Number(row.pool_cents ?? 0)) / monthCredits);
    sales += Math.floor((Number(row.price_cents) * CREATOR_SHARE_BPS) / WHOLE_BPS);
    if (row.status === null || row.status === 'draft') estimated = true;
  }
  return { currency: 'usd', pool_cents: pool, sales_cents: sales, total_cents: pool + sales, estimated };
}

const THAT_SOUND = 'That sound';
const THAT_PACK = 'That pack';

/** An item's analytics: its creator, their collaborators and admins; for anybody else there are none (404). */
export async function getItemAnalytics(db: Db, viewer: Viewer, slug: string, query: AnalyticsQueryInput): Promise<ItemAnalytics> {
  const item = authorize(viewer, 'read', await findItemForAnalytics(db, slug), asAnalytics, THAT_SOUND);
  const range = resolveRange(query);
  const [rows, money] = await Promise.all([itemSeries(db, item.id, range.from, range.to, range.granularity), earningsByMonth(db, { itemIds: [item.id] }, range.from, range.to)]);
  const { series, totals } = seriesAndTotals(range, rows);
  return {
    item: { id: item.id, slug: item.slug, name: item.name, type: item.type, pack: { id: item.packId, slug: item.packSlug, title: item.packTitle } },
    range,
    totals,
    earnings: earningsOf(money),
    series,
  };
}

/** A pack's analytics with its top items: the same people as an item's. */
export async function getPackAnalytics(db: Db, viewer: Viewer, id: string, query: AnalyticsQueryInput): Promise<PackAnalytics> {
  const pack = authorize(viewer, 'read', await findPackForAnalytics(db, id), asAnalytics, THAT_PACK);
  const range = resolveRange(query);
  const [rows, top, money] = await Promise.all([
    packSeries(db, pack.id, range.from, range.to, range.granularity),
    topItemsOfPack(db, pack.id, range.from, range.to, ANALYTICS_LIMITS.topItems),
    earningsByMonth(db, { packId: pack.id }, range.from, range.to),
  ]);
  const topMoney = await earningsByMonth(
    db,
    { itemIds: top.map((row) => row.id) },
    range.from,
    range.to,
  );
  const { series, totals } = seriesAndTotals(range, rows);
  return {
    pack: { id: pack.id, slug: pack.slug, title: pack.title, status: pack.status },
    range,
    totals,
    earnings: earningsOf(money),
    series,
    top_items: top.map((row) => ({ id: row.id, slug: row.slug, name: row.name, type: row.type, ...countersOf(row), earnings: earningsOf(topMoney.filter((m) => m.key === row.id)) })),
  };
}

export interface CsvExport {
  fileName: string;
  body: Readable;
}

const HEADER = [...ANALYTICS_METRICS];
const rangeLabel = (range: AnalyticsRange) => `${range.from}_${range.to}_${range.granularity}`;

/** An item's series as CSV: one row per period of the range, zeros included. */
export async function exportItemAnalytics(db: Db, viewer: Viewer, slug: string, query: AnalyticsQueryInput): Promise<CsvExport> {
  const analytics = await getItemAnalytics(db, viewer, slug, query);
  const lines = [csvLine(['period', ...HEADER]), ...analytics.series.map((point) => csvLine([point.period, ...HEADER.map((metric) => point[metric])]))];
  return { fileName: `crate-${analytics.item.slug}-${rangeLabel(analytics.range)}.csv`, body: Readable.from(lines) };
}

/**
 * The most CSV rows one statement of a pack's export reads. A pack's CSV is read in as few statements as
 * its size allows — one to count its rows per period, then one per this many rows (one for nearly every
 * pack, a few for five years of a big one) — and never more than this many rows are in memory at once.
 */
const CSV_ROWS_PER_STATEMENT = 20_000;

/**
 * A pack's counters as CSV, one row per item per period with anything counted, computed from the daily
 * rollups in a few statements (CSV_ROWS_PER_STATEMENT) and streamed as each arrives.
 */
export async function exportPackAnalytics(db: Db, viewer: Viewer, id: string, query: AnalyticsQueryInput): Promise<CsvExport> {
  const pack = authorize(viewer, 'read', await findPackForAnalytics(db, id), asAnalytics, THAT_PACK);
  const range = resolveRange(query);
  const spans = csvSpans(range, await packCsvRowsPerPeriod(db, pack.id, range.from, range.to, range.granularity), CSV_ROWS_PER_STATEMENT);
  async function* lines() {
    yield csvLine(['period', 'item_slug', 'item_name', ...HEADER]);
    for (const span of spans) {
      for (const row of await packItemSeries(db, pack.id, span.from, span.to, range.granularity)) {
        const counters = countersOf(row);
        yield csvLine([row.period, row.slug, row.name, ...HEADER.map((metric) => counters[metric])]);
      }
    }
  }
  return { fileName: `crate-${pack.slug}-${rangeLabel(range)}.csv`, body: Readable.from(lines()) };
}
