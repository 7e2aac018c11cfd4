import type { EnumDim } from './facet-values.ts';
import type { SavedLabels } from './labels.ts';
import type { SavedTags } from './tag-column.ts';

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
