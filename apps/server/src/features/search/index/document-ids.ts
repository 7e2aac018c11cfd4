import { Column } from './columns.ts';
import type { SearchIndexState } from './index-state.ts';
import { documentNumbers, type KeySort } from './key-sort.ts';
import { permute } from './renumbering.ts';

/** Ids alike in their first 32 bits up to this many are ordered by comparing the rest, more by key sorts of the rest. */
const ID_RUN_COMPARED = 256;

/** A uuid's 128 bits as four 32-bit numbers, most significant first, written into `into` from `at`. */
function writeUuidWords(id: string, into: Uint32Array, at: number) {
  let word = 0;
  let digits = 0;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c === 45 /* - */) continue;
    // 0-9, then a-f or A-F.
    word = (word << 4) | (c <= 57 ? c - 48 : (c | 32) - 87);
    if (++digits % 8 === 0) into[at++] = word >>> 0;
  }
}

export function uuidWords(id: string): Uint32Array {
  const words = new Uint32Array(4);
  writeUuidWords(id, words, 0);
  return words;
}

/**
 * Each document's item id, as four 32-bit words (16 bytes a document, no strings). Documents read at start-up
 * are numbered in id order, so an id is found by binary search without a million-entry map; those numbered
 * since are kept in a map of their own.
 */
export class DocumentIds {
  private readonly column = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  /** Documents 0..sortedUpTo-1 are in id order (read at start-up): found by binary search. */
  sortedUpTo = 0;
  /** Documents numbered after start-up, by id. */
  readonly later = new Map<string, number>();

  /** The ids' words (document d's from 4d): valid until the next document is numbered. */
  get words(): Uint32Array {
    return this.column.data;
  }

  /** Room for exactly `room` documents. */
  reserve(room: number) {
    this.column.reserve(room * 4);
  }

  write(doc: number, id: string) {
    writeUuidWords(id, this.column.data, doc * 4);
  }

  /**
   * The documents in id order (documents read at start-up are numbered as PostgreSQL read them until then):
   * sorted by the ids' first 32 bits, which tell apart nearly all of them (random ids share them in about a
   * hundred pairs among a million), then each run of ids alike that far by the rest.
   */
  order(sort: KeySort, n: number): Uint32Array {
    const docs = documentNumbers(n);
    const ids = this.column.data;
    const keys = sort.keys;
    for (let doc = 0; doc < docs.length; doc++) keys[doc] = ids[doc * 4]!;
    sort.sort(docs);
    const compareRest = (a: number, b: number) => {
      for (let i = 1; i < 4; i++) {
        const x = ids[a * 4 + i]!;
        const y = ids[b * 4 + i]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    };
    for (let from = 0; from < docs.length; ) {
      const first = keys[docs[from]!]!;
      let to = from + 1;
      while (to < docs.length && keys[docs[to]!] === first) to++;
      if (to - from > 1) {
        const run = docs.subarray(from, to);
        if (run.length <= ID_RUN_COMPARED) run.sort(compareRest);
        else {
          // Ids that share much more than chance would (not random ones): by their other parts, last first.
          for (let part = 3; part >= 1; part--) {
            for (const doc of run) keys[doc] = ids[doc * 4 + part]!;
            sort.sort(run);
          }
        }
      }
      from = to;
    }
    return docs;
  }

  /** Renumbers the first `order.length` documents (the document at order[d] becomes d). */
  permute(order: Uint32Array, scratch: ArrayBuffer) {
    permute(this.column.data, order, 4, scratch);
  }

  docOf(id: string): number | undefined {
    const later = this.later.get(id);
    if (later !== undefined) return later;
    const key = uuidWords(id);
    let lo = 0;
    let hi = this.sortedUpTo - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.compareIdWords(mid, key);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** The id of a document, as PostgreSQL prints a uuid. */
  idOf(doc: number): string {
    const d = this.column.data;
    const hex = [d[doc * 4]!, d[doc * 4 + 1]!, d[doc * 4 + 2]!, d[doc * 4 + 3]!].map((w) => w.toString(16).padStart(8, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  compareIdWords(doc: number, key: Uint32Array): number {
    const d = this.column.data;
    for (let i = 0; i < 4; i++) {
      const a = d[doc * 4 + i]!;
      if (a !== key[i]) return a < key[i]! ? -1 : 1;
    }
    return 0;
  }

  compare(a: number, b: number): number {
    // Documents read at start-up are numbered in id order: their numbers compare as their ids do.
    if (a < this.sortedUpTo && b < this.sortedUpTo) return a - b;
    const d = this.column.data;
    for (let i = 0; i < 4; i++) {
      const x = d[a * 4 + i]!;
      const y = d[b * 4 + i]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /** The first `n` documents' ids: views, not copies. */
  toState(n: number) {
    return {
      sortedUpTo: this.sortedUpTo,
      laterIds: [...this.later.keys()],
      laterDocs: Uint32Array.from(this.later.values()),
      ids: this.column.data.subarray(0, n * 4),
    } satisfies Partial<SearchIndexState>;
  }

  /** A saved index's ids (copied) into these empty ones, with room for `room` documents. */
  load(state: SearchIndexState, room: number) {
    this.sortedUpTo = state.sortedUpTo;
    state.laterIds.forEach((id, i) => this.later.set(id, state.laterDocs[i]!));
    this.column.load(state.ids, room * 4);
  }
}
