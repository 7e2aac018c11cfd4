import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql-rows.ts';
import type { AnalyticsGranularity } from '@crate/contract/analytics';
import type { DbOrTx } from '../../db/client.ts';
import { creators, items, packs } from '../../db/schema/index.ts';

/** The counters as SQL sums over a rollup table's rows (`s`). */
const SUMS = sql.raw(`coalesce(sum(s.plays), 0)::int as plays, coalesce(sum(s.downloads), 0)::int as downloads, coalesce(sum(s.gets), 0)::int as gets,
  coalesce(sum(s.favorites), 0)::int as favorites, coalesce(sum(s.playlist_adds), 0)::int as playlist_adds, coalesce(sum(s.credits), 0)::int as credits`);

export interface CounterRow {
  plays: number;
  downloads: number;
  gets: number;
  favorites: number;
  playlist_adds: number;
  credits: number;
}
export type PeriodRow = CounterRow & { period: string };
export type ItemPeriodRow = PeriodRow & { item_id: string; slug: string; name: string };
export type TopItemRow = CounterRow & { id: string; slug: string; name: string; type: string };

/** `date_trunc` unit of a granularity; a whitelist, never the caller's text. */
const TRUNC: Record<AnalyticsGranularity, string> = { day: 'day', week: 'week', month: 'month' };
const periodSql = (granularity: AnalyticsGranularity) => sql.raw(`to_char(date_trunc('${TRUNC[granularity]}', s.day::timestamp), 'YYYY-MM-DD')`);


/** An item with what the analytics rule and page need, by slug. */
export async function findItemForAnalytics(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: items.id, slug: items.slug, name: items.name, type: items.type, creatorId: packs.creatorId, packId: packs.id, packSlug: packs.slug, packTitle: packs.title })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(eq(items.slug, slug));
  return row ?? null;
}

/** A pack with what the analytics rule and page need, by id. */
export async function findPackForAnalytics(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: packs.id, slug: packs.slug, title: packs.title, status: packs.status, creatorId: packs.creatorId, creatorName: creators.name })
    .from(packs)
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(eq(packs.id, id));
  return row ?? null;
}

