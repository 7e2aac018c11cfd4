import type { SearchFacets, SearchQuery } from '@crate/contract/search';
import { FEELS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { encodeCursor, invalidCursor } from '../../http/page-cursor.ts';
import { BPM_EDGES, bpmBucketOf, type FacetCount, presentFacets, TOP_LIST_FACET } from './search-facets.ts';
import type { SearchScope } from './search-engine.ts';
import type { ResolvedWord, SearchRequest } from './search-request.ts';
import { hashOfWord, MAX_COMPLETIONS, NAME_EQUALS_LEAD, NAME_STARTS_LEAD, randomKey, RELEVANCE_WEIGHTS, scanVector } from './search-text.ts';

/**
 * The search index of one API process (docs/decisions/0018-search-index.md): every item as a document
 * number, its facet values in typed-array columns, its words in postings (or bitsets), and the listed / archived
 * corpora as bitsets. A query is bitset operations (corpus ∧ each word group), then one pass over the
 * matching documents that applies the filters, counts every facet and keeps the top of the page — or,
 * when the matches are most of the corpus, a pass over the rest that is subtracted from kept totals.
 *
 * Documents are never moved: an item that changes gets a new number and its old one is dropped from the
 * corpora (postings keep dead numbers; they are masked by the corpus bitsets). Items read at start-up are
 * numbered in id order, so an id is found by binary search without a million-entry map.
 */

/** One item as the index reads it (search-index-source.ts). */
export interface IndexedItem {
  id: string;
  packId: string;
  creatorId: string;
  /** lower(name), as PostgreSQL lower-cases it. */
  nameLower: string;
  /** The item's indexed words (each once) … */
  words: string[];
  /** … and the best field each occurs in: 3 name (A), 2 tags/instruments/kind/plugin (B), 1 genres (C), 0 pack/creator (D). */
  weights: number[];
  /**
   * search_vector as PostgreSQL prints it, when the words are to be read from it instead (the catalogue read
   * at start-up: SearchIndex.addRead numbers its lexemes without a string made of each); `words` are then empty.
   */
  vector?: string;
  type: string | null;
  kind: string | null;
  key: string | null;
  timeSignature: string | null;
  feel: string | null;
  licenceType: string | null;
  plugin: string | null;
  searchBpm: number | null;
  bpm: number | null;
  isFree: boolean;
  hasStems: boolean;
  hasMidi: boolean;
  packStatus: number;
  takenDown: boolean;
  /** search_listed_at in microseconds since the epoch. */
  listedAtMicros: number;
  popularity: number;
  genres: string[];
  instruments: string[];
}

export interface IndexedLabel {
  id: string;
  slug: string;
  /** A pack's title, a creator's name. */
  label: string;
}

const FREE = 1;
const STEMS = 2;
const MIDI = 4;
/** Points per weight code (0 = D … 3 = A). */
const POINTS = [RELEVANCE_WEIGHTS.D, RELEVANCE_WEIGHTS.C, RELEVANCE_WEIGHTS.B, RELEVANCE_WEIGHTS.A];

const ENUM_DIMS = ['type', 'kind', 'key', 'time_signature', 'feel', 'licence_type', 'plugin'] as const;
type EnumDim = (typeof ENUM_DIMS)[number];

/** bpm buckets by their first BPM / 10 (0 = below 60, 18 = 180 and above). */
const BPM_SLOTS = 19;

/**
 * Facet values counted together. Each enumeration has a few values (the contract's, plus "none"), so a
 * document's type, kind, metre, feel, licence and plugin fit in one 16-bit number, and its key, flags and
 * BPM bucket in another: counting a result is two histogram passes over those instead of ten column passes,
 * and the histograms are split into each facet's counts afterwards (a few thousand cells).
 */
const ENUM_RADIX: Record<EnumDim, number> = {
  type: ITEM_TYPES.length + 1,
  kind: ITEM_KINDS.length + 1,
  key: MUSICAL_KEYS.length + 1,
  time_signature: TIME_SIGNATURES.length + 1,
  feel: FEELS.length + 1,
  licence_type: LICENCE_TYPES.length + 1,
  plugin: PRESET_PLUGINS.length + 1,
};
/** The codes an enumeration may have (Codes refuses more: the packed values would not hold them). */
const enumLimit = (dim: EnumDim) => ({ codes: ENUM_RADIX[dim], of: dim });
const PACKED_A_DIMS = ['type', 'kind', 'time_signature', 'feel', 'licence_type', 'plugin'] as const satisfies readonly EnumDim[];
const PACKED_A_STRIDES = PACKED_A_DIMS.map((_, i) => PACKED_A_DIMS.slice(0, i).reduce((product, dim) => product * ENUM_RADIX[dim], 1));
const PACKED_A_SIZE = PACKED_A_DIMS.reduce((product, dim) => product * ENUM_RADIX[dim], 1);
/** key + radix × (flags + 8 × BPM slot), the slot BPM_SLOTS meaning "no BPM". */
const KEY_RADIX = ENUM_RADIX.key;
const PACKED_B_SIZE = KEY_RADIX * 8 * (BPM_SLOTS + 1);

/** The BPM facet's bucket of a search BPM as a slot number (its first BPM / 10). */
const bpmSlotOf = (bpm: number) => bpmBucketOf(bpm) / 10;

/** Strings to small numbers and back; code 0 is "none". */
class Codes {
  /** `limit`: how many codes there may be (an enumeration's radix, "none" included), and what they are codes of. */
  constructor(private readonly limit?: { codes: number; of: string }) {}
  readonly values: (string | null)[] = [null];
  private readonly byValue = new Map<string, number>();
  /** The value asked for last and its code: the catalogue is stored pack by pack, so rows often repeat it. */
  private last: string | null = null;
  private lastCode = 0;
  code(value: string | null): number {
    if (value === null) return 0;
    if (value === this.last) return this.lastCode;
    let c = this.byValue.get(value);
    if (c === undefined) {
      c = this.values.length;
      if (this.limit && c >= this.limit.codes) throw new Error(`${this.limit.of} has more values than the contract declares`);
      this.values.push(value);
      this.byValue.set(value, c);
    }
    this.last = value;
    this.lastCode = c;
    return c;
  }
  find(value: string): number | undefined {
    return this.byValue.get(value);
  }
  /** The codes of a saved index, in the same order (code 0 stays "none"). */
  static of(values: readonly (string | null)[], limit?: { codes: number; of: string }): Codes {
    const codes = new Codes(limit);
    for (const value of values.slice(1)) codes.code(value);
    return codes;
  }
}

/** A growable list of numbers in a typed array. */
class Column<T extends Uint8Array | Uint16Array | Uint32Array | Int16Array | Int32Array | Float32Array | Float64Array> {
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  ensure(n: number) {
    if (n <= this.data.length) return;
    const next = this.make(Math.max(n, Math.ceil(this.data.length * 1.5) + 16));
    next.set(this.data as never);
    this.data = next;
  }
}

/**
 * Pack or creator codes, one per document: 16 bits each while every code fits (a million sounds come in some
 * 20,000 packs), widened to 32 bits by setCode once one does not. It grows in the width it has.
 */
function codeColumn(): Column<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>> {
  const column: Column<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>> = new Column(new Uint16Array(0), (n) => (column.data instanceof Uint16Array ? new Uint16Array(n) : new Uint32Array(n)));
  return column;
}

function setCode(column: Column<Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>, doc: number, code: number) {
  if (code > 0xffff && column.data instanceof Uint16Array) column.data = Uint32Array.from(column.data);
  column.data[doc] = code;
}

/** How many 32-bit words a bitset of the whole index takes, and how many to allocate for one (with room to grow). */
interface Extent {
  words: number;
  reservedWords: number;
}

/** A bitset that grows as documents are numbered; past its end it reads as zeros. */
class GrowingBits {
  data = new Uint32Array(0);
  /** `minWords`: its first allocation (the index's reserved extent), so that it is made once, not grown step by step. */
  constructor(private readonly minWords = 0) {}
  dropIfEmpty() {
    if (this.data.every((word) => word === 0)) this.data = new Uint32Array(0);
  }
  /** Its data, allocated at the first allocation's size if it was not yet. */
  reserved(): Uint32Array {
    if (this.data.length < this.minWords) this.data = new Uint32Array(this.minWords);
    return this.data;
  }
  add(doc: number) {
    const word = doc >>> 5;
    if (this.data.length <= word) {
      const grown = new Uint32Array(Math.max(word + 1, this.minWords, Math.ceil(this.data.length * 1.25) + 256));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[word]! |= 1 << (doc & 31);
  }
}

/**
 * A word in many documents, kept instead of its posting: its documents as a bitset, and the weight code (0–3)
 * each has it at as two more (its high and low bit), so a match's weight is three bit reads instead of a
 * search of the posting — and a word in a tenth of a million documents takes three 125 KB bitsets instead
 * of a 500 KB posting.
 */
class CommonWord {
  readonly docs: GrowingBits;
  private readonly high: GrowingBits;
  private readonly low: GrowingBits;
  /** How many documents have the word (as a posting's length: numbers since dropped included). */
  count = 0;
  constructor(extent: Extent) {
    this.docs = new GrowingBits(extent.reservedWords);
    this.high = new GrowingBits(extent.reservedWords);
    this.low = new GrowingBits(extent.reservedWords);
  }
  add(doc: number, weight: number) {
    this.docs.add(doc);
    if (weight & 2) this.high.add(doc);
    if (weight & 1) this.low.add(doc);
    this.count += 1;
  }
  /**
   * Its three bitsets made at their reserved size, for `count` documents to be set in them directly (reading a
   * catalogue); then readDone().
   */
  readBits(count: number): [Uint32Array, Uint32Array, Uint32Array] {
    this.count = count;
    return [this.docs.reserved(), this.high.reserved(), this.low.reserved()];
  }
  /** A weight bitset no document was set in is dropped (as if never made: a word only ever in one field). */
  readDone() {
    this.high.dropIfEmpty();
    this.low.dropIfEmpty();
  }
  /** Its documents, ascending, and their weight codes, as a posting holds them (written from `at`). */
  listInto(docs: Uint32Array, weights: Uint8Array, at: number) {
    const bits = this.docs.data;
    for (let w = 0; w < bits.length; w++) {
      let bitsLeft = bits[w]!;
      while (bitsLeft !== 0) {
        const low = bitsLeft & -bitsLeft;
        const doc = (w << 5) | (31 - Math.clz32(low));
        bitsLeft ^= low;
        docs[at] = doc;
        weights[at] = (bitOf(this.high.data, doc) << 1) | bitOf(this.low.data, doc);
        at += 1;
      }
    }
  }
  /** The weight code of a document that has the word; -1 for one that has not. */
  weightOf(doc: number): number {
    if (!bitOf(this.docs.data, doc)) return -1;
    return (bitOf(this.high.data, doc) << 1) | bitOf(this.low.data, doc);
  }
}

/** A bit of a bitset (0 past its end). */
const bitOf = (bits: Uint32Array, doc: number): number => ((bits[doc >>> 5] ?? 0) >>> (doc & 31)) & 1;

/** Documents having a word or a facet value: a bitset, or an ascending list of them. */
type DocSource = { bits: Uint32Array; docs?: undefined } | { bits?: undefined; docs: Uint32Array; length: number };

/**
 * The documents having one facet value: a list while they are fewer than the index's 32-bit words, then a
 * bitset (whichever is smaller: most genres, instruments and keys are in a few documents of a hundred).
 */
class ValueDocs {
  private docs: Uint32Array | null = new Uint32Array(8);
  private length = 0;
  private bits: GrowingBits | null = null;
  add(doc: number, extent: Extent) {
    if (this.bits) return this.bits.add(doc);
    let docs = this.docs!;
    if (this.length === docs.length) {
      if (this.length >= Math.max(256, extent.words)) {
        const bits = new GrowingBits(extent.reservedWords);
        for (let i = 0; i < this.length; i++) bits.add(docs[i]!);
        bits.add(doc);
        this.bits = bits;
        this.docs = null;
        return;
      }
      docs = new Uint32Array(docs.length * 2);
      docs.set(this.docs!);
      this.docs = docs;
    }
    docs[this.length++] = doc;
  }
  get source(): DocSource {
    return this.bits ? { bits: this.bits.data } : { docs: this.docs!, length: this.length };
  }
}

/** The documents of each value (by code) of one facet. */
class FacetDocs {
  private readonly values: (ValueDocs | undefined)[] = [];
  add(code: number, doc: number, extent: Extent) {
    (this.values[code] ??= new ValueDocs()).add(doc, extent);
  }
  /** The documents of `codes` (values no document has are left out). */
  sourcesOf(codes: Iterable<number>): DocSource[] {
    const out: DocSource[] = [];
    for (const code of codes) {
      const docs = this.values[code];
      if (docs) out.push(docs.source);
    }
    return out;
  }
}

/**
 * The matching documents of one search: a bitset as long as the index and, once an operation has run, the
 * list of its words that may be non-zero (every other word is zero). Later ANDs, counts and listings read
 * those words only: a text search with a filter or two matches a few hundred documents of a million, and
 * reading all 31,250 words for each operation would be most of its cost.
 */
class MatchBits {
  bits = new Uint32Array(0);
  private active = new Uint32Array(0);
  /** How many words `active` lists, ascending; -1 while every word may be non-zero. */
  private activeCount = -1;
  private words = 0;
  private kept = new Uint32Array(0);

  /** Starts from a corpus's bitset (its first `words` words). */
  reset(corpus: Uint32Array, words: number) {
    if (this.bits.length < words) {
      this.bits = new Uint32Array(Math.ceil(words * 1.25) + 64);
      this.active = new Uint32Array(this.bits.length);
    }
    this.words = words;
    this.bits.set(corpus.subarray(0, words));
    this.activeCount = -1;
  }

  has(doc: number): boolean {
    return (this.bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  remove(doc: number) {
    this.bits[doc >>> 5]! &= ~(1 << (doc & 31));
  }

  /** Keeps the documents that are in any of `sets` (none: nothing is kept). */
  andAny(sets: Uint32Array[]) {
    if (sets.length === 1) return this.rewrite(sets[0]!, false);
    const bits = this.bits;
    const active = this.active;
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : active[i]!;
      let any = 0;
      for (const set of sets) if (w < set.length) any |= set[w]!;
      const value = bits[w]! & any;
      bits[w] = value;
      if (value !== 0) active[n++] = w;
    }
    this.activeCount = n;
  }

  /** Keeps the documents that are not in `source`. */
  andNot(source: DocSource | undefined) {
    if (!source) return;
    if (source.bits) return this.rewrite(source.bits, true);
    for (let i = 0; i < source.length; i++) this.remove(source.docs[i]!);
  }

  /** bits ∧= set (or ∧= ¬set), over the words that may be non-zero, noting which still are. */
  private rewrite(set: Uint32Array, not: boolean) {
    const bits = this.bits;
    const active = this.active;
    const length = set.length;
    const flip = not ? -1 : 0;
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : active[i]!;
      const value = bits[w]! & ((w < length ? set[w]! : 0) ^ flip);
      bits[w] = value;
      if (value !== 0) active[n++] = w;
    }
    this.activeCount = n;
  }

  /**
   * Keeps the documents that are in any of `lists` (ascending document lists, such as postings): each listed
   * document is looked up, so this costs their length, not the index's.
   */
  andLists(lists: { docs: Uint32Array; length: number }[]) {
    let total = 0;
    for (const list of lists) total += list.length;
    if (this.kept.length < total) this.kept = new Uint32Array(Math.ceil(total * 1.25) + 64);
    const kept = this.kept;
    const bits = this.bits;
    let n = 0;
    for (const list of lists) {
      for (let i = 0; i < list.length; i++) {
        const doc = list.docs[i]!;
        if (bits[doc >>> 5]! & (1 << (doc & 31))) kept[n++] = doc;
      }
    }
    if (this.activeCount < 0) bits.fill(0, 0, this.words);
    else for (let i = 0; i < this.activeCount; i++) bits[this.active[i]!] = 0;
    // The non-zero words, ascending (several lists are not in one order together).
    if (lists.length > 1) kept.subarray(0, n).sort();
    const active = this.active;
    let words = 0;
    for (let k = 0; k < n; k++) {
      const doc = kept[k]!;
      const w = doc >>> 5;
      if (words === 0 || active[words - 1] !== w) active[words++] = w;
      bits[w]! |= 1 << (doc & 31);
    }
    this.activeCount = words;
  }

  count(): number {
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const word = this.bits[dense ? i : this.active[i]!]!;
      if (word !== 0) n += popcount(word);
    }
    return n;
  }

  /** Lists the documents (ascending) into `docs` and returns how many; one failing `test` is removed instead. */
  list(docs: Uint32Array, test: (doc: number) => boolean): number {
    const bits = this.bits;
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : this.active[i]!;
      let bitsLeft = bits[w]!;
      while (bitsLeft !== 0) {
        const low = bitsLeft & -bitsLeft;
        const doc = (w << 5) | (31 - Math.clz32(low));
        bitsLeft ^= low;
        if (test(doc)) docs[n++] = doc;
        else bits[w]! &= ~low;
      }
    }
    return n;
  }
}

