import { Codes } from './codes.ts';
import { codeColumn, Column, type NumberArray, setCode } from './columns.ts';
import { BPM_SLOTS, bpmSlotOf, ENUM_DIMS, type EnumDim, enumLimit, FREE, KEY_RADIX, MIDI, PACKED_A_DIMS, PACKED_A_STRIDES, STEMS } from './facet-values.ts';
import type { IndexedItem } from './indexed-item.ts';
import type { SearchIndexState } from './index-state.ts';
import { labelsState, loadLabels, newLabels } from './labels.ts';
import { permute } from './renumbering.ts';
import { TagColumn } from './tag-column.ts';

/** Each document's facet and sort values, one typed array per field (document d at [d]), and the codes they are in. */
export class DocumentColumns {
  readonly pack = codeColumn();
  readonly creator = codeColumn();
  /** What the pack and creator codes stand for. */
  readonly packs = newLabels();
  readonly creators = newLabels();
  readonly enums = Object.fromEntries(ENUM_DIMS.map((d) => [d, new Column(new Uint8Array(0), (n) => new Uint8Array(n))])) as Record<EnumDim, Column<Uint8Array>>;
  // The database's enumerations are the contract's, so a code always fits its radix (in the packed values).
  enumCodes = Object.fromEntries(ENUM_DIMS.map((d) => [d, new Codes(enumLimit(d))])) as Record<EnumDim, Codes>;
  /** search_bpm, -1 for none. */
  readonly searchBpm = new Column(new Int16Array(0), (n) => new Int16Array(n));
  /** bpm as PostgreSQL's real; NaN for none. */
  readonly bpm = new Column(new Float32Array(0), (n) => new Float32Array(n));
  readonly flags = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  /** The facet values counted together (PACKED_A_DIMS; key, flags and BPM bucket). */
  readonly packedA = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  readonly packedB = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  readonly listedAt = new Column(new Float64Array(0), (n) => new Float64Array(n));
  readonly popularity = new Column(new Int32Array(0), (n) => new Int32Array(n));
  /** Genres and instruments per document (replaced whole when a saved index is loaded). */
  tags = { genre: new TagColumn(), instrument: new TagColumn() };
  /** The enumerations' columns that are packed into packedA. */
  private readonly packedAColumns = PACKED_A_DIMS.map((dim) => this.enums[dim]);

  /** The columns of one value per document (genre/instrument lists aside). */
  private perDocument(): Column<NumberArray>[] {
    return [this.pack, this.creator, this.searchBpm, this.bpm, this.flags, this.packedA, this.packedB, this.listedAt, this.popularity, ...Object.values(this.enums)];
  }

  /** Room for exactly `room` documents in every column. */
  reserve(room: number) {
    for (const col of this.perDocument()) col.reserve(room);
    for (const t of Object.values(this.tags)) t.reserve(room);
  }

  /** Document `doc`'s values (it has room). */
  write(doc: number, item: IndexedItem) {
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
  }

  /** Renumbers the first `order.length` documents (the document at order[d] becomes d). */
  permute(order: Uint32Array, scratch: ArrayBuffer) {
    for (const col of this.perDocument()) permute(col.data, order, 1, scratch);
    for (const tags of Object.values(this.tags)) tags.permute(order, scratch);
  }

  /** What the facet pass reads. */
  forCounting() {
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

  /** The first `n` documents' columns: views, not copies. */
  toState(n: number) {
    return {
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
      packs: labelsState(this.packs),
      creators: labelsState(this.creators),
    } satisfies Partial<SearchIndexState>;
  }

  /** A saved index's columns (copied) into these empty ones, with room for `room` documents. */
  load(state: SearchIndexState, room: number) {
    this.pack.load(state.pack, room);
    this.creator.load(state.creator, room);
    for (const d of ENUM_DIMS) {
      this.enums[d].load(state.enums[d], room);
      this.enumCodes[d] = Codes.of(state.enumValues[d], enumLimit(d));
    }
    this.searchBpm.load(state.searchBpm, room);
    this.bpm.load(state.bpm, room);
    this.flags.load(state.flags, room);
    this.packedA.load(state.packedA, room);
    this.packedB.load(state.packedB, room);
    this.listedAt.load(state.listedAt, room);
    this.popularity.load(state.popularity, room);
    this.tags.genre = TagColumn.fromState(state.genre, room);
    this.tags.instrument = TagColumn.fromState(state.instrument, room);
    loadLabels(this.packs, state.packs);
    loadLabels(this.creators, state.creators);
  }
}
