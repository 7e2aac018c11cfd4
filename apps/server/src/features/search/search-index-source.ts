import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { IndexedItem, IndexedLabel } from './search-index.ts';

/**
 * What the in-memory index reads from PostgreSQL, the source of truth: items (their words split by the
 * field weight the triggers gave them), packs, creators, the vocabulary, and the outbox of changes.
 */

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface ItemRow extends Row {
  id: string;
  pack_id: string;
  creator_id: string;
  name: string;
  wa: string;
  wb: string;
  wc: string;
  wd: string;
  type: string | null;
  kind: string | null;
  key: string | null;
  time_signature: string | null;
  feel: string | null;
  licence_type: string | null;
  plugin: string | null;
  search_bpm: number | null;
  bpm: number | null;
  is_free: boolean;
  has_stems: boolean;
  has_midi: boolean;
  search_pack_status: number;
  taken_down: boolean;
  listed_us: string;
  popularity: number;
  genres: string;
  instruments: string;
}

// The words of each weight as one space-separated string: lexemes of the 'simple' parser hold no space,
// and one string per row parses far faster than four arrays.
const weightWords = (w: string) => sql.raw(`array_to_string(tsvector_to_array(ts_filter(i.search_vector, '{${w}}')), ' ')`);
const ITEM_SELECT = sql`
  select i.id::text as id, i.pack_id::text as pack_id, i.creator_id::text as creator_id, lower(i.name) as name,
         ${weightWords('a')} as wa, ${weightWords('b')} as wb, ${weightWords('c')} as wc, ${weightWords('d')} as wd,
         i.type::text as type, i.kind::text as kind, i.key::text as key, i.time_signature::text as time_signature, i.feel::text as feel,
         i.licence_type::text as licence_type, i.plugin::text as plugin, i.search_bpm, i.bpm, i.is_free, i.has_stems, i.has_midi,
         i.search_pack_status, i.taken_down_at is not null as taken_down,
         (extract(epoch from i.search_listed_at) * 1000000)::int8::text as listed_us,
         coalesce(ip.score, 0) as popularity,
         array_to_string(i.genres, ' ') as genres, array_to_string(i.instruments, ' ') as instruments
  from items i left join item_popularity ip on ip.item_id = i.id`;

const split = (s: string) => (s === '' ? [] : s.split(' '));

function toItem(r: ItemRow): IndexedItem {
  return {
    id: r.id,
    packId: r.pack_id,
    creatorId: r.creator_id,
    nameLower: r.name,
    words: [split(r.wa), split(r.wb), split(r.wc), split(r.wd)],
    type: r.type,
    kind: r.kind,
    key: r.key,
    timeSignature: r.time_signature,
    feel: r.feel,
    licenceType: r.licence_type,
    plugin: r.plugin,
    searchBpm: r.search_bpm === null ? null : Number(r.search_bpm),
    bpm: r.bpm === null ? null : Number(r.bpm),
    isFree: r.is_free,
    hasStems: r.has_stems,
    hasMidi: r.has_midi,
    packStatus: Number(r.search_pack_status),
    takenDown: r.taken_down,
    listedAtMicros: Number(r.listed_us),
    popularity: Number(r.popularity),
    genres: split(r.genres),
    instruments: split(r.instruments),
  };
}

/** Items in id order after `afterId` (start-up reads them all, a batch at a time). */
export async function readItemsAfter(db: DbOrTx, afterId: string | null, limit: number): Promise<IndexedItem[]> {
  const where: SQL = afterId ? sql`where i.id > ${afterId}::uuid` : sql``;
  return rowsOf<ItemRow>(await db.execute(sql`${ITEM_SELECT} ${where} order by i.id limit ${limit}`)).map(toItem);
}

export async function readItems(db: DbOrTx, ids: string[]): Promise<IndexedItem[]> {
  return rowsOf<ItemRow>(await db.execute(sql`${ITEM_SELECT} where i.id = any(${sql.param(ids)}::uuid[])`)).map(toItem);
}

export interface LabelRow extends IndexedLabel {
  /** The words search_remember_words keeps for a pack title or creator name. */
  words: string[];
}

async function readLabels(db: DbOrTx, table: 'packs' | 'creators', ids: string[] | null): Promise<LabelRow[]> {
  const label = sql.raw(table === 'packs' ? 'title' : 'name');
  const where = ids ? sql`where id = any(${sql.param(ids)}::uuid[])` : sql``;
  const rows = rowsOf<{ id: string; slug: string; label: string; words: string }>(
    await db.execute(
      sql`select id::text as id, slug, ${label} as label, array_to_string(tsvector_to_array(to_tsvector('simple', ${label})), ' ') as words from ${sql.identifier(table)} ${where}`,
    ),
  );
  return rows.map((r) => ({ id: r.id, slug: r.slug, label: r.label, words: split(r.words) }));
}

export const readPacks = (db: DbOrTx, ids: string[] | null) => readLabels(db, 'packs', ids);
export const readCreators = (db: DbOrTx, ids: string[] | null) => readLabels(db, 'creators', ids);

export async function readVocabulary(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ word: string }>(await db.execute(sql`select word from search_words`)).map((r) => r.word);
}

export interface OutboxRow {
  id: number;
  entity: 'item' | 'pack' | 'creator';
  entityId: string;
}

/** Outbox rows after `afterId`, plus any of `holes` (ids skipped earlier: written by transactions that had not committed yet). */
export async function readOutbox(db: DbOrTx, afterId: number, holes: number[], limit: number): Promise<OutboxRow[]> {
  const rows = rowsOf<{ id: string | number; entity: OutboxRow['entity']; entity_id: string }>(
    await db.execute(sql`
      select id, entity, entity_id::text as entity_id from search_outbox
      where id > ${afterId} ${holes.length > 0 ? sql`or id = any(${sql.param(holes)}::int8[])` : sql``}
      order by id limit ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), entity: r.entity, entityId: r.entity_id }));
}

/** The outbox's last id, and which of the ids shortly before it are not visible (not committed yet, or rolled back). */
export async function outboxHead(db: DbOrTx, window: number): Promise<{ head: number; invisible: number[] }> {
  const rows = rowsOf<{ head: string | number | null; invisible: (string | number)[] | null }>(
    await db.execute(sql`
      with h as (select coalesce(max(id), 0) as head from search_outbox)
      select h.head,
             (select array_agg(g) from generate_series(greatest(h.head - ${window}, 0) + 1, h.head) g
              where not exists (select 1 from search_outbox o where o.id = g)) as invisible
      from h`),
  );
  return { head: Number(rows[0]?.head ?? 0), invisible: (rows[0]?.invisible ?? []).map(Number) };
}

/** Outbox rows every process has long read (each follows within a second; a new one starts from a snapshot). */
export async function pruneOutbox(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`delete from search_outbox where at < now() - make_interval(secs => ${olderThanSeconds})`);
}

/** The viewer's owned item ids (a few rows per user). */
export async function readOwnedItemIds(db: DbOrTx, userId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select item_id::text as id from owned_items where user_id = ${userId}`)).map((r) => r.id);
}
