import { invalidCursor } from '../../../http/page-cursor.ts';
import type { SearchRequest } from '../search-request.ts';
import { randomKey } from '../search-text.ts';
import type { DocumentColumns } from './document-columns.ts';
import { type DocumentIds, uuidWords } from './document-ids.ts';
import type { SearchIndexState } from './index-state.ts';
import { documentNumbers, type KeySort } from './key-sort.ts';
import type { RelevanceScorer } from './relevance.ts';

export interface Order {
  /** Computes what the order compares for the listed matches, before any is compared. */
  prepare?(docs: Uint32Array, n: number, match: Uint32Array): void;
  /** Negative when document a comes before b. */
  before(a: number, b: number): number;
  /** The order's first criterion as a number, smaller first: before(a, b) < 0 implies rank(a) <= rank(b). */
  rank(doc: number): number;
  /** The cursor value of a document, as the SQL engine prints it. */
  value(doc: number): string | null;
  /** The documents after a cursor. */
  after(value: string | null, id: string): (doc: number) => boolean;
}

/** The documents newest first, most popular first and by BPM (ties as the sorts break them), sorted once the index is read. */
export class SortedOrders {
  private byNewest = new Uint32Array(0);
  private byPopular = new Uint32Array(0);
  private byBpm = new Uint32Array(0);

  /**
   * The orders of the newest, popular and BPM sorts, exactly as their comparisons order documents (the
   * documents are in id order here: ties by id are ties by number). Sorted by keys, a pass per 16 bits.
   */
  sort(sort: KeySort, columns: DocumentColumns, n: number) {
    const key = sort.keys;
    const at = columns.listedAt.data;
    // Newest first, ties by id descending: listing times are whole microseconds, under 2^53 either side of 1970.
    this.byNewest = documentNumbers(n).reverse();
    for (let doc = 0; doc < n; doc++) key[doc] = 0xffffffff - (at[doc]! % 2 ** 32 + 2 ** 32) % 2 ** 32;
    sort.sort(this.byNewest);
    for (let doc = 0; doc < n; doc++) key[doc] = 0x7fffffff - Math.floor(at[doc]! / 2 ** 32);
    sort.sort(this.byNewest);
    // Most popular first, ties by id descending.
    const pop = columns.popularity.data;
    this.byPopular = documentNumbers(n).reverse();
    for (let doc = 0; doc < n; doc++) key[doc] = 0x7fffffff - pop[doc]!;
    sort.sort(this.byPopular);
    // Slowest first, no BPM last, ties by id: a positive float's bits order as its value (bpm > 0 in the database).
    const bpmBits = new Uint32Array(columns.bpm.data.buffer, columns.bpm.data.byteOffset, n);
    this.byBpm = documentNumbers(n);
    for (let doc = 0; doc < n; doc++) key[doc] = Number.isNaN(columns.bpm.data[doc]) ? 0xffffffff : bpmBits[doc]!;
    sort.sort(this.byBpm);
  }

  /** The documents in a sort's order, when it is one kept sorted. */
  presorted(sort: SearchRequest['sort']): Uint32Array | null {
    if (sort === 'newest') return this.byNewest;
    if (sort === 'popular') return this.byPopular;
    if (sort === 'bpm') return this.byBpm;
    return null;
  }

  toState() {
    return { byNewest: this.byNewest, byPopular: this.byPopular, byBpm: this.byBpm } satisfies Partial<SearchIndexState>;
  }

  /** A saved index's orders (copied). */
  load(state: SearchIndexState) {
    this.byNewest = state.byNewest.slice();
    this.byPopular = state.byPopular.slice();
    this.byBpm = state.byBpm.slice();
  }
}

/** What the sorts read: ids (every tie), the columns of their values, and relevance scores. */
export interface OrderSources {
  ids: DocumentIds;
  columns: DocumentColumns;
  relevance: RelevanceScorer;
}

