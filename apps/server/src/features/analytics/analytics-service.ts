import { Readable } from 'node:stream';
import { ANALYTICS_LIMITS, ANALYTICS_METRICS, type AnalyticsCounters, type AnalyticsGranularity, type AnalyticsPoint, type ItemAnalytics, type PackAnalytics } from '@crate/contract/analytics';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../http/viewer.ts';
import { asAnalytics } from '../../policies/analytics-policy.ts';
import { authorize } from '../../policies/can.ts';
import { csvSpans, periodsOf, resolveRange, type AnalyticsRange } from './analytics-range.ts';
import { csvLine } from './analytics-csv.ts';
import { findItemForAnalytics, findPackForAnalytics, itemSeries, packCsvRowsPerPeriod, packItemSeries, packSeries, topItemsOfPack, type CounterRow, type PeriodRow } from './analytics-repository.ts';

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

const THAT_SOUND = 'That sound';
const THAT_PACK = 'That pack';

/** An item's analytics: its creator, their collaborators and admins; for anybody else there are none (404). */
export async function getItemAnalytics(db: Db, viewer: Viewer, slug: string, query: AnalyticsQueryInput): Promise<ItemAnalytics> {
  const item = authorize(viewer, 'read', await findItemForAnalytics(db, slug), asAnalytics, THAT_SOUND);
  const range = resolveRange(query);
  const { series, totals } = seriesAndTotals(range, await itemSeries(db, item.id, range.from, range.to, range.granularity));
  return {
    item: { id: item.id, slug: item.slug, name: item.name, type: item.type, pack: { id: item.packId, slug: item.packSlug, title: item.packTitle } },
    range,
    totals,
    series,
  };
}

/** A pack's analytics with its top items: the same people as an item's. */
export async function getPackAnalytics(db: Db, viewer: Viewer, id: string, query: AnalyticsQueryInput): Promise<PackAnalytics> {
  const pack = authorize(viewer, 'read', await findPackForAnalytics(db, id), asAnalytics, THAT_PACK);
  const range = resolveRange(query);
  const [rows, top] = await Promise.all([packSeries(db, pack.id, range.from, range.to, range.granularity), topItemsOfPack(db, pack.id, range.from, range.to, ANALYTICS_LIMITS.topItems)]);
  const { series, totals } = seriesAndTotals(range, rows);
  return {
    pack: { id: pack.id, slug: pack.slug, title: pack.title, status: pack.status },
    range,
    totals,
    series,
    top_items: top.map((row) => ({ id: row.id, slug: row.slug, name: row.name, type: row.type, ...countersOf(row) })),
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
