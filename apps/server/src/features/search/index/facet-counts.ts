import type { SearchFacets } from '@crate/contract/search';
import { type CountedFacets, type FacetCount, type FacetDim, presentFacets, TOP_LIST_FACET } from '../search-facets.ts';
import { byCodePoint } from './codes.ts';
import type { DocumentColumns } from './document-columns.ts';
import { BPM_SLOTS, ENUM_DIMS, ENUM_RADIX, FREE, KEY_RADIX, MIDI, PACKED_A_DIMS, PACKED_A_SIZE, PACKED_A_STRIDES, PACKED_B_SIZE, STEMS } from './facet-values.ts';
import type { TagColumn } from './tag-column.ts';

/** The column each facet is counted from: the packed enumerations, key + flags + BPM, the tags, creator, pack. */
type CountedColumn = 'packedA' | 'packedB' | 'genre' | 'instrument' | 'creator' | 'pack';
const COLUMN_OF: Record<FacetDim, CountedColumn> = {
  type: 'packedA', kind: 'packedA', time_signature: 'packedA', feel: 'packedA', licence_type: 'packedA', plugin: 'packedA',
  key: 'packedB', bpm: 'packedB', has_stems: 'packedB', has_midi: 'packedB', free: 'packedB',
  genre: 'genre', instrument: 'instrument', creator: 'creator', pack: 'pack',
};

/**
 * Facet counts over the matching documents, one pass. Counts of every facet, or of one only (`only`): a facet
 * counted sideways (without its own filter) takes nothing else from its counts, and reading one column per
 * document instead of six is most of what those passes cost.
 */
export class Counts {
  total = 0;
  stems = 0;
  midi = 0;
  free = 0;
  private cols!: ReturnType<DocumentColumns['forCounting']>;
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
  constructor(
    private readonly columns: DocumentColumns,
    readonly only: FacetDim | null = null,
  ) {
    this.bind();
  }
  /** Whether these counts read `column` (every column, unless they count one facet only). */
  private reads(column: CountedColumn): boolean {
    return this.only === null || COLUMN_OF[this.only] === column;
  }
  /** The counts as an answer's facets, made once (a whole corpus's counts answer the search page until they change). */
  private presented: SearchFacets | null = null;
  facets(): SearchFacets {
    return (this.presented ??= presentFacets(this.rows(), { has_stems: this.stems, has_midi: this.midi, free: this.free }));
  }

  /** One document in (`sign` 1) or out (−1), for counts kept up to date as the index changes (counts of every facet). */
  addOne(doc: number, sign: 1 | -1) {
    if (this.only !== null) throw new Error('Counts of one facet are not kept up to date');
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
    this.cols = this.columns.forCounting();
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

  /** These counts less `other`'s (taken in the same state of the index; of `other`'s facets). */
  minus(other: Counts): Counts {
    if (this.only !== null && this.only !== other.only) throw new Error('Counts of one facet less counts of another');
    const out = new Counts(this.columns, other.only);
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
    if (this.reads('packedA')) {
      const histogramA = histogramOf(this.packedA, docs, n, PACKED_A_SIZE);
      for (let value = 0; value < PACKED_A_SIZE; value++) if (histogramA[value] !== 0) this.addPackedA(value, sign * histogramA[value]!);
    }
    if (this.reads('packedB')) {
      const histogramB = histogramOf(this.packedB, docs, n, PACKED_B_SIZE);
      for (let value = 0; value < PACKED_B_SIZE; value++) if (histogramB[value] !== 0) this.addPackedB(value, sign * histogramB[value]!);
    }
    this.cols.tags.forEach(({ dim }, t) => this.reads(dim) && this.tags[t]!.count(this.tagCounts[t]!, docs, n, sign));
    if (this.reads('creator')) countCodes(this.creatorOf, this.creatorCounts, docs, n, sign);
    if (this.reads('pack')) countCodes(this.packOf, this.packCounts, docs, n, sign);
  }
  /** The counted values of each facet these counts count. */
  rows(): FacetCount[] {
    const rows: FacetCount[] = [];
    const c = this.cols;
    const counted = (dim: FacetDim) => this.only === null || this.only === dim;
    c.enums.forEach((e, i) => counted(e.dim) && this.enumCounts[i]!.forEach((n, code) => code > 0 && n > 0 && rows.push({ dim: e.dim, value: e.codes.values[code]!, label: null, count: n })));
    if (counted('bpm')) this.bpm.forEach((n, slot) => n > 0 && rows.push({ dim: 'bpm', value: String(slot * 10), label: null, count: n }));
    c.tags.forEach((t, i) => counted(t.dim) && this.tagCounts[i]!.forEach((n, code) => code > 0 && n > 0 && rows.push({ dim: t.dim, value: t.column.table.values[code]!, label: null, count: n })));
    for (const [dim, counts, table] of [['creator', this.creatorCounts, c.creator.table], ['pack', this.packCounts, c.pack.table]] as const) {
      if (!counted(dim)) continue;
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

/** The counts as rows and totals, for an answer that takes some facets from other counts (drill-sideways). */
export function countedOf(counts: Counts): CountedFacets {
  return { rows: counts.rows(), totals: { has_stems: counts.stems, has_midi: counts.midi, free: counts.free } };
}

export function countsToFacets(counts: Counts | null): SearchFacets {
  return counts ? counts.facets() : presentFacets([], { has_stems: 0, has_midi: 0, free: 0 });
}