/** Documents an index may number after a scratch array was made before it has to be made again. */
const SCRATCH_ROOM = 65_536;

/** Arrays every search reuses, grown with the index. */
class Scratch {
  private readonly words = new Map<string, Uint32Array>();
  private bytes = new Uint8Array(0);
  private ints = new Int32Array(0);
  uint32(name: string, length: number): Uint32Array {
    let array = this.words.get(name);
    if (!array || array.length < length) {
      array = new Uint32Array(length + SCRATCH_ROOM);
      this.words.set(name, array);
    }
    return array;
  }
  uint8(length: number): Uint8Array {
    if (this.bytes.length < length) this.bytes = new Uint8Array(length + SCRATCH_ROOM);
    return this.bytes;
  }
  int32(length: number): Int32Array {
    if (this.ints.length < length) this.ints = new Int32Array(length + SCRATCH_ROOM);
    return this.ints;
  }
}

/** A word's documents (ascending) and the best weight code each has it at. */
interface Posting {
  docs: Uint32Array;
  weights: Uint8Array;
  length: number;
}

interface LabelTable {
  codes: Codes;
  rows: (IndexedLabel | null)[];
  bySlug: Map<string, number>;
}

const newLabels = (): LabelTable => ({ codes: new Codes(), rows: [null], bySlug: new Map() });

/**
 * Genres (or instruments) of every document: its first two codes in one 32-bit word (16 bits each, 0 for
 * none), and the codes after those of the few documents with more than two in a list of their own (those
 * documents ascending, each with its run of codes). Counting a search's tags reads one word per match: a
 * run per document (its start, then its codes) took twice as long.
 */
class TagColumn {
  table = new Codes();
  private readonly pair = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  /** Documents with more than two codes, ascending; the i-th one's codes after its first two are moreCodes[moreStart[i]] …. */
  private readonly moreDocs = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  private readonly moreStart = new Column(new Uint32Array(1), (n) => new Uint32Array(n));
  private readonly moreCodes = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  private more = 0;

  /** Room for `n` documents. */
  ensure(n: number) {
    this.pair.ensure(n);
  }

  /** Document `doc`'s values (a document numbered after every other with more than two). */
  set(doc: number, values: readonly string[]) {
    const first = values.length > 0 ? this.table.code(values[0]!) : 0;
    const second = values.length > 1 ? this.table.code(values[1]!) : 0;
    this.pair.data[doc] = (first | (second << 16)) >>> 0;
    if (values.length <= 2) return;
    this.moreDocs.ensure(this.more + 1);
    this.moreStart.ensure(this.more + 2);
    const from = this.moreStart.data[this.more]!;
    this.moreCodes.ensure(from + values.length - 2);
    for (let i = 2; i < values.length; i++) this.moreCodes.data[from + i - 2] = this.table.code(values[i]!);
    this.moreDocs.data[this.more] = doc;
    this.moreStart.data[this.more + 1] = from + values.length - 2;
    this.more += 1;
  }

  /** Each of document `doc`'s codes. */
  forEach(doc: number, fn: (code: number) => void) {
    const pair = this.pair.data[doc]!;
    if ((pair & 0xffff) !== 0) fn(pair & 0xffff);
    if (pair >>> 16 === 0) return;
    fn(pair >>> 16);
    const i = findSorted(this.moreDocs.data, this.more, doc);
    if (i >= 0) for (let at = this.moreStart.data[i]!; at < this.moreStart.data[i + 1]!; at++) fn(this.moreCodes.data[at]!);
  }

  /** Adds `sign` to the count of every code of the first `n` documents of `docs` (ascending); counts[0] takes the empty slots. */
  count(counts: Int32Array, docs: Uint32Array, n: number, sign: number) {
    const pairs = this.pair.data;
    for (let k = 0; k < n; k++) {
      const pair = pairs[docs[k]!]!;
      counts[pair & 0xffff]! += sign;
      counts[pair >>> 16]! += sign;
    }
    const moreDocs = this.moreDocs.data;
    const moreStart = this.moreStart.data;
    for (let i = 0, at = 0; i < this.more; i++) {
      at = firstAtLeast(docs, at, n, moreDocs[i]!);
      // (`docs` is a scratch list: what lies past its first n is another search's.)
      if (at === n) break;
      if (docs[at] !== moreDocs[i]) continue;
      for (let c = moreStart[i]!; c < moreStart[i + 1]!; c++) counts[this.moreCodes.data[c]!]! += sign;
    }
  }

  /** Renumbers the first `order.length` documents (the document at order[d] becomes d); `scratch` holds at least 4 bytes a document. */
  permute(order: Uint32Array, scratch: ArrayBuffer) {
    if (this.more > 0) {
      const numberOf = new Uint32Array(scratch, 0, order.length);
      for (let doc = 0; doc < order.length; doc++) numberOf[order[doc]!] = doc;
      const [docs, start, codes] = [this.moreDocs.data, this.moreStart.data, this.moreCodes.data];
      const entries = Array.from({ length: this.more }, (_, i) => i).sort((a, b) => numberOf[docs[a]!]! - numberOf[docs[b]!]!);
      const next = { docs: new Uint32Array(docs.length), start: new Uint32Array(start.length), codes: new Uint16Array(codes.length) };
      entries.forEach((i, to) => {
        next.docs[to] = numberOf[docs[i]!]!;
        const run = codes.subarray(start[i]!, start[i + 1]!);
        next.codes.set(run, next.start[to]!);
        next.start[to + 1] = next.start[to]! + run.length;
      });
      [this.moreDocs.data, this.moreStart.data, this.moreCodes.data] = [next.docs, next.start, next.codes];
    }
    permute(this.pair.data, order, 1, scratch);
  }

