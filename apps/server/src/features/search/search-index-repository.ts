import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { searchOutbox } from '../../db/schema/index.ts';
import type { IndexedItem, IndexedLabel } from './index/indexed-item.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { scanVector } from './search-text.ts';

/**
 * What the in-memory index reads from PostgreSQL, the source of truth: items (their words split by the
 * field weight the triggers gave them), packs, creators, the vocabulary, and the outbox of changes.
 */


interface ItemRow extends Record<string, unknown> {
  /** Everything but the name and the words, tab-separated (ids, numbers, enumeration labels and slugs hold no tab). */
  m: string;
  /** lower(name). */
  n: string;
  /** search_vector as PostgreSQL prints it. */
  v: string;
}

// Three text columns per row: a million rows parse several times faster than with twenty-five typed ones.
// The words are read from the tsvector's own text (PostgreSQL tokenised it), with their field weights.
const ITEM_SELECT = sql`
  select concat_ws(E'\t', i.id, i.pack_id, i.creator_id, i.search_pack_status, (i.taken_down_at is not null)::int,
           i.is_free::int + 2 * i.has_stems::int + 4 * i.has_midi::int,
           coalesce(i.type::text, ''), coalesce(i.kind::text, ''), coalesce(i.key::text, ''), coalesce(i.time_signature::text, ''),
           coalesce(i.feel::text, ''), coalesce(i.licence_type::text, ''), coalesce(i.plugin::text, ''),
           coalesce(i.search_bpm::text, ''), coalesce(i.bpm::text, ''),
           (extract(epoch from i.search_listed_at) * 1000000)::int8, coalesce(ip.score, 0),
           array_to_string(i.genres, ' '), array_to_string(i.instruments, ' ')) as m,
         lower(i.name) as n, i.search_vector::text as v
  from items i left join item_popularity ip on ip.item_id = i.id`;

const split = (s: string) => (s === '' ? [] : s.split(' '));
const orNull = (s: string) => (s === '' ? null : s);

/** An item with nothing in it yet, to be filled by readItemRow. */
function emptyItem(): IndexedItem {
  return {
    id: '', packId: '', creatorId: '', nameLower: '', words: [], weights: [], type: null, kind: null, key: null, timeSignature: null,
    feel: null, licenceType: null, plugin: null, searchBpm: null, bpm: null, isFree: false, hasStems: false, hasMidi: false,
    packStatus: 0, takenDown: false, listedAtMicros: 0, popularity: 0, genres: [], instruments: [],
  };
}

/**
 * The tab-separated fields of a row's `m`, read one after another: no list of them, and no string made of a
 * field that is a whole number.
 */
class Fields {
  private text = '';
  private at = 0;

  of(text: string): this {
    this.text = text;
    this.at = 0;
    return this;
  }

  /** The next field ('' when empty). */
  string(): string {
    const tab = this.text.indexOf('\t', this.at);
    const end = tab < 0 ? this.text.length : tab;
    const field = this.text.slice(this.at, end);
    this.at = end + 1;
    return field;
  }

  /** The next field, a whole number as PostgreSQL prints one (digits, maybe a minus first); null when empty. */
  integer(): number | null {
    const text = this.text;
    let i = this.at;
    const negative = text.charCodeAt(i) === 45; /* - */
    if (negative) i++;
    const first = i;
    let value = 0;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 9 /* tab */) break;
      value = value * 10 + (c - 48);
    }
    this.at = i + 1;
    if (i === first) return null;
    return negative ? -value : value;
  }

  /** The next field as a number (a real as PostgreSQL prints it); null when empty. */
  number(): number | null {
    const field = this.string();
    return field === '' ? null : Number(field);
  }
}

const fields = new Fields();

/**
 * Fills `item` from a row, its lists emptied first: one object can take a million rows in turn. With `vector`,
 * the words are left in the vector's text for the index to read (SearchIndex.addRead) instead of listed.
 */
function readItemRow(r: ItemRow, item: IndexedItem, vector = false): IndexedItem {
  const f = fields.of(r.m);
  item.id = f.string();
  item.packId = f.string();
  item.creatorId = f.string();
  item.packStatus = f.integer()!;
  item.takenDown = f.integer() === 1;
  const flags = f.integer()!;
  item.isFree = (flags & 1) !== 0;
  item.hasStems = (flags & 2) !== 0;
  item.hasMidi = (flags & 4) !== 0;
  item.type = orNull(f.string());
  item.kind = orNull(f.string());
  item.key = orNull(f.string());
  item.timeSignature = orNull(f.string());
  item.feel = orNull(f.string());
  item.licenceType = orNull(f.string());
  item.plugin = orNull(f.string());
  item.searchBpm = f.integer();
  item.bpm = f.number();
  item.listedAtMicros = f.integer()!;
  item.popularity = f.integer()!;
  splitInto(f.string(), item.genres);
  splitInto(f.string(), item.instruments);
  item.nameLower = r.n;
  if (vector) item.vector = r.v;
  else wordsOfVector(r.v, item);
  return item;
}

/** The space-separated words of `text` into `into` (emptied first). */
function splitInto(text: string, into: string[]) {
  into.length = 0;
  for (let from = 0; from < text.length; ) {
    const space = text.indexOf(' ', from);
    const end = space < 0 ? text.length : space;
    into.push(text.slice(from, end));
    from = end + 1;
  }
}

