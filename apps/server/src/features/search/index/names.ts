import { NAME_EQUALS_LEAD, NAME_STARTS_LEAD } from '../search-text.ts';
import { Column } from './columns.ts';
import type { SearchIndexState } from './index-state.ts';
import { documentNumbers, type KeySort } from './key-sort.ts';
import { permuteRuns } from './renumbering.ts';

/** Bytes of each name sorted as keys (four a key) before names alike that far are compared (see Names.sort). */
const NAME_KEY_BYTES = 16;

/** Names are kept as UTF-8 (see Names.nameBytes). */
const UTF8 = new TextEncoder();

/**
 * Name bytes an item is guessed to have, for reserving room before reading the catalogue (names are ~21 bytes in
 * the benchmark's catalogue): the column grows past it, each growth leaving the smaller array behind.
 */
const NAME_BYTES_PER_DOCUMENT = 24;

/** Name bytes for the names held (`used` bytes) and `more` documents to come. */
const bytesFor = (used: number, more: number) => used + more * NAME_BYTES_PER_DOCUMENT;

/** Each document's lower-cased name, and the documents in name order: what leads a relevance search. */
export class Names {
  /**
   * Lower-cased names as UTF-8 in one array (document d's bytes from nameStart[d] to nameStart[d + 1]): a
   * million names as strings would be a million objects for every full garbage collection to mark, and as
   * UTF-16 code units twice the bytes of names that are mostly ASCII. A name equals, or starts with, a text
   * exactly when its bytes equal, or start with, the text's (typed text never holds a lone surrogate: the
   * request refuses one, and words are letters and digits), so the name leads of relevance are unchanged.
   */
  private readonly nameBytes = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  private readonly nameStart = new Column(new Uint32Array(1), (n) => new Uint32Array(n));
  /**
   * Documents by name (as UTF-8 bytes compare, so every name starting with a text is one run of it): the
   * names that lead a relevance search are found by binary search instead of a comparison per match.
   * Sorted once the index is read; documents numbered later are looked at one by one (`later`).
   */
  private byName = new Uint32Array(0);
  /** Each sorted document's place in `byName` (documents numbered since have none). */
  private nameRank = new Uint32Array(0);

  /** Room for exactly `room` documents, `documents` of them numbered (names longer than most grow the bytes as they come). */
  reserve(room: number, documents: number) {
    this.nameStart.reserve(room + 1);
    this.nameBytes.reserve(bytesFor(this.nameStart.data[documents]!, room - documents));
  }