  toState(n: number): SavedTags {
    return {
      pair: this.pair.data.subarray(0, n),
      moreDocs: this.moreDocs.data.subarray(0, this.more),
      moreStart: this.moreStart.data.subarray(0, this.more + 1),
      moreCodes: this.moreCodes.data.subarray(0, this.moreStart.data[this.more]!),
      values: this.table.values,
    };
  }

  static fromState(saved: SavedTags): TagColumn {
    const column = new TagColumn();
    column.table = Codes.of(saved.values);
    column.pair.data = saved.pair.slice();
    column.moreDocs.data = saved.moreDocs.slice();
    column.moreStart.data = saved.moreStart.slice();
    column.moreCodes.data = saved.moreCodes.slice();
    column.more = saved.moreDocs.length;
    return column;
  }
}

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

function uuidWords(id: string): Uint32Array {
  const words = new Uint32Array(4);
  writeUuidWords(id, words, 0);
  return words;
}

type NumberArray = Uint8Array | Uint16Array | Uint32Array | Int16Array | Int32Array | Float32Array | Float64Array;

/**
 * Reorders the first `order.length` documents of `data` (`width` values each) in place: document d gets
 * document order[d]'s values, gathered into `scratch` and copied back. Copied as whole 32-bit words where the
 * values fill them (4- and 8-byte columns, the ids' four words), else as 16-bit or 8-bit units: one loop per
 * unit size, each reading one type only (a loop reading several types runs several times slower; one copying
 * every column byte by byte did eight to sixteen times the work for the wide ones). In place, so that
 * renumbering allocates no column again: each column made and dropped would stay in the process as a hole.
 */
function permute(data: NumberArray, order: Uint32Array, width: number, scratch: ArrayBuffer) {
  const bytes = width * data.BYTES_PER_ELEMENT;
  const length = order.length * bytes;
  if (bytes % 4 === 0) {
    const to = new Uint32Array(scratch, 0, length >>> 2);
    gatherUnits32(new Uint32Array(data.buffer, data.byteOffset, length >>> 2), to, order, bytes >>> 2);
    new Uint32Array(data.buffer, data.byteOffset, length >>> 2).set(to);
  } else if (bytes === 2) {
    const to = new Uint16Array(scratch, 0, length >>> 1);
    gatherUnits16(new Uint16Array(data.buffer, data.byteOffset, length >>> 1), to, order);
    new Uint16Array(data.buffer, data.byteOffset, length >>> 1).set(to);
  } else {
    const to = new Uint8Array(scratch, 0, length);
    gatherUnits8(new Uint8Array(data.buffer, data.byteOffset, length), to, order, bytes);
    new Uint8Array(data.buffer, data.byteOffset, length).set(to);
  }
}

function gatherUnits32(from: Uint32Array, to: Uint32Array, order: Uint32Array, units: number) {
  if (units === 1) {
    for (let doc = 0; doc < order.length; doc++) to[doc] = from[order[doc]!]!;
    return;
  }
  for (let doc = 0; doc < order.length; doc++) {
    const read = order[doc]! * units;
    for (let k = 0; k < units; k++) to[doc * units + k] = from[read + k]!;
  }
}

function gatherUnits16(from: Uint16Array, to: Uint16Array, order: Uint32Array) {
  for (let doc = 0; doc < order.length; doc++) to[doc] = from[order[doc]!]!;
}

function gatherUnits8(from: Uint8Array, to: Uint8Array, order: Uint32Array, units: number) {
  for (let doc = 0; doc < order.length; doc++) {
    const read = order[doc]! * units;
    for (let k = 0; k < units; k++) to[doc * units + k] = from[read + k]!;
  }
}

/**
 * Sorts documents by 32-bit unsigned keys, two counting passes of 16 bits each: a million documents take some
 * 20 ms, where a comparison sort takes half a second. Its working arrays serve every sort of one build (each
 * array made and dropped between the index's own would stay in the process as a hole).
 */
class KeySort {
  /** The key of each document, set before each sort. */
  readonly keys: Uint32Array;
  private readonly moved: Uint32Array;
  private readonly starts = new Uint32Array(65_537);

  constructor(documents: number) {
    this.keys = new Uint32Array(documents);
    this.moved = new Uint32Array(documents);
  }

  /** Reorders `docs` by their keys, equal keys keeping their order: sorting by a second key, then by a first, sorts by both. */
  sort(docs: Uint32Array) {
    const { keys, starts } = this;
    let from = docs;
    let to = this.moved.subarray(0, docs.length);
    for (const shift of [0, 16]) {
      starts.fill(0);
      for (let i = 0; i < from.length; i++) starts[((keys[from[i]!]! >>> shift) & 0xffff) + 1]! += 1;
      for (let digit = 1; digit < starts.length; digit++) starts[digit]! += starts[digit - 1]!;
      for (let i = 0; i < from.length; i++) {
        const doc = from[i]!;
        to[starts[(keys[doc]! >>> shift) & 0xffff]!++] = doc;
      }
      [from, to] = [to, from];
    }
  }
}

/**
 * Reorders runs of bytes in place (document d's from start[d] to start[d + 1]): document d gets document
 * order[d]'s run. Gathered into `scratch` and copied back.
 */
function permuteRuns(start: Uint32Array, bytes: Uint8Array, order: Uint32Array, scratch: ArrayBuffer) {
  const n = order.length;
  const nextStart = new Uint32Array(scratch, 0, n + 1);
  const next = new Uint8Array(scratch, (n + 1) * 4, start[n]!);
  nextStart[0] = 0;
  let at = 0;
  for (let doc = 0; doc < n; doc++) {
    const read = order[doc]!;
    for (let i = start[read]!; i < start[read + 1]!; i++) next[at++] = bytes[i]!;
    nextStart[doc + 1] = at;
  }
  start.set(nextStart);
  bytes.set(next);
}

/**
 * The words of the documents read at start-up, in the order they are read: each document's words as numbers
 * (with the word's weight code in the low two bits) in one list, and how many documents have each word — so
 * that their postings are made once, at their length, when the documents are numbered in id order.
 */
class ReadWords {
  readonly words: string[] = [];
  readonly counts: number[] = [];
  /**
   * Word numbers by the word's hash (hashOfWord), open addressing: number + 1 in `slots` (0 free), the hash
   * beside it. A lexeme read from a vector's text is looked up where it is, without a string made of it.
   */
  private slots = new Int32Array(1 << 16);
  private hashes = new Int32Array(1 << 16);
  /** Document d's entries are entries[start[d]] … entries[start[d + 1] - 1]. */
  start = new Uint32Array(1);
  entries = new Uint32Array(0);
  /** Where the document being added writes its next entry. */
  private at = 0;
  private readonly addLexeme = (from: number, to: number, hash: number, word: string | null, weight: number) => {
    const number = word === null ? this.numberOf(this.text, from, to, hash) : this.numberOf(word, 0, word.length, hashOfWord(word));
    this.entry(number, weight);
  };
  private text = '';

  /** Room for `n` documents, and a guess at their words (the list grows if they have more). */
  reserve(n: number) {
    if (this.start.length < n + 1) this.start = grown(this.start, n + 1);
    if (this.entries.length < n * WORDS_PER_DOCUMENT) this.entries = grown(this.entries, n * WORDS_PER_DOCUMENT);
  }

  add(doc: number, item: IndexedItem) {
    if (this.start.length < doc + 2) this.start = grown(this.start, Math.ceil(this.start.length * 1.5) + 16);
    this.at = this.start[doc]!;
    if (item.vector !== undefined) {
      this.text = item.vector;
      scanVector(item.vector, this.addLexeme);
    } else {
      for (let i = 0; i < item.words.length; i++) {
        const word = item.words[i]!;
        this.entry(this.numberOf(word, 0, word.length, hashOfWord(word)), item.weights[i]!);
      }
    }
    this.start[doc + 1] = this.at;
  }

  private entry(number: number, weight: number) {
    if (this.at === this.entries.length) this.entries = grown(this.entries, Math.ceil(this.entries.length * 1.5) + 1024);
    this.counts[number]! += 1;
    this.entries[this.at++] = (number << 2) | weight;
  }

  /** The number of the word text[from, to) (its hash given), numbered now if it is new. */
  private numberOf(text: string, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at]!;
      if (slot === 0) break;
      if (this.hashes[at] !== hash) continue;
      const word = this.words[slot - 1]!;
      if (word.length === to - from && text.startsWith(word, from)) return slot - 1;
    }
    const number = this.words.length;
    this.words.push(text.slice(from, to));
    this.counts.push(0);
    this.place(number, hash);
    if (this.words.length * 2 > this.slots.length) {
      // Kept at most half full: twice the slots, every word placed again.
      this.slots = new Int32Array(this.slots.length * 2);
      this.hashes = new Int32Array(this.slots.length);
      this.words.forEach((word, n) => this.place(n, hashOfWord(word)));
    }
    return number;
  }

  private place(number: number, hash: number) {
    const mask = this.slots.length - 1;
    let at = hash & mask;
    while (this.slots[at] !== 0) at = (at + 1) & mask;
    this.slots[at] = number + 1;
    this.hashes[at] = hash;
  }
}

/** Ids alike in their first 32 bits up to this many are ordered by comparing the rest, more by key sorts of the rest. */
const ID_RUN_COMPARED = 256;

/** Bytes of each name sorted as keys (four a key) before names alike that far are compared (see sortNames). */
const NAME_KEY_BYTES = 16;

/** Names are kept as UTF-8 (see SearchIndex.nameBytes). */
const UTF8 = new TextEncoder();

/**
 * Name bytes an item is guessed to have, for the same reason (names are ~21 bytes in the benchmark's
 * catalogue): the column grows past it, each growth leaving the smaller array behind.
 */
const NAME_BYTES_PER_DOCUMENT = 24;

/** Words an item is guessed to have, for reserving room before reading the catalogue (the list grows past it). */
const WORDS_PER_DOCUMENT = 16;

/** A copy of `array` with room for `length` values. */
function grown(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(length);
  next.set(array);
  return next;
}

export class SearchIndex {
  /** Documents numbered so far (live and dead). */
  private size = 0;
  /** Documents 0..sortedUpTo-1 are in id order (read at start-up): found by binary search. */
  private sortedUpTo = 0;
  /** Documents numbered after start-up, by id. */
  private readonly later = new Map<string, number>();