/** One item's counters per period of [from, to], from item_daily_stats (periods without a row are absent). */
export async function itemSeries(db: DbOrTx, itemId: string, from: string, to: string, granularity: AnalyticsGranularity): Promise<PeriodRow[]> {
  const result = await db.execute(sql`
    select ${periodSql(granularity)} as period, ${SUMS}
    from item_daily_stats s
    where s.item_id = ${itemId} and s.day between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return rowsOf<PeriodRow>(result);
}

/** One pack's counters per period of [from, to], from pack_daily_stats. */
export async function packSeries(db: DbOrTx, packId: string, from: string, to: string, granularity: AnalyticsGranularity): Promise<PeriodRow[]> {
  const result = await db.execute(sql`
    select ${periodSql(granularity)} as period, ${SUMS}
    from pack_daily_stats s
    where s.pack_id = ${packId} and s.day between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return rowsOf<PeriodRow>(result);
}

/** The pack's items with the most plays (then gets, then credits) in [from, to]. */
export async function topItemsOfPack(db: DbOrTx, packId: string, from: string, to: string, limit: number): Promise<TopItemRow[]> {
  const result = await db.execute(sql`
    select i.id, i.slug, i.name, i.type::text as type, t.plays, t.downloads, t.gets, t.favorites, t.playlist_adds, t.credits
    from (
      select s.item_id, ${SUMS}
      from item_daily_stats s
      where s.pack_id = ${packId} and s.day between ${from}::date and ${to}::date
      group by s.item_id
      order by plays desc, gets desc, credits desc, s.item_id
      limit ${limit}
    ) t
    join items i on i.id = t.item_id
    order by t.plays desc, t.gets desc, t.credits desc, i.name`);
  return rowsOf<TopItemRow>(result);
}

/** How many rows each period of [from, to] has in a pack's CSV (its items with anything counted then), periods with none absent. */
export async function packCsvRowsPerPeriod(db: DbOrTx, packId: string, from: string, to: string, granularity: AnalyticsGranularity): Promise<{ period: string; rows: number }[]> {
  const result = await db.execute(sql`
    select ${periodSql(granularity)} as period, count(distinct s.item_id)::int as rows
    from item_daily_stats s
    where s.pack_id = ${packId} and s.day between ${from}::date and ${to}::date
    group by 1 order by 1`);
  return rowsOf<{ period: string; rows: number | string }>(result).map((row) => ({ period: row.period, rows: Number(row.rows) }));
}

/** Every item's counters per period of [from, to] for a pack (the CSV), in period then item order; rows with nothing counted are absent. */
export async function packItemSeries(db: DbOrTx, packId: string, from: string, to: string, granularity: AnalyticsGranularity): Promise<ItemPeriodRow[]> {
  const result = await db.execute(sql`
    select ${periodSql(granularity)} as period, s.item_id, min(i.slug) as slug, min(i.name) as name, ${SUMS}
    from item_daily_stats s
    join items i on i.id = s.item_id
    where s.pack_id = ${packId} and s.day between ${from}::date and ${to}::date
    group by 1, s.item_id
    order by 1, min(i.name), s.item_id`);
  return rowsOf<ItemPeriodRow>(result);
}

/** One month's share of what sounds earned in money (decision 0055): credits and outright sales in the range, and the month's payout state. */
export interface EarningsMonthRow {
  /** The item (top items) or '' (a pack's or an item's whole). */
  key: string;
  month: string;
  credits: number | string;
  price_cents: number | string;
  /** The month's payout: null when none was computed yet. */
  status: string | null;
  pool_cents: number | string | null;
  month_credits: number | string | null;
}

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
const monthOfDay = sql.raw(`date_trunc('month', s.day::timestamp)::date`);
/** The range's days as UTC instants, for owned_items.created_at (the partial index on what was sold). */
const instantsOf = (from: string, to: string) => sql`o.created_at >= (${from}::date)::timestamp at time zone 'UTC' and o.created_at < ((${to}::date) + 1)::timestamp at time zone 'UTC'`;

/**
 * Credits spent per month of [from, to] (the daily rollups, as the counters) and money sold for outright (owned_items'
 * price shares, decision 0047), with each month's payout pool and credits — for the given items one by one
 * (`key` the item id), or for a whole pack (`key` '').
 */
export async function earningsByMonth(db: DbOrTx, of: { itemIds: readonly string[] } | { packId: string }, from: string, to: string): Promise<EarningsMonthRow[]> {
  if ('itemIds' in of && of.itemIds.length === 0) return [];
  const credits =
    'packId' in of
      ? sql`select '' as key, ${monthOfDay} as month, sum(s.credits)::bigint as credits, 0::bigint as price_cents
          from pack_daily_stats s where s.pack_id = ${of.packId} and s.day between ${from}::date and ${to}::date and s.credits > 0 group by 2`
      : sql`select s.item_id::text as key, ${monthOfDay} as month, sum(s.credits)::bigint as credits, 0::bigint as price_cents
          from item_daily_stats s where s.item_id in (${idList(of.itemIds)}) and s.day between ${from}::date and ${to}::date and s.credits > 0 group by 1, 2`;
  const sales =
    'packId' in of
      ? sql`select '' as key, date_trunc('month', o.created_at at time zone 'UTC')::date as month, 0::bigint as credits, sum(o.price_cents)::bigint as price_cents
          from owned_items o join items i on i.id = o.item_id
          where i.pack_id = ${of.packId} and o.price_cents > 0 and ${instantsOf(from, to)} group by 2`
      : sql`select o.item_id::text as key, date_trunc('month', o.created_at at time zone 'UTC')::date as month, 0::bigint as credits, sum(o.price_cents)::bigint as price_cents
          from owned_items o
          where o.item_id in (${idList(of.itemIds)}) and o.price_cents > 0 and ${instantsOf(from, to)} group by 1, 2`;
  const result = await db.execute(sql`
    select e.key, to_char(e.month, 'YYYY-MM-DD') as month, sum(e.credits)::bigint as credits, sum(e.price_cents)::bigint as price_cents,
           mp.status, mp.pool_cents, mp.credits as month_credits
    from (${credits} union all ${sales}) e
    left join monthly_payouts mp on mp.month = e.month
    group by e.key, e.month, mp.status, mp.pool_cents, mp.credits
    order by e.key, e.month`);
  return rowsOf<EarningsMonthRow>(result);
}