  /** Document `doc`'s name after the names of those before it. */
  append(doc: number, name: string) {
    const from = this.nameStart.data[doc]!;
    this.nameBytes.ensure(from + name.length);
    const bytes = this.nameBytes.data;
    let at = from;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (c >= 0x80) {
        // Not ASCII: the encoder writes the whole name (at most three bytes a code unit).
        this.nameBytes.ensure(from + name.length * 3);
        at = from + UTF8.encodeInto(name, this.nameBytes.data.subarray(from, from + name.length * 3)).written;
        break;
      }
      bytes[at++] = c;
    }
    this.nameStart.data[doc + 1] = at;
  }

  /** How many bytes the first `n` documents' names take. */
  byteLength(n: number): number {
    return this.nameStart.data[n]!;
  }

  /** Renumbers the first `order.length` documents (the document at order[d] becomes d); `scratch` holds their names and offsets. */
  permute(order: Uint32Array, scratch: ArrayBuffer) {
    permuteRuns(this.nameStart.data, this.nameBytes.data, order, scratch);
  }

  /**
   * Documents by name as their UTF-8 bytes compare (as code points do), ties by number: sorted by keys of
   * their first NAME_KEY_BYTES bytes (four a key, the last first), then each run of names alike that far by
   * comparing the rest where the names are kept — a comparison sort of them all takes about twice as long.
   */
  sort(sort: KeySort, n: number) {
    const bytes = this.nameBytes.data;
    const start = this.nameStart.data;
    const keys = sort.keys;
    const byName = documentNumbers(n);
    for (let i = NAME_KEY_BYTES - 4; i >= 0; i -= 4) {
      for (let doc = 0; doc < byName.length; doc++) {
        // Bytes i to i + 3 of the name, 0 past its end (names hold no U+0000, so a name sorts before those it starts).
        const from = start[doc]! + i;
        const length = start[doc + 1]! - from;
        if (length >= 4) keys[doc] = ((bytes[from]! << 24) | (bytes[from + 1]! << 16) | (bytes[from + 2]! << 8) | bytes[from + 3]!) >>> 0;
        else {
          let key = 0;
          for (let k = 0; k < 4; k++) key = (key << 8) | (k < length ? bytes[from + k]! : 0);
          keys[doc] = key >>> 0;
        }
      }
      sort.sort(byName);
    }
    const alike = (a: number, b: number) => {
      const from = start[a]!;
      const otherFrom = start[b]!;
      const length = Math.min(start[a + 1]! - from, NAME_KEY_BYTES);
      if (Math.min(start[b + 1]! - otherFrom, NAME_KEY_BYTES) !== length) return false;
      for (let i = 0; i < length; i++) if (bytes[from + i] !== bytes[otherFrom + i]) return false;
      return true;
    };
    const compareRest = (a: number, b: number) => {
      const length = start[a + 1]! - start[a]!;
      const otherLength = start[b + 1]! - start[b]!;
      const common = Math.min(length, otherLength);
      for (let i = NAME_KEY_BYTES; i < common; i++) {
        const c = bytes[start[a]! + i]! - bytes[start[b]! + i]!;
        if (c !== 0) return c;
      }
      return length - otherLength || a - b;
    };
    for (let from = 0; from < byName.length; ) {
      let to = from + 1;
      while (to < byName.length && alike(byName[from]!, byName[to]!)) to++;
      if (to - from > 1) byName.subarray(from, to).sort(compareRest);
      from = to;
    }
    this.byName = byName;
    this.rankNames();
  }

  /** A document's name compared with a text's UTF-8 bytes (as strings compare code points): negative when it sorts first. */
  private compareName(doc: number, text: Uint8Array): number {
    const bytes = this.nameBytes.data;
    const from = this.nameStart.data[doc]!;
    const length = this.nameStart.data[doc + 1]! - from;
    const common = Math.min(length, text.length);
    for (let i = 0; i < common; i++) {
      const c = bytes[from + i]! - text[i]!;
      if (c !== 0) return c;
    }
    return length - text.length;
  }

  private nameStartsWith(doc: number, text: Uint8Array): boolean {
    const bytes = this.nameBytes.data;
    const from = this.nameStart.data[doc]!;
    if (this.nameStart.data[doc + 1]! - from < text.length) return false;
    for (let i = 0; i < text.length; i++) if (bytes[from + i] !== text[i]) return false;
    return true;
  }

  private rankNames() {
    const byName = this.byName;
    const rank = new Uint32Array(byName.length);
    for (let i = 0; i < byName.length; i++) rank[byName[i]!] = i;
    this.nameRank = rank;
  }

  /**
   * The points a document's name adds to a relevance search: the names equal to the typed text, and then
   * those starting with it, are two runs of `byName` found by binary search, so a document's lead is two
   * comparisons of its rank (documents numbered since the sort compare their names).
   */
  leads(text: string): (doc: number) => number {
    const typed = UTF8.encode(text);
    const byName = this.byName;
    const rank = this.nameRank;
    const sorted = byName.length;
    const firstFrom = (lo: number, isAfter: (doc: number) => boolean) => {
      let hi = sorted;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (isAfter(byName[mid]!)) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    const from = firstFrom(0, (doc) => this.compareName(doc, typed) >= 0);
    const equalUpTo = firstFrom(from, (doc) => this.compareName(doc, typed) !== 0);
    const startsUpTo = firstFrom(equalUpTo, (doc) => !this.nameStartsWith(doc, typed));
    return (doc) => {
      if (doc < sorted) {
        const r = rank[doc]!;
        return r < from || r >= startsUpTo ? 0 : r < equalUpTo ? NAME_EQUALS_LEAD : NAME_STARTS_LEAD;
      }
      return this.compareName(doc, typed) === 0 ? NAME_EQUALS_LEAD : this.nameStartsWith(doc, typed) ? NAME_STARTS_LEAD : 0;
    };
  }

  /** The first `n` documents' names: views, not copies. */
  toState(n: number) {
    return {
      nameBytes: this.nameBytes.data.subarray(0, this.nameStart.data[n]!),
      nameStart: this.nameStart.data.subarray(0, n + 1),
      byName: this.byName,
    } satisfies Partial<SearchIndexState>;
  }

  /** A saved index's names (copied) into these empty ones, with room for `room` documents. */
  load(state: SearchIndexState, room: number) {
    const documents = state.nameStart.length - 1;
    this.nameBytes.load(state.nameBytes, bytesFor(state.nameStart[documents]!, room - documents));
    this.nameStart.load(state.nameStart, room + 1);
    this.byName = state.byName.slice();
    this.rankNames();
  }
}