  private readonly ids = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  /**
   * Lower-cased names as UTF-8 in one array (document d's bytes from nameStart[d] to nameStart[d + 1]): a
   * million names as strings would be a million objects for every full garbage collection to mark, and as
   * UTF-16 code units twice the bytes of names that are mostly ASCII. A name equals, or starts with, a text
   * exactly when its bytes equal, or start with, the text's (typed text never holds a lone surrogate: the
   * request refuses one, and words are letters and digits), so the name leads of relevance are unchanged.
   */
  private readonly nameBytes = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  private readonly nameStart = new Column(new Uint32Array(1), (n) => new Uint32Array(n));
  private readonly pack = codeColumn();
  private readonly creator = codeColumn();
  private readonly enums = Object.fromEntries(ENUM_DIMS.map((d) => [d, new Column(new Uint8Array(0), (n) => new Uint8Array(n))])) as Record<EnumDim, Column<Uint8Array>>;
  // The database's enumerations are the contract's, so a code always fits its radix (in the packed values).
  private enumCodes = Object.fromEntries(ENUM_DIMS.map((d) => [d, new Codes(enumLimit(d))])) as Record<EnumDim, Codes>;
  /** search_bpm, -1 for none. */
  private readonly searchBpm = new Column(new Int16Array(0), (n) => new Int16Array(n));
  /** bpm as PostgreSQL's real; NaN for none. */
  private readonly bpm = new Column(new Float32Array(0), (n) => new Float32Array(n));
  private readonly flags = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  /** The facet values counted together (PACKED_A_DIMS; key, flags and BPM bucket). */
  private readonly packedA = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  private readonly packedB = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  private readonly listedAt = new Column(new Float64Array(0), (n) => new Float64Array(n));
  private readonly popularity = new Column(new Int32Array(0), (n) => new Int32Array(n));
  /** Genres and instruments per document (replaced whole when a saved index is loaded). */
  private tags = { genre: new TagColumn(), instrument: new TagColumn() };
  /**
   * The documents of each facet value, as lists or bitsets (derived from the columns, never saved):
   * enumerations by code, BPM by bucket slot, the three flags, genres and instruments by code.
   */
  private readonly valueDocs = {
    enums: Object.fromEntries(ENUM_DIMS.map((d) => [d, new FacetDocs()])) as Record<EnumDim, FacetDocs>,
    bpmSlot: new FacetDocs(),
    flags: new FacetDocs(),
    genre: new FacetDocs(),
    instrument: new FacetDocs(),
  };
  /** The enumerations' columns that are packed into packedA, and each enumeration's column with its values' documents. */
  private readonly packedAColumns = PACKED_A_DIMS.map((dim) => this.enums[dim]);
  private readonly enumFacets = ENUM_DIMS.map((dim) => ({ column: this.enums[dim], facet: this.valueDocs.enums[dim] }));
  /** The size of a whole-index bitset now, and what one is allocated with (set by reserve()). */
  private readonly extent: Extent = { words: 0, reservedWords: 0 };
  /** Listed (published pack, not taken down) and archived (archived pack or taken down) documents. */
  private readonly listed = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  private readonly archived = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  private listedCount = 0;

  private readonly postings = new Map<string, Posting>();
  /** The words of the documents read at start-up, until finishReading() makes their postings (null once it has, or for a loaded index). */
  private reading: ReadWords | null = new ReadWords();
  /** Every indexed word ever seen (search_words only grows too), sorted on demand for prefix lookups. */
  private readonly vocabulary = new Set<string>();
  private sortedVocabulary: string[] | null = [];

  /** The facet counts of each whole corpus, counted once and then kept up to date by every change. */
  private readonly corpusCounts = new Map<'paid' | 'archived', Counts>();

  private readonly packs = newLabels();
  private readonly creators = newLabels();

  get documents() {
    return this.size;
  }

  // ── saving and loading (search-index-snapshot.ts) ─────────────────────────────────────────────────

  /** Everything the index holds, as plain arrays: views of its columns (valid until the next change), not copies. */
  toState(): SearchIndexState {
    const n = this.size;
    const labels = (table: LabelTable) => ({
      ids: table.codes.values,
      slugs: table.rows.map((row) => row?.slug ?? null),
      labels: table.rows.map((row) => row?.label ?? null),
    });
    // Common words are saved as postings too (a snapshot does not depend on which words are common).
    const words = [...this.postings.keys(), ...this.commonWords.keys()];
    const postingOffsets = new Uint32Array(words.length + 1);
    words.forEach((w, i) => (postingOffsets[i + 1] = postingOffsets[i]! + (this.postings.get(w)?.length ?? this.commonWords.get(w)!.count)));
    // The postings side by side, copied into one buffer: a single large allocation, returned whole when the
    // saved state is dropped (two medium-sized ones could stay in the process as holes).
    const total = postingOffsets[words.length]!;
    const postings = new ArrayBuffer(total * 5);
    const postingDocs = new Uint32Array(postings, 0, total);
    const postingWeights = new Uint8Array(postings, total * 4, total);
    words.forEach((w, i) => {
      const p = this.postings.get(w);
      if (!p) return this.commonWords.get(w)!.listInto(postingDocs, postingWeights, postingOffsets[i]!);
      postingDocs.set(p.docs.subarray(0, p.length), postingOffsets[i]!);
      postingWeights.set(p.weights.subarray(0, p.length), postingOffsets[i]!);
    });
    return {
      size: n,
      sortedUpTo: this.sortedUpTo,
      listedCount: this.listedCount,
      laterIds: [...this.later.keys()],
      laterDocs: Uint32Array.from(this.later.values()),
      ids: this.ids.data.subarray(0, n * 4),
      nameBytes: this.nameBytes.data.subarray(0, this.nameStart.data[n]!),
      nameStart: this.nameStart.data.subarray(0, n + 1),
      pack: this.pack.data.subarray(0, n),
      creator: this.creator.data.subarray(0, n),
      enums: Object.fromEntries(ENUM_DIMS.map((d) => [d, this.enums[d].data.subarray(0, n)])) as Record<EnumDim, Uint8Array<ArrayBuffer>>,
      enumValues: Object.fromEntries(ENUM_DIMS.map((d) => [d, this.enumCodes[d].values])) as Record<EnumDim, (string | null)[]>,
      searchBpm: this.searchBpm.data.subarray(0, n),
      bpm: this.bpm.data.subarray(0, n),
      flags: this.flags.data.subarray(0, n),
      packedA: this.packedA.data.subarray(0, n),
      packedB: this.packedB.data.subarray(0, n),
      listedAt: this.listedAt.data.subarray(0, n),
      popularity: this.popularity.data.subarray(0, n),
      genre: this.tags.genre.toState(n),
      instrument: this.tags.instrument.toState(n),
      listed: this.listed.data.subarray(0, (n + 31) >>> 5),
      archived: this.archived.data.subarray(0, (n + 31) >>> 5),
      postingWords: words,
      postingOffsets,
      postingDocs,
      postingWeights,
      vocabulary: [...this.vocabulary],
      packs: labels(this.packs),
      creators: labels(this.creators),
      byName: this.byName,
      byNewest: this.byNewest,
      byPopular: this.byPopular,
      byBpm: this.byBpm,
    };
  }

  /** An index from a saved state (its arrays are copied, so the state's buffer can go). */
  static fromState(state: SearchIndexState): SearchIndex {
    const index = new SearchIndex();
    const n = state.size;
    index.size = n;
    index.sortedUpTo = state.sortedUpTo;
    index.listedCount = state.listedCount;
    state.laterIds.forEach((id, i) => index.later.set(id, state.laterDocs[i]!));
    index.ids.data = state.ids.slice();
    index.nameBytes.data = state.nameBytes.slice();
    index.nameStart.data = state.nameStart.slice();
    index.reading = null;
    index.pack.data = state.pack.slice();
    index.creator.data = state.creator.slice();
    for (const d of ENUM_DIMS) {
      index.enums[d].data = state.enums[d].slice();
      index.enumCodes[d] = Codes.of(state.enumValues[d], enumLimit(d));
    }
    index.searchBpm.data = state.searchBpm.slice();
    index.bpm.data = state.bpm.slice();
    index.flags.data = state.flags.slice();
    index.packedA.data = state.packedA.slice();
    index.packedB.data = state.packedB.slice();
    index.listedAt.data = state.listedAt.slice();
    index.popularity.data = state.popularity.slice();
    index.tags.genre = TagColumn.fromState(state.genre);
    index.tags.instrument = TagColumn.fromState(state.instrument);
    index.reserveBitsets(n);
    for (let doc = 0; doc < n; doc++) index.addValueDocs(doc);
    index.listed.data = state.listed.slice();
    index.archived.data = state.archived.slice();
    state.postingWords.forEach((word, i) => {
      const from = state.postingOffsets[i]!;
      const to = state.postingOffsets[i + 1]!;
      if (!index.isCommon(to - from)) {
        index.postings.set(word, { docs: state.postingDocs.slice(from, to), weights: state.postingWeights.slice(from, to), length: to - from });
        return;
      }
      const common = new CommonWord(index.extent);
      for (let at = from; at < to; at++) common.add(state.postingDocs[at]!, state.postingWeights[at]!);
      index.commonWords.set(word, common);
    });
    index.addWords(state.vocabulary);
    for (const [table, saved] of [[index.packs, state.packs], [index.creators, state.creators]] as const) {
      saved.ids.forEach((id, code) => {
        if (code === 0 || id === null) return;
        const slug = saved.slugs[code];
        const label = saved.labels[code];
        if (slug == null || label == null) table.codes.code(id);
        else index.setLabel(table, { id, slug, label });
      });
    }
    index.byName = state.byName.slice();
    index.rankNames();
    index.byNewest = state.byNewest.slice();
    index.byPopular = state.byPopular.slice();
    index.byBpm = state.byBpm.slice();
    return index;
  }

  // ── writing ──────────────────────────────────────────────────────────────────────────────────────

  setPack(row: IndexedLabel) {
    this.setLabel(this.packs, row);
  }

  setCreator(row: IndexedLabel) {
    this.setLabel(this.creators, row);
  }

  hasPack(id: string) {
    return this.packs.codes.find(id) !== undefined;
  }

  hasCreator(id: string) {
    return this.creators.codes.find(id) !== undefined;
  }

  private setLabel(table: LabelTable, row: IndexedLabel) {
    const code = table.codes.code(row.id);
    const before = table.rows[code];
    if (before && table.bySlug.get(before.slug) === code) table.bySlug.delete(before.slug);
    // Only what the index answers with: a row read from the database carries its words too (20,000 lists kept for nothing).
    table.rows[code] = { id: row.id, slug: row.slug, label: row.label };
    table.bySlug.set(row.slug, code);
  }

  addWords(words: Iterable<string>) {
    for (const w of words) {
      if (this.vocabulary.has(w)) continue;
      this.vocabulary.add(w);
      this.sortedVocabulary = null;
    }
  }

  /** Room for `n` documents, so that reading a catalogue of known size allocates each column once. */
  reserve(n: number) {
    this.reserveBitsets(n);
    this.ensureRoom(n, n);
    this.reading?.reserve(n);
  }

  /**
   * Adds an item read at start-up, in whatever order PostgreSQL reads them (`item` is not kept: it may be
   * filled again with the next one). finishReading() then numbers the documents in id order.
   */
  addRead(item: IndexedItem) {
    if (!this.reading) throw new Error('Items are read only into a new index, before finishReading()');
    const doc = this.appendColumns(item);
    this.reading.add(doc, item);
  }

  /**
   * Once every item is read: the documents are numbered in id order (an id is then found by binary search,
   * and document numbers compare as ids do), their postings made at their final length, their facet
   * values' documents listed, and the sorted orders sorted.
   */
  finishReading() {
    const reading = this.reading;
    if (!reading) throw new Error('The index was read already');
    this.reading = null;
    const sort = new KeySort(this.size);
    const order = this.idOrder(sort);
    this.renumber(order);
    this.makePostings(reading, order);
    for (let doc = 0; doc < this.size; doc++) this.addValueDocs(doc);
    this.sortedUpTo = this.size;
    this.sortNames(sort);
    this.sortOrders(sort);
  }

  /** The item as it is now: its previous document (if any) is dropped, a new one numbered. */
  upsert(item: IndexedItem) {
    if (this.reading) throw new Error('The index is still being read');
    this.remove(item.id);
    const doc = this.appendColumns(item);
    this.addToPostings(doc, item);
    this.addValueDocs(doc);
    this.later.set(item.id, doc);
  }

