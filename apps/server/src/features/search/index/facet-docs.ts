import type { Column } from './columns.ts';
import type { DocumentColumns } from './document-columns.ts';
import { type DocSource, type Extent, GrowingBits } from './document-sets.ts';
import { bpmSlotOf, ENUM_DIMS, type EnumDim, FREE, MIDI, STEMS } from './facet-values.ts';
import type { TagColumn } from './tag-column.ts';

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
 * The documents of each facet value, as lists or bitsets (derived from the columns, never saved):
 * enumerations by code, BPM by bucket slot, the three flags, genres and instruments by code.
 */
export class FacetValueDocs {
  readonly enums = Object.fromEntries(ENUM_DIMS.map((d) => [d, new FacetDocs()])) as Record<EnumDim, FacetDocs>;
  readonly bpmSlot = new FacetDocs();
  readonly flags = new FacetDocs();
  readonly genre = new FacetDocs();
  readonly instrument = new FacetDocs();
  /** Each enumeration's column with its values' documents. */
  private readonly enumFacets: { column: Column<Uint8Array>; facet: FacetDocs }[];

  /** `extent`: the index's, shared with its common words' bitsets. */
  constructor(
    private readonly columns: DocumentColumns,
    private readonly extent: Extent,
  ) {
    this.enumFacets = ENUM_DIMS.map((dim) => ({ column: columns.enums[dim], facet: this.enums[dim] }));
  }

  /** Bitsets are allocated for `n` documents and some more (those numbered after a start grow them later). */
  reserve(n: number) {
    this.extent.reservedWords = Math.max(this.extent.reservedWords, ((n + 31) >>> 5) + 1024);
  }

  /** A document's facet values into the documents of each value (from its columns). */
  add(doc: number) {
    const extent = this.extent;
    extent.words = Math.max(extent.words, (doc + 32) >>> 5);
    for (const { column, facet } of this.enumFacets) {
      const code = column.data[doc]!;
      if (code !== 0) facet.add(code, doc, extent);
    }
    const bpm = this.columns.searchBpm.data[doc]!;
    if (bpm >= 0) this.bpmSlot.add(bpmSlotOf(bpm), doc, extent);
    const flags = this.columns.flags.data[doc]!;
    if (flags & FREE) this.flags.add(FREE, doc, extent);
    if (flags & STEMS) this.flags.add(STEMS, doc, extent);
    if (flags & MIDI) this.flags.add(MIDI, doc, extent);
    this.addTagDocs(this.columns.tags.genre, this.genre, doc);
    this.addTagDocs(this.columns.tags.instrument, this.instrument, doc);
  }

  private addTagDocs(tags: TagColumn, facet: FacetDocs, doc: number) {
    tags.forEach(doc, (code) => facet.add(code, doc, this.extent));
  }
}