/** A sort as the index computes it: exactly the values and tie-breaks of postgres-search-engine.ts's sortPlan. */
export function orderOf(request: SearchRequest, documents: number, { ids: documentIds, columns, relevance }: OrderSources): Order {
  // decodeCursor checked the value's form for this sort and that the id is a uuid.
  const text = (v: string | null) => {
    if (v === null) throw invalidCursor();
    return v;
  };
  const number = (v: string | null) => {
    const n = Number(text(v));
    if (!Number.isFinite(n)) throw invalidCursor();
    return n;
  };
  const cursorId = (id: string) => uuidWords(id.toLowerCase());
  const ids = (a: number, b: number) => documentIds.compare(a, b);
  switch (request.sort) {
    case 'relevance': {
      // Computed once per matching document (prepare), read by every comparison.
      const scores = relevance.scores(documents);
      const score = (doc: number) => scores[doc]!;
      return {
        prepare: (docs, n, match) => relevance.score(request, scores, docs, n, match, documents),
        before: (a, b) => score(b) - score(a) || ids(a, b),
        rank: (doc) => -score(doc),
        value: (doc) => String(score(doc)),
        after: (v, id) => {
          const s = number(v);
          const key = cursorId(id);
          return (doc) => score(doc) < s || (score(doc) === s && documentIds.compareIdWords(doc, key) > 0);
        },
      };
    }
    case 'newest': {
      const at = columns.listedAt.data;
      return {
        before: (a, b) => at[b]! - at[a]! || ids(b, a),
        rank: (doc) => -at[doc]!,
        value: (doc) => microsToTimestamp(at[doc]!),
        after: (v, id) => {
          const s = timestampToMicros(text(v));
          if (s === null) throw invalidCursor();
          const key = cursorId(id);
          return (doc) => at[doc]! < s || (at[doc] === s && documentIds.compareIdWords(doc, key) < 0);
        },
      };
    }
    case 'popular': {
      const pop = columns.popularity.data;
      return {
        before: (a, b) => pop[b]! - pop[a]! || ids(b, a),
        rank: (doc) => -pop[doc]!,
        value: (doc) => String(pop[doc]),
        after: (v, id) => {
          const s = number(v);
          const key = cursorId(id);
          return (doc) => pop[doc]! < s || (pop[doc] === s && documentIds.compareIdWords(doc, key) < 0);
        },
      };
    }
    case 'bpm': {
      const bpm = columns.bpm.data;
      return {
        before: (a, b) => compareBpm(bpm, documentIds, a, b),
        rank: (doc) => (Number.isNaN(bpm[doc]!) ? Infinity : bpm[doc]!),
        value: (doc) => (Number.isNaN(bpm[doc]!) ? null : float4Text(bpm[doc]!)),
        after: (v, id) => {
          const key = cursorId(id);
          if (v === null) return (doc) => Number.isNaN(bpm[doc]!) && documentIds.compareIdWords(doc, key) > 0;
          const s = Math.fround(number(v));
          return (doc) => Number.isNaN(bpm[doc]!) || bpm[doc]! > s || (bpm[doc] === s && documentIds.compareIdWords(doc, key) > 0);
        },
      };
    }
    case 'random': {
      const d = documentIds.words;
      const seed = request.seedNumber;
      const key = (doc: number) => randomKey(d[doc * 4 + 3]!, seed);
      return {
        before: (a, b) => key(a) - key(b) || ids(a, b),
        rank: key,
        value: (doc) => String(key(doc)),
        after: (v, id) => {
          const s = number(v);
          const k = cursorId(id);
          return (doc) => key(doc) > s || (key(doc) === s && documentIds.compareIdWords(doc, k) > 0);
        },
      };
    }
  }
}

/** The BPM sort: slowest first, sounds without a BPM last, ties by id. */
function compareBpm(bpm: Float32Array, ids: DocumentIds, a: number, b: number): number {
  const x = bpm[a]!;
  const y = bpm[b]!;
  if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
  return (Number.isNaN(x) ? 0 : x - y) || ids.compare(a, b);
}

/** search_listed_at as PostgreSQL prints a timestamptz in UTC (`2026-11-23 19:00:00.1234+00`), so both engines write the same cursors. */
function microsToTimestamp(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = String(micros - seconds * 1_000_000).padStart(6, '0').replace(/0+$/, '');
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

/** A real as PostgreSQL prints it: the shortest decimal that reads back as the same 32-bit float. */
function float4Text(x: number): string {
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(x.toPrecision(digits));
    if (Math.fround(shortest) === x) return String(shortest);
  }
  return String(Number(x.toPrecision(9)));
}

/** A timestamp as PostgreSQL prints it (`2026-11-23 19:00:00.123456+00`) or as the index does, to microseconds. */
function timestampToMicros(text: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(text);
  if (!m) return null;
  const zone = m[4] === 'Z' ? 'Z' : m[4]!.length === 3 ? `${m[4]}:00` : m[4]!.includes(':') ? m[4] : `${m[4]!.slice(0, 3)}:${m[4]!.slice(3)}`;
  const seconds = Date.parse(`${m[1]}T${m[2]}${zone}`);
  if (Number.isNaN(seconds)) return null;
  return seconds * 1000 + Number((m[3] ?? '').padEnd(6, '0'));
}