  remove(id: string) {
    const doc = this.docOf(id);
    if (doc === undefined) return;
    if (this.listed.data[doc >>> 5]! & (1 << (doc & 31))) {
      this.listedCount -= 1;
      this.corpusCounts.get('paid')?.addOne(doc, -1);
    }
    if (this.archived.data[doc >>> 5]! & (1 << (doc & 31))) this.corpusCounts.get('archived')?.addOne(doc, -1);
    this.listed.data[doc >>> 5]! &= ~(1 << (doc & 31));
    this.archived.data[doc >>> 5]! &= ~(1 << (doc & 31));
    this.later.delete(id);
  }

  /** The columns of one value per document (ids, names and genre/instrument lists aside). */
  private documentColumns(): Column<NumberArray>[] {
    return [this.pack, this.creator, this.searchBpm, this.bpm, this.flags, this.packedA, this.packedB, this.listedAt, this.popularity, ...Object.values(this.enums)];
  }

  /** How many documents the columns have room for. */
  private capacity = 0;

  /** Room for `n` documents in every column (`room` of it when they must grow: some to spare). */
  private ensureRoom(n: number, room = Math.max(n, Math.ceil(this.capacity * 1.5) + 16)) {
    if (n <= this.capacity) return;
    for (const col of this.documentColumns()) col.ensure(room);
    this.ids.ensure(room * 4);
    this.nameStart.ensure(room + 1);
    this.nameBytes.ensure(room * NAME_BYTES_PER_DOCUMENT);
    for (const t of Object.values(this.tags)) t.ensure(room);
    this.listed.ensure((room + 31) >>> 5);
    this.archived.ensure((room + 31) >>> 5);
    this.capacity = room;
  }

  /** Numbers a new document and writes its columns and corpora (not its postings nor its values' documents). */
  private appendColumns(item: IndexedItem): number {
    const doc = this.size;
    this.ensureRoom(doc + 1);
    this.size = doc + 1;
    writeUuidWords(item.id, this.ids.data, doc * 4);
    this.appendName(doc, item.nameLower);
    setCode(this.pack, doc, this.packs.codes.code(item.packId));
    setCode(this.creator, doc, this.creators.codes.code(item.creatorId));
    // Each enumeration by its name: a loop over them reading fields by a variable name was a fifth of the read.
    const { enums, enumCodes: codes } = this;
    enums.type.data[doc] = codes.type.code(item.type);
    enums.kind.data[doc] = codes.kind.code(item.kind);
    enums.key.data[doc] = codes.key.code(item.key);
    enums.time_signature.data[doc] = codes.time_signature.code(item.timeSignature);
    enums.feel.data[doc] = codes.feel.code(item.feel);
    enums.licence_type.data[doc] = codes.licence_type.code(item.licenceType);
    enums.plugin.data[doc] = codes.plugin.code(item.plugin);
    this.searchBpm.data[doc] = item.searchBpm ?? -1;
    this.bpm.data[doc] = item.bpm ?? Number.NaN;
    const flags = (item.isFree ? FREE : 0) | (item.hasStems ? STEMS : 0) | (item.hasMidi ? MIDI : 0);
    this.flags.data[doc] = flags;
    let packedA = 0;
    for (let i = 0; i < PACKED_A_DIMS.length; i++) packedA += this.packedAColumns[i]!.data[doc]! * PACKED_A_STRIDES[i]!;
    this.packedA.data[doc] = packedA;
    const slot = item.searchBpm === null ? BPM_SLOTS : bpmSlotOf(item.searchBpm);
    this.packedB.data[doc] = this.enums.key.data[doc]! + KEY_RADIX * (flags + 8 * slot);
    this.listedAt.data[doc] = item.listedAtMicros;
    this.popularity.data[doc] = item.popularity;
    this.tags.genre.set(doc, item.genres);
    this.tags.instrument.set(doc, item.instruments);
    if (item.packStatus === PACK_STATUS.published && !item.takenDown) {
      this.listed.data[doc >>> 5]! |= 1 << (doc & 31);
      this.listedCount += 1;
      this.corpusCounts.get('paid')?.addOne(doc, 1);
    }
    if (item.packStatus === PACK_STATUS.archived || item.takenDown) {
      this.archived.data[doc >>> 5]! |= 1 << (doc & 31);
      this.corpusCounts.get('archived')?.addOne(doc, 1);
    }
    return doc;
  }