/**
 * The lexemes of a tsvector's text (`'kick':2A,7B 'trap':12C,15 'it''s':3`) with the best weight each has:
 * 3 for A (name) … 0 for D (pack and creator; PostgreSQL prints no letter for D).
 */
export function wordsOfVector(text: string, into: { words: string[]; weights: number[] } = { words: [], weights: [] }): { words: string[]; weights: number[] } {
  const { words, weights } = into;
  words.length = 0;
  weights.length = 0;
  scanVector(text, (from, to, _hash, word, weight) => {
    words.push(word ?? text.slice(from, to));
    weights.push(weight);
  });
  return into;
}

/**
 * Every item, in the order PostgreSQL finds them (a sequential read: in id order, the reads of a catalogue
 * larger than PostgreSQL's buffers would go all over the table), through a cursor in the caller's
 * transaction. Each batch is asked for before the one before it is handed over, so PostgreSQL reads it
 * meanwhile (a batch should fit the socket's buffers, or PostgreSQL stops writing it until it is read);
 * between batches the event loop runs. `onItem` is given the same object for every item, filled
 * again each time (a million objects with their lists were most of the read's garbage), its words left in
 * `vector` (a string made of each of 14 million words was the rest). Stops early when `stopped()` says so.
 */
export async function readCatalogue(tx: DbOrTx, onItem: (item: IndexedItem) => void, options: { batch: number; stopped: () => boolean }): Promise<void> {
  await tx.execute(sql`declare search_catalogue no scroll cursor for ${ITEM_SELECT}`);
  const fetchBatch = async () => rowsOf<ItemRow>(await tx.execute(sql`fetch forward ${sql.raw(String(options.batch))} from search_catalogue`));
  const item = emptyItem();
  let next: Promise<ItemRow[]> | null = fetchBatch();
  try {
    while (next) {
      const rows: ItemRow[] = await next;
      next = rows.length === options.batch && !options.stopped() ? fetchBatch() : null;
      // The statement asking for the next batch leaves in a later tick (the driver sends it asynchronously): yield
      // before adding this one, or PostgreSQL would wait for it meanwhile. Requests waiting (health, searches
      // answered by PostgreSQL) run then too.
      await yieldToEventLoop();
      for (const row of rows) onItem(readItemRow(row, item, true));
    }
  } finally {
    // A batch asked for ahead does not fail unheard when adding the one before failed (the cursor closes with the transaction).
    await next?.catch(() => {});
  }
}

export async function countItems(db: DbOrTx): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from items`))[0]?.n ?? 0);
}

export async function readItems(db: DbOrTx, ids: string[]): Promise<IndexedItem[]> {
  return rowsOf<ItemRow>(await db.execute(sql`${ITEM_SELECT} where i.id = any(${sql.param(ids)}::uuid[])`)).map((row) => readItemRow(row, emptyItem()));
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
  entity: (typeof searchOutbox.$inferSelect)['entity'];
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

/**
 * How far an index that has applied the outbox up to `lastId` is behind: the changes after it, and how long ago
 * the oldest of them was written (null when there is none). Two lookups on the primary key.
 */
export async function outboxLag(db: DbOrTx, lastId: number): Promise<{ changes: number; oldestSeconds: number | null }> {
  const rows = rowsOf<{ head: string | number; oldest_seconds: string | number | null }>(
    await db.execute(sql`
      select coalesce((select max(id) from search_outbox), 0) as head,
             extract(epoch from now() - (select at from search_outbox where id > ${lastId} order by id limit 1)) as oldest_seconds`),
  );
  const oldest = rows[0]?.oldest_seconds;
  return { changes: Math.max(0, Number(rows[0]?.head ?? 0) - lastId), oldestSeconds: oldest === null || oldest === undefined ? null : Math.max(0, Number(oldest)) };
}

/** Outbox rows every process has long read (each follows within a second; a new one starts from a snapshot). */
export async function pruneOutbox(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`delete from search_outbox where at < now() - make_interval(secs => ${olderThanSeconds})`);
}

/** The viewer's owned item ids (a few rows per user). */
export async function readOwnedItemIds(db: DbOrTx, userId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select item_id::text as id from owned_items where user_id = ${userId}`)).map((r) => r.id);
}

/** Which database this is (cluster and name), so a saved index is only ever loaded into the one it came from. */
export async function databaseIdentity(db: DbOrTx): Promise<string> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select (select system_identifier::text from pg_control_system()) || '/' || current_database() as id`));
  return rows[0]!.id;
}

/**
 * Whether the outbox still holds every change after `lastId`: its first row is at most the next id, or it is
 * empty and no id past `lastId` was ever handed out. (Rows are pruned by age, so an old position may be gone.)
 */
export async function outboxCovers(db: DbOrTx, lastId: number): Promise<boolean> {
  const rows = rowsOf<{ first: string | number | null; issued: string | number }>(
    await db.execute(sql`
      select (select min(id) from search_outbox) as first,
             (select case when is_called then last_value else 0 end from search_outbox_id_seq) as issued`),
  );
  const first = rows[0]?.first;
  return first === null || first === undefined ? Number(rows[0]?.issued ?? 0) <= lastId : Number(first) <= lastId + 1;
}