  /** Document `doc`'s name after the names of those before it. */
  private appendName(doc: number, name: string) {
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

  /** A document's words into their postings (it is numbered after every other: they stay ascending) or common words' bitsets. */
  private addToPostings(doc: number, item: IndexedItem) {
    for (let i = 0; i < item.words.length; i++) {
      const w = item.words[i]!;
      const common = this.commonWords.get(w);
      if (common) {
        common.add(doc, item.weights[i]!);
        continue;
      }
      let p = this.postings.get(w);
      if (!p) {
        p = { docs: new Uint32Array(4), weights: new Uint8Array(4), length: 0 };
        this.postings.set(w, p);
        this.addWords([w]);
      }
      if (p.length === p.docs.length) {
        const docs = new Uint32Array(p.docs.length * 2);
        docs.set(p.docs);
        const weights = new Uint8Array(p.docs.length * 2);
        weights.set(p.weights);
        p.docs = docs;
        p.weights = weights;
      }
      p.docs[p.length] = doc;
      p.weights[p.length] = item.weights[i]!;
      p.length += 1;
    }
  }

  /**
   * The documents in id order (documents read at start-up are numbered as PostgreSQL read them until then):
   * sorted by the ids' first 32 bits, which tell apart nearly all of them (random ids share them in about a
   * hundred pairs among a million), then each run of ids alike that far by the rest.
   */
  private idOrder(sort: KeySort): Uint32Array {
    const docs = this.allDocuments();
    const ids = this.ids.data;
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

  /** Numbers the documents in `order` (the document at order[d] becomes d): every column and corpus. */
  private renumber(order: Uint32Array) {
    const n = order.length;
    const scratch = new ArrayBuffer(Math.max(n * 16, (n + 1) * 4 + this.nameStart.data[n]!));
    for (const col of this.documentColumns()) permute(col.data, order, 1, scratch);
    for (const tags of Object.values(this.tags)) tags.permute(order, scratch);
    permute(this.ids.data, order, 4, scratch);
    permuteRuns(this.nameStart.data, this.nameBytes.data, order, scratch);
    const bits = new Uint32Array(scratch, 0, (n + 31) >>> 5);
    for (const corpus of [this.listed.data, this.archived.data]) {
      bits.fill(0);
      for (let doc = 0; doc < n; doc++) if (bitOf(corpus, order[doc]!)) bits[doc >>> 5]! |= 1 << (doc & 31);
      corpus.set(bits);
    }
  }

  /**
   * The postings and common words' bitsets of the documents read, in one pass over their words in document
   * order: a common word's bits are set at once (each of its bitsets is written from start to end, so the
   * pass keeps one cache line of each in use), every other word's documents go to its run of one buffer
   * that all their postings are views of (a posting that grows later is copied out of it) — one large
   * allocation, returned whole once dropped. Each posting is ascending, as documents are visited in order.
   */
  private makePostings(reading: ReadWords, order: Uint32Array) {
    const { counts, start, entries } = reading;
    const commons: (CommonWord | null)[] = [];
    // Each common word's three bitsets (documents, weight's high bit, low bit) side by side, by word number.
    const commonBits: Uint32Array[] = [];
    const bitsAt = new Int32Array(counts.length).fill(-1);
    const from = new Uint32Array(counts.length + 1);
    for (let w = 0; w < counts.length; w++) {
      const common = this.isCommon(counts[w]!);
      if (common) {
        const commonWord = new CommonWord(this.extent);
        bitsAt[w] = commonBits.length;
        commonBits.push(...commonWord.readBits(counts[w]!));
        commons.push(commonWord);
      } else commons.push(null);
      from[w + 1] = from[w]! + (common ? 0 : counts[w]!);
    }
    const rare = from[counts.length]!;
    const next = from.slice();
    const kept = new ArrayBuffer(rare * 5);
    const docs = new Uint32Array(kept, 0, rare);
    const weights = new Uint8Array(kept, docs.byteLength, rare);
    for (let doc = 0; doc < order.length; doc++) {
      const read = order[doc]!;
      const word = doc >>> 5;
      const bit = 1 << (doc & 31);
      for (let i = start[read]!; i < start[read + 1]!; i++) {
        const entry = entries[i]!;
        const w = entry >>> 2;
        const at = bitsAt[w]!;
        if (at >= 0) {
          commonBits[at]![word]! |= bit;
          if (entry & 2) commonBits[at + 1]![word]! |= bit;
          if (entry & 1) commonBits[at + 2]![word]! |= bit;
          continue;
        }
        const to = next[w]!++;
        docs[to] = doc;
        weights[to] = entry & 3;
      }
    }
    reading.words.forEach((word, w) => {
      const common = commons[w];
      if (common) {
        common.readDone();
        this.commonWords.set(word, common);
        return;
      }
      this.postings.set(word, { docs: docs.subarray(from[w]!, from[w + 1]!), weights: weights.subarray(from[w]!, from[w + 1]!), length: counts[w]! });
    });
    this.addWords(reading.words);
  }

  /** A document's facet values into the documents of each value (from its columns). */
  private addValueDocs(doc: number) {
    const values = this.valueDocs;
    const extent = this.extent;
    extent.words = Math.max(extent.words, (doc + 32) >>> 5);
    for (const { column, facet } of this.enumFacets) {
      const code = column.data[doc]!;
      if (code !== 0) facet.add(code, doc, extent);
    }
    const bpm = this.searchBpm.data[doc]!;
    if (bpm >= 0) values.bpmSlot.add(bpmSlotOf(bpm), doc, extent);
    const flags = this.flags.data[doc]!;
    if (flags & FREE) values.flags.add(FREE, doc, extent);
    if (flags & STEMS) values.flags.add(STEMS, doc, extent);
    if (flags & MIDI) values.flags.add(MIDI, doc, extent);
    this.addTagDocs(this.tags.genre, values.genre, doc);
    this.addTagDocs(this.tags.instrument, values.instrument, doc);
  }

  private addTagDocs(tags: TagColumn, facet: FacetDocs, doc: number) {
    tags.forEach(doc, (code) => facet.add(code, doc, this.extent));
  }

  /** Bitsets are allocated for `n` documents and some more (those numbered after a start grow them later). */
  private reserveBitsets(n: number) {
    this.extent.reservedWords = Math.max(this.extent.reservedWords, ((n + 31) >>> 5) + 1024);
  }

  /**
   * Documents by name (as UTF-8 bytes compare, so every name starting with a text is one run of it): the
   * names that lead a relevance search are found by binary search instead of a comparison per match.
   * Sorted once the index is read; documents numbered later are looked at one by one (`later`).
   */
  private byName = new Uint32Array(0);
  /** Documents newest first, most popular first and by BPM (ties as the sorts break them), sorted with the names. */
  private byNewest = new Uint32Array(0);
  private byPopular = new Uint32Array(0);
  private byBpm = new Uint32Array(0);

  private presorted(sort: SearchRequest['sort']): Uint32Array | null {
    if (sort === 'newest') return this.byNewest;
    if (sort === 'popular') return this.byPopular;
    if (sort === 'bpm') return this.byBpm;
    return null;
  }

  /**
   * The orders of the newest, popular and BPM sorts, exactly as their comparisons order documents (the
   * documents are in id order here: ties by id are ties by number). Sorted by keys, a pass per 16 bits.
   */
  private sortOrders(sort: KeySort) {
    const n = this.size;
    const key = sort.keys;
    const at = this.listedAt.data;
    // Newest first, ties by id descending: listing times are whole microseconds, under 2^53 either side of 1970.
    this.byNewest = this.allDocuments().reverse();
    for (let doc = 0; doc < n; doc++) key[doc] = 0xffffffff - (at[doc]! % 2 ** 32 + 2 ** 32) % 2 ** 32;
    sort.sort(this.byNewest);
    for (let doc = 0; doc < n; doc++) key[doc] = 0x7fffffff - Math.floor(at[doc]! / 2 ** 32);
    sort.sort(this.byNewest);
    // Most popular first, ties by id descending.
    const pop = this.popularity.data;
    this.byPopular = this.allDocuments().reverse();
    for (let doc = 0; doc < n; doc++) key[doc] = 0x7fffffff - pop[doc]!;
    sort.sort(this.byPopular);
    // Slowest first, no BPM last, ties by id: a positive float's bits order as its value (bpm > 0 in the database).
    const bpmBits = new Uint32Array(this.bpm.data.buffer, this.bpm.data.byteOffset, n);
    this.byBpm = this.allDocuments();
    for (let doc = 0; doc < n; doc++) key[doc] = Number.isNaN(this.bpm.data[doc]) ? 0xffffffff : bpmBits[doc]!;
    sort.sort(this.byBpm);
  }

  /** Every document number, ascending. */
  private allDocuments(): Uint32Array<ArrayBuffer> {
    const docs = new Uint32Array(this.size);
    for (let doc = 0; doc < docs.length; doc++) docs[doc] = doc;
    return docs;
  }

  /** The BPM sort: slowest first, sounds without a BPM last, ties by id. */
  private compareBpm(a: number, b: number): number {
    const x = this.bpm.data[a]!;
    const y = this.bpm.data[b]!;
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
    return (Number.isNaN(x) ? 0 : x - y) || this.compareIds(a, b);
  }

  /**
   * Documents by name as their UTF-8 bytes compare (as code points do), ties by number: sorted by keys of
   * their first NAME_KEY_BYTES bytes (four a key, the last first), then each run of names alike that far by
   * comparing the rest where the names are kept — a comparison sort of them all takes about twice as long.
   */
  private sortNames(sort: KeySort) {
    const bytes = this.nameBytes.data;
    const start = this.nameStart.data;
    const keys = sort.keys;
    const byName = this.allDocuments();
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

  /** Each sorted document's place in `byName` (documents numbered since have none). */
  private nameRank = new Uint32Array(0);
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
  private nameLeads(text: string): (doc: number) => number {
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

  private docOf(id: string): number | undefined {
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

  // ── reading ──────────────────────────────────────────────────────────────────────────────────────

  /** The typed words against the vocabulary: indexed or not, and the last word's completions (shortest first). */
  resolveWords(words: string[]): ResolvedWord[] {
    return words.map((word, index) => ({
      word,
      known: this.vocabulary.has(word),
      completions: index === words.length - 1 ? this.completionsOf(word) : [],
    }));
  }

  private completionsOf(prefix: string): string[] {
    const sorted = (this.sortedVocabulary ??= [...this.vocabulary].sort(byCodePoint));
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byCodePoint(sorted[mid]!, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) if (sorted[i] !== prefix) out.push(sorted[i]!);
    return out.sort((a, b) => charLength(a) - charLength(b) || byCodePoint(a, b)).slice(0, MAX_COMPLETIONS);
  }

  /** The id of a document, as PostgreSQL prints a uuid. */
  private idOf(doc: number): string {
    const d = this.ids.data;
    const hex = [d[doc * 4]!, d[doc * 4 + 1]!, d[doc * 4 + 2]!, d[doc * 4 + 3]!].map((w) => w.toString(16).padStart(8, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  private compareIdWords(doc: number, key: Uint32Array): number {
    const d = this.ids.data;
    for (let i = 0; i < 4; i++) {
      const a = d[doc * 4 + i]!;
      if (a !== key[i]) return a < key[i]! ? -1 : 1;
    }
    return 0;
  }

  private compareIds(a: number, b: number): number {
    // Documents read at start-up are numbered in id order: their numbers compare as their ids do.
    if (a < this.sortedUpTo && b < this.sortedUpTo) return a - b;
    const d = this.ids.data;
    for (let i = 0; i < 4; i++) {
      const x = d[a * 4 + i]!;
      const y = d[b * 4 + i]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /** Documents of the owned item ids that the index holds (for "not yet owned"). */
  docsOf(ids: string[]): number[] {
    return ids.flatMap((id) => this.docOf(id) ?? []);
  }

  /**
   * Answers a planned search: ids of the page, and on a first page the total and every facet count.
   * `owned` are the viewer's owned documents (null for a visitor).
   *
   * The matches are one bitset: the corpus ANDed with each typed word's documents and each filter's value
   * bitsets, so the work per search is a few passes over 32-bit words plus the matching documents — never
   * a test of every document. Only BPM bounds, creators and packs are tested per document, on what is left.
   * Then the page is either a walk of an order kept sorted (a common sort over many matches) or the best of
   * the listed matches; the counts read the listed matches, or — for most of a corpus — the ones left out.
   */
  search(query: SearchQuery, scope: SearchScope, request: SearchRequest, owned: number[] | null): IndexAnswer {
    const words = (this.size + 31) >>> 5;
    const match = this.match;
    match.reset((scope.corpus === 'archived' ? this.archived : this.listed).data, words);
    // The typed words first, the rarest first: what is left for the filters is then usually small.
    const groups = (request.groups ?? []).map((group) => this.sourcesOf(group)).sort((a, b) => a.size - b.size);
    for (const group of groups) this.andUnion(group.sources, words);
    const residual = this.applyFilters(query, scope, words);
    if (residual === null) return { ids: [], nextCursor: null, total: request.cursor ? null : 0, facets: request.cursor ? null : countsToFacets(null), ownedMatches: 0 };
    if (query.not_owned === true && owned) for (const doc of owned) match.remove(doc);

    const docs = this.scratch.uint32('matches', this.size);
    // How many matches are listed in `docs` (-1: not listed yet). Listing applies the per-document tests.
    let listed = residual === ALWAYS ? -1 : match.list(docs, residual);
    const matched = listed >= 0 ? listed : match.count();
    const list = () => (listed >= 0 ? listed : (listed = match.list(docs, ALWAYS)));

    const bits = match.bits;
    const order = this.orderOf(request);
    const after = request.cursor ? order.after(request.cursor.value, request.cursor.id) : null;
    const top = new TopK(request.limit + 1, order.before, order.rank);
    const presorted = request.cursor === null ? this.presorted(request.sort) : null;
    // Walking a sorted order meets a page of matches after about (limit + 1) × size / matched documents.
    if (presorted && (request.limit + 1) * this.size < (matched * matched) / 2) {
      for (let i = 0, found = 0; i < presorted.length && found <= request.limit; i++) {
        const doc = presorted[i]!;
        if (bits[doc >>> 5]! & (1 << (doc & 31))) {
          top.offer(doc);
          found += 1;
        }
      }
      for (const doc of this.later.values()) if (match.has(doc)) top.offer(doc);
    } else {
      const n = list();
      order.prepare?.(docs, n, bits);
      for (let k = 0; k < n; k++) {
        const doc = docs[k]!;
        if (after === null || after(doc)) top.offer(doc);
      }
    }
    const counts = request.cursor ? null : this.countMatches(bits, matched, scope, () => docs.subarray(0, list()));

    const page = top.sorted();
    const hasMore = page.length > request.limit;
    const shown = hasMore ? page.slice(0, request.limit) : page;
    const last = shown[shown.length - 1];
    let ownedMatches = 0;
    if (owned) for (const doc of owned) if (match.has(doc)) ownedMatches += 1;
    return {
      ids: shown.map((doc) => this.idOf(doc)),
      nextCursor: hasMore && last !== undefined ? encodeCursor(order.value(last), this.idOf(last)) : null,
      total: counts ? counts.total : null,
      facets: counts ? countsToFacets(counts) : null,
      ownedMatches,
    };
  }

  /** The matches of one search (searches run one at a time, start to end, so one serves them all). */
  private readonly match = new MatchBits();

  /** A typed word's group: its words' documents (common words' bitsets, the others' postings) and how many they list. */
  private sourcesOf(group: string[]) {
    const sources: DocSource[] = [];
    let size = 0;
    for (const word of group) {
      const common = this.commonWord(word);
      if (common) {
        size += common.count;
        sources.push({ bits: common.docs.data });
        continue;
      }
      const p = this.postings.get(word);
      if (!p) continue;
      size += p.length;
      sources.push(p);
    }
    return { sources, size };
  }

  /**
   * Keeps the matches that are in any of `sources`: listed documents are looked up (costing their number,
   * not the index's), bitsets ANDed; when there are both, their union is made in a bitset of its own first.
   */
  private andUnion(sources: DocSource[], words: number) {
    const bitsets: Uint32Array[] = [];
    const lists: { docs: Uint32Array; length: number }[] = [];
    for (const source of sources) {
      if (source.bits) bitsets.push(source.bits);
      else lists.push(source);
    }
    if (lists.length === 0) return this.match.andAny(bitsets);
    if (bitsets.length === 0) return this.match.andLists(lists);
    const union = this.scratch.uint32('union', words);
    union.fill(0, 0, words);
    for (const set of bitsets) for (let w = 0; w < Math.min(words, set.length); w++) union[w]! |= set[w]!;
    for (const list of lists) for (let i = 0; i < list.length; i++) union[list.docs[i]! >>> 5]! |= 1 << (list.docs[i]! & 31);
    this.match.andAny([union]);
  }

  /**
   * Words in more documents than the index has 32-bit words keep bitsets instead of a posting (made when the
   * index is read or loaded, or when a posting grows that long; kept up to date by upserts): setting a bit per
   * posting on every search would cost more than the search, and the bitsets take less room.
   */
  private readonly commonWords = new Map<string, CommonWord>();
  /** Whether a word in `documents` documents is common: in more than the index has 32-bit words. */
  private isCommon(documents: number): boolean {
    return documents >= (this.size + 31) >>> 5;
  }
  /** The word's bitsets if it is common (a posting grown that long since the index was read is made one now). */
  private commonWord(word: string): CommonWord | null {
    const kept = this.commonWords.get(word);
    if (kept) return kept;
    const p = this.postings.get(word);
    if (!p || !this.isCommon(p.length)) return null;
    const common = new CommonWord(this.extent);
    for (let i = 0; i < p.length; i++) common.add(p.docs[i]!, p.weights[i]!);
    this.commonWords.set(word, common);
    this.postings.delete(word);
    return common;
  }

  /**
   * The relevance of each listed match (into the order's scores): its name's lead plus, for each typed word,
   * the points of the best field any word of its group is in. A group's weights are read by walking its
   * postings, or — for a few matches against long postings — by binary search of each match in them.
   */
  private scoreRelevance(request: SearchRequest, scores: Int32Array, docs: Uint32Array, n: number, match: Uint32Array) {
    const lead = this.nameLeads(request.text);
    for (let k = 0; k < n; k++) scores[docs[k]!] = lead(docs[k]!);
    const best = this.scratch.uint8(this.size);
    for (const group of request.groups ?? []) {
      for (let k = 0; k < n; k++) best[docs[k]!] = 0;
      for (const word of group) {
        const common = this.commonWords.get(word);
        if (common) {
          for (let k = 0; k < n; k++) {
            const weight = common.weightOf(docs[k]!);
            if (best[docs[k]!]! <= weight) best[docs[k]!] = weight + 1;
          }
          continue;
        }
        const p = this.postings.get(word);
        if (!p) continue;
        if (p.length < n * Math.log2(p.length + 2)) {
          for (let i = 0; i < p.length; i++) {
            const doc = p.docs[i]!;
            if (match[doc >>> 5]! & (1 << (doc & 31)) && best[doc]! <= p.weights[i]!) best[doc] = p.weights[i]! + 1;
          }
        } else {
          for (let k = 0; k < n; k++) {
            const doc = docs[k]!;
            const at = findSorted(p.docs, p.length, doc);
            if (at >= 0 && best[doc]! <= p.weights[at]!) best[doc] = p.weights[at]! + 1;
          }
        }
      }
      for (let k = 0; k < n; k++) scores[docs[k]!]! += POINTS[best[docs[k]!]! - 1]!;
    }
  }

  /**
   * ANDs every filter that has value bitsets into the matches, and returns the per-document test of the rest
   * (BPM bounds, creators, packs; ALWAYS when none), or null when a filter can match nothing (an unknown slug).
   */
  private applyFilters(query: SearchQuery, scope: SearchScope, words: number): ((doc: number) => boolean) | null {
    const values = this.valueDocs;
    // Every genre and instrument asked for is required (and they are the most selective: first).
    for (const name of ['genre', 'instrument'] as const) {
      for (const value of new Set(query[name] ?? [])) this.andUnion(values[name].sourcesOf([this.tags[name].table.find(value) ?? 0]), words);
    }
    for (const dim of ENUM_DIMS) {
      const asked = query[dim];
      if (asked?.length) this.andUnion(values.enums[dim].sourcesOf(asked.flatMap((v) => this.enumCodes[dim].find(v) ?? [])), words);
    }
    for (const [value, flag] of [[query.has_stems, STEMS], [query.has_midi, MIDI], [query.free === true || scope.corpus === 'free' ? true : undefined, FREE]] as const) {
      if (value === true) this.andUnion(values.flags.sourcesOf([flag]), words);
      else if (value === false) this.match.andNot(values.flags.sourcesOf([flag])[0]);
    }
    const tests: ((doc: number) => boolean)[] = [];
    if (query.bpm_min !== undefined || query.bpm_max !== undefined) {
      const min = Math.max(0, query.bpm_min ?? 0);
      const max = query.bpm_max ?? Infinity;
      const slots: number[] = [];
      for (let slot = bpmSlotOf(min); slot <= bpmSlotOf(Math.min(max, BPM_EDGES.high)) && min <= max; slot++) slots.push(slot);
      this.andUnion(values.bpmSlot.sourcesOf(slots), words);
      const sb = this.searchBpm.data;
      tests.push((doc) => sb[doc]! >= min && sb[doc]! <= max);
    }
    for (const [values, table, col] of [[query.creator, this.creators, this.creator], [query.pack, this.packs, this.pack]] as const) {
      if (!values?.length) continue;
      const wanted = new Set(values.flatMap((slug) => table.bySlug.get(slug) ?? []));
      if (wanted.size === 0) return null;
      const data = col.data;
      tests.push((doc) => wanted.has(data[doc]!));
    }
    if (tests.length === 0) return ALWAYS;
    if (tests.length === 1) return tests[0]!;
    return (doc) => {
      for (const test of tests) if (!test(doc)) return false;
      return true;
    };
  }

  /**
   * Facet counts of the matching documents: counted over them, or — when they are most of a corpus held as a
   * bitset — the whole corpus's counts (kept until the next change) minus those of the documents left out.
   */
  private countMatches(match: Uint32Array, matched: number, scope: SearchScope, listMatches: () => Uint32Array): Counts {
    const corpus = scope.corpus === 'archived' ? 'archived' : scope.corpus === 'paid' ? 'paid' : null;
    const bits = (scope.corpus === 'archived' ? this.archived : this.listed).data;
    const everything = corpus ? this.countsOfCorpus(corpus, bits) : null;
    if (!everything || matched <= everything.total / 2) {
      const docs = listMatches();
      const counts = new Counts(this);
      counts.addDocs(docs, docs.length, 1);
      return counts;
    }
    // The matches are within the corpus: as many means all of it.
    if (matched === everything.total) return everything;
    return everything.minus(this.countBits(bits, (w) => bits[w]! & ~match[w]!));
  }

  private countsOfCorpus(corpus: 'paid' | 'archived', bits: Uint32Array): Counts {
    let counts = this.corpusCounts.get(corpus);
    if (!counts) {
      counts = this.countBits(bits, (w) => bits[w]!);
      this.corpusCounts.set(corpus, counts);
    }
    return counts;
  }

  /** Counts the documents of a bitset (listed in a scratch list of their own: the matches' list stays). */
  private countBits(bits: Uint32Array, wordAt: (w: number) => number): Counts {
    const docs = this.scratch.uint32('counted', this.size);
    let n = 0;
    const words = Math.min(bits.length, (this.size + 31) >>> 5);
    for (let w = 0; w < words; w++) {
      let bitsLeft = wordAt(w);
      while (bitsLeft !== 0) {
        const low = bitsLeft & -bitsLeft;
        docs[n++] = (w << 5) | (31 - Math.clz32(low));
        bitsLeft ^= low;
      }
    }
    const counts = new Counts(this);
    counts.addDocs(docs, n, 1);
    return counts;
  }

  /** Arrays every search reuses (a search runs start to end without yielding, so one set serves them all). */
  private readonly scratch = new Scratch();

  /** A sort as the index computes it: exactly the values and tie-breaks of postgres-search-engine.ts's sortPlan. */
  private orderOf(request: SearchRequest): Order {
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
    const ids = (a: number, b: number) => this.compareIds(a, b);
    switch (request.sort) {
      case 'relevance': {
        // Computed once per matching document (prepare), read by every comparison.
        const scores = this.scratch.int32(this.size);
        const score = (doc: number) => scores[doc]!;
        return {
          prepare: (docs, n, match) => this.scoreRelevance(request, scores, docs, n, match),
          before: (a, b) => score(b) - score(a) || ids(a, b),
          rank: (doc) => -score(doc),
          value: (doc) => String(score(doc)),
          after: (v, id) => {
            const s = number(v);
            const key = cursorId(id);
            return (doc) => score(doc) < s || (score(doc) === s && this.compareIdWords(doc, key) > 0);
          },
        };
      }
      case 'newest': {
        const at = this.listedAt.data;
        return {
          before: (a, b) => at[b]! - at[a]! || ids(b, a),
          rank: (doc) => -at[doc]!,
          value: (doc) => microsToTimestamp(at[doc]!),
          after: (v, id) => {
            const s = timestampToMicros(text(v));
            if (s === null) throw invalidCursor();
            const key = cursorId(id);
            return (doc) => at[doc]! < s || (at[doc] === s && this.compareIdWords(doc, key) < 0);
          },
        };
      }
      case 'popular': {
        const pop = this.popularity.data;
        return {
          before: (a, b) => pop[b]! - pop[a]! || ids(b, a),
          rank: (doc) => -pop[doc]!,
          value: (doc) => String(pop[doc]),
          after: (v, id) => {
            const s = number(v);
            const key = cursorId(id);
            return (doc) => pop[doc]! < s || (pop[doc] === s && this.compareIdWords(doc, key) < 0);
          },
        };
      }
      case 'bpm': {
        const bpm = this.bpm.data;
        return {
          before: (a, b) => this.compareBpm(a, b),
          rank: (doc) => (Number.isNaN(bpm[doc]!) ? Infinity : bpm[doc]!),
          value: (doc) => (Number.isNaN(bpm[doc]!) ? null : float4Text(bpm[doc]!)),
          after: (v, id) => {
            const key = cursorId(id);
            if (v === null) return (doc) => Number.isNaN(bpm[doc]!) && this.compareIdWords(doc, key) > 0;
            const s = Math.fround(number(v));
            return (doc) => Number.isNaN(bpm[doc]!) || bpm[doc]! > s || (bpm[doc] === s && this.compareIdWords(doc, key) > 0);
          },
        };
      }
      case 'random': {
        const d = this.ids.data;
        const seed = request.seedNumber;
        const key = (doc: number) => randomKey(d[doc * 4 + 3]!, seed);
        return {
          before: (a, b) => key(a) - key(b) || ids(a, b),
          rank: key,
          value: (doc) => String(key(doc)),
          after: (v, id) => {
            const s = number(v);
            const k = cursorId(id);
            return (doc) => key(doc) > s || (key(doc) === s && this.compareIdWords(doc, k) > 0);
          },
        };
      }
    }
  }

  /** What the facet pass reads. */
  columns() {
    return {
      enums: ENUM_DIMS.map((dim) => ({ dim, data: this.enums[dim].data, codes: this.enumCodes[dim] })),
      searchBpm: this.searchBpm.data,
      flags: this.flags.data,
      packedA: this.packedA.data,
      packedB: this.packedB.data,
      tags: (['genre', 'instrument'] as const).map((dim) => ({ dim, column: this.tags[dim] })),
      creator: { data: this.creator.data, table: this.creators },
      pack: { data: this.pack.data, table: this.packs },
    };
  }

  get listedDocuments() {
    return this.listedCount;
  }
}

/** A whole index as plain values and typed arrays (what a snapshot holds). */
export interface SearchIndexState {
  size: number;
  sortedUpTo: number;
  listedCount: number;
  laterIds: string[];
  laterDocs: Uint32Array<ArrayBuffer>;
  ids: Uint32Array<ArrayBuffer>;
  nameBytes: Uint8Array<ArrayBuffer>;
  nameStart: Uint32Array<ArrayBuffer>;
  pack: Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;
  creator: Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;
  enums: Record<EnumDim, Uint8Array<ArrayBuffer>>;
  enumValues: Record<EnumDim, (string | null)[]>;
  searchBpm: Int16Array<ArrayBuffer>;
  bpm: Float32Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  packedA: Uint16Array<ArrayBuffer>;
  packedB: Uint16Array<ArrayBuffer>;
  listedAt: Float64Array<ArrayBuffer>;
  popularity: Int32Array<ArrayBuffer>;
  genre: SavedTags;
  instrument: SavedTags;
  listed: Uint32Array<ArrayBuffer>;
  archived: Uint32Array<ArrayBuffer>;
  postingWords: string[];
  postingOffsets: Uint32Array<ArrayBuffer>;
  postingDocs: Uint32Array<ArrayBuffer>;
  postingWeights: Uint8Array<ArrayBuffer>;
  vocabulary: string[];
  packs: SavedLabels;
  creators: SavedLabels;
  byName: Uint32Array<ArrayBuffer>;
  byNewest: Uint32Array<ArrayBuffer>;
  byPopular: Uint32Array<ArrayBuffer>;
  byBpm: Uint32Array<ArrayBuffer>;
}
interface SavedTags {
  pair: Uint32Array<ArrayBuffer>;
  moreDocs: Uint32Array<ArrayBuffer>;
  moreStart: Uint32Array<ArrayBuffer>;
  moreCodes: Uint16Array<ArrayBuffer>;
  values: (string | null)[];
}
interface SavedLabels {
  ids: (string | null)[];
  slugs: (string | null)[];
  labels: (string | null)[];
}

export interface IndexAnswer {
  ids: string[];
  nextCursor: string | null;
  total: number | null;
  facets: SearchFacets | null;
  /** How many of the viewer's owned documents match (for "not yet owned"). */
  ownedMatches: number;
}

interface Order {
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

/** The first `k` documents in an order, kept in a bounded heap (the worst on top). */
class TopK {
  private readonly heap: number[] = [];
  /** The rank of the worst document kept, once the heap is full: anything ranked after it is refused at once. */
  private worstRank = Infinity;
  constructor(
    private readonly k: number,
    private readonly before: (a: number, b: number) => number,
    private readonly rank: (doc: number) => number,
  ) {}
  offer(doc: number) {
    const h = this.heap;
    if (h.length === this.k && this.rank(doc) > this.worstRank) return;
    this.insert(doc);
    if (h.length === this.k) this.worstRank = this.rank(h[0]!);
  }
  private insert(doc: number) {
    const h = this.heap;
    if (h.length < this.k) {
      h.push(doc);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.before(h[parent]!, h[i]!) >= 0) break;
        [h[parent], h[i]] = [h[i]!, h[parent]!];
        i = parent;
      }
      return;
    }
    if (this.before(doc, h[0]!) >= 0) return;
    h[0] = doc;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.before(h[l]!, h[worst]!) > 0) worst = l;
      if (r < h.length && this.before(h[r]!, h[worst]!) > 0) worst = r;
      if (worst === i) break;
      [h[worst], h[i]] = [h[i]!, h[worst]!];
      i = worst;
    }
  }
  sorted(): number[] {
    return [...this.heap].sort(this.before);
  }
}

/** Facet counts over the matching documents, one pass. */
class Counts {
  total = 0;
  stems = 0;
  midi = 0;
  free = 0;
  private cols!: ReturnType<SearchIndex['columns']>;
  // The columns addDocs() reads, hoisted out of `cols`.
  private packedA!: Uint16Array;
  private packedB!: Uint16Array;
  /** Index in `enumCounts` of each PACKED_A_DIMS dimension, and of the key. */
  private readonly packedSlots = PACKED_A_DIMS.map((dim) => ENUM_DIMS.indexOf(dim));
  private readonly keySlot = ENUM_DIMS.indexOf('key');
  private tags!: TagColumn[];
  private creatorOf!: Uint16Array | Uint32Array;
  private packOf!: Uint16Array | Uint32Array;
  private readonly enumCounts = ENUM_DIMS.map((dim) => new Int32Array(ENUM_RADIX[dim]));
  private readonly bpm = new Int32Array(BPM_SLOTS);
  private readonly tagCounts: Int32Array[] = [new Int32Array(0), new Int32Array(0)];
  private creatorCounts: Int32Array = new Int32Array(0);
  private packCounts: Int32Array = new Int32Array(0);
  constructor(private readonly index: SearchIndex) {
    this.bind();
  }
  /** The counts as an answer's facets, made once (a whole corpus's counts answer the search page until they change). */
  private presented: SearchFacets | null = null;
  facets(): SearchFacets {
    return (this.presented ??= presentFacets(this.rows(), { has_stems: this.stems, has_midi: this.midi, free: this.free }));
  }

  /** One document in (`sign` 1) or out (−1), for counts kept up to date as the index changes. */
  addOne(doc: number, sign: 1 | -1) {
    this.bind();
    this.presented = null;
    this.total += sign;
    this.addPackedA(this.packedA[doc]!, sign);
    this.addPackedB(this.packedB[doc]!, sign);
    this.tags.forEach((tags, t) => tags.forEach(doc, (code) => (this.tagCounts[t]![code]! += sign)));
    this.creatorCounts[this.creatorOf[doc]!]! += sign;
    this.packCounts[this.packOf[doc]!]! += sign;
  }

  /** `count` documents of one PACKED_A value, split into each of its facets. */
  private addPackedA(value: number, count: number) {
    for (let i = 0; i < PACKED_A_DIMS.length; i++) {
      this.enumCounts[this.packedSlots[i]!]![Math.floor(value / PACKED_A_STRIDES[i]!) % ENUM_RADIX[PACKED_A_DIMS[i]!]]! += count;
    }
  }

  /** `count` documents of one key + flags + BPM bucket value. */
  private addPackedB(value: number, count: number) {
    this.enumCounts[this.keySlot]![value % KEY_RADIX]! += count;
    const flags = Math.floor(value / KEY_RADIX) % 8;
    const slot = Math.floor(value / (KEY_RADIX * 8));
    if (slot < BPM_SLOTS) this.bpm[slot]! += count;
    if (flags & STEMS) this.stems += count;
    if (flags & MIDI) this.midi += count;
    if (flags & FREE) this.free += count;
  }

  /**
   * The index's current columns (they are replaced as they grow) and room for the genres, instruments,
   * creators and packs it has learnt since these counts were made.
   */
  private bind() {
    this.cols = this.index.columns();
    this.packedA = this.cols.packedA;
    this.packedB = this.cols.packedB;
    this.tags = this.cols.tags.map((t) => t.column);
    this.creatorOf = this.cols.creator.data;
    this.packOf = this.cols.pack.data;
    const grown = (counts: Int32Array, size: number) => {
      if (counts.length >= size) return counts;
      // With room to spare: packs published one after another would each copy the counts again.
      const next = new Int32Array(Math.max(size, counts.length * 2));
      next.set(counts);
      return next;
    };
    this.cols.tags.forEach((t, i) => (this.tagCounts[i] = grown(this.tagCounts[i]!, t.column.table.values.length)));
    this.creatorCounts = grown(this.creatorCounts, this.cols.creator.table.codes.values.length);
    this.packCounts = grown(this.packCounts, this.cols.pack.table.codes.values.length);
  }

  /** These counts less `other`'s (taken in the same state of the index). */
  minus(other: Counts): Counts {
    const out = new Counts(this.index);
    out.total = this.total - other.total;
    out.stems = this.stems - other.stems;
    out.midi = this.midi - other.midi;
    out.free = this.free - other.free;
    const diff = (into: Int32Array, a: Int32Array, b: Int32Array) => into.forEach((_, i) => (into[i] = (a[i] ?? 0) - (b[i] ?? 0)));
    out.enumCounts.forEach((into, i) => diff(into, this.enumCounts[i]!, other.enumCounts[i]!));
    out.tagCounts.forEach((into, i) => diff(into, this.tagCounts[i]!, other.tagCounts[i]!));
    diff(out.bpm, this.bpm, other.bpm);
    diff(out.creatorCounts, this.creatorCounts, other.creatorCounts);
    diff(out.packCounts, this.packCounts, other.packCounts);
    return out;
  }
  /**
   * Counts the first `n` documents of `docs` (`sign` −1 takes them out again), one column at a time: each loop
   * reads one column and writes one small table, which runs several times faster than a pass per document.
   */
  addDocs(docs: Uint32Array, n: number, sign: 1 | -1) {
    this.total += sign * n;
    const histogramA = histogramOf(this.packedA, docs, n, PACKED_A_SIZE);
    const histogramB = histogramOf(this.packedB, docs, n, PACKED_B_SIZE);
    for (let value = 0; value < PACKED_A_SIZE; value++) if (histogramA[value] !== 0) this.addPackedA(value, sign * histogramA[value]!);
    for (let value = 0; value < PACKED_B_SIZE; value++) if (histogramB[value] !== 0) this.addPackedB(value, sign * histogramB[value]!);
    this.tags.forEach((tags, t) => tags.count(this.tagCounts[t]!, docs, n, sign));
    countCodes(this.creatorOf, this.creatorCounts, docs, n, sign);
    countCodes(this.packOf, this.packCounts, docs, n, sign);
  }
  rows(): FacetCount[] {
    const rows: FacetCount[] = [];
    const c = this.cols;
    c.enums.forEach((e, i) => this.enumCounts[i]!.forEach((n, code) => code > 0 && n > 0 && rows.push({ dim: e.dim, value: e.codes.values[code]!, label: null, count: n })));
    this.bpm.forEach((n, slot) => n > 0 && rows.push({ dim: 'bpm', value: String(slot * 10), label: null, count: n }));
    c.tags.forEach((t, i) => this.tagCounts[i]!.forEach((n, code) => code > 0 && n > 0 && rows.push({ dim: t.dim, value: t.column.table.values[code]!, label: null, count: n })));
    for (const [dim, counts, table] of [['creator', this.creatorCounts, c.creator.table], ['pack', this.packCounts, c.pack.table]] as const) {
      // The most frequent, ties by id (as the SQL engine's `order by n desc, id limit 20`): one pass keeping
      // the best 20 in order, not a sort of every pack.
      const ahead = (a: number, b: number) => counts[a]! > counts[b]! || (counts[a] === counts[b] && byCodePoint(table.codes.values[a]!, table.codes.values[b]!) < 0);
      const top: number[] = [];
      // The 20th's count, once there are 20: a broad search gives most of 20,000 packs a count, nearly all below it.
      let least = 0;
      for (let code = 1; code < counts.length; code++) {
        const n = counts[code]!;
        if (n <= 0 || n < least) continue;
        if (top.length === TOP_LIST_FACET && !ahead(code, top[TOP_LIST_FACET - 1]!)) continue;
        let at = top.length === TOP_LIST_FACET ? TOP_LIST_FACET - 1 : top.length;
        while (at > 0 && ahead(code, top[at - 1]!)) {
          top[at] = top[at - 1]!;
          at -= 1;
        }
        top[at] = code;
        if (top.length === TOP_LIST_FACET) least = counts[top[TOP_LIST_FACET - 1]!]!;
      }
      for (const code of top) {
        const row = table.rows[code];
        if (row) rows.push({ dim, value: row.slug, label: row.label, count: counts[code]! });
      }
    }
    return rows;
  }
}

// The counting loops, one small function each with one array type per argument. A result's documents are
// spread over the whole index, so each read of a column is a cache miss: the cost of counting is about the
// number of columns read per document (hence the packed enumerations), not the arithmetic.

/** How many of the first `n` documents have each value of `column` (values below `size`). */
function histogramOf(column: Uint16Array, docs: Uint32Array, n: number, size: number): Int32Array {
  const histogram = new Int32Array(size);
  for (let k = 0; k < n; k++) histogram[column[docs[k]!]!]! += 1;
  return histogram;
}

/** Adds `sign` to the count of each document's code (creator, pack). */
function countCodes(column: Uint16Array | Uint32Array, counts: Int32Array, docs: Uint32Array, n: number, sign: number): void {
  for (let k = 0; k < n; k++) counts[column[docs[k]!]!]! += sign;
}

/** The filter of a query that filters nothing per document (its filters, if any, were bitset operations). */
const ALWAYS = (_doc: number) => true;

/** Set bits of a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The first place from `from` (up to `to`) in an ascending list whose value is at least `doc`. */
function firstAtLeast(list: Uint32Array, from: number, to: number, doc: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `doc` is in the first `length` entries of an ascending list, or -1. */
function findSorted(list: Uint32Array, length: number, doc: number): number {
  let lo = 0;
  let hi = length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid]!;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function countsToFacets(counts: Counts | null): SearchFacets {
  return counts ? counts.facets() : presentFacets([], { has_stems: 0, has_midi: 0, free: 0 });
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const charLength = (s: string) => [...s].length;

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
export function timestampToMicros(text: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(text);
  if (!m) return null;
  const zone = m[4] === 'Z' ? 'Z' : m[4]!.length === 3 ? `${m[4]}:00` : m[4]!.includes(':') ? m[4] : `${m[4]!.slice(0, 3)}:${m[4]!.slice(3)}`;
  const seconds = Date.parse(`${m[1]}T${m[2]}${zone}`);
  if (Number.isNaN(seconds)) return null;
  return seconds * 1000 + Number((m[3] ?? '').padEnd(6, '0'));
}
