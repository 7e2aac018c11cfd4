/** One item as the index reads it (search-index-repository.ts). */
export interface IndexedItem {
  id: string;
  packId: string;
  creatorId: string;
  /** lower(name), as PostgreSQL lower-cases it. */
  nameLower: string;
  /** The item's indexed words (each once) … */
  words: string[];
  /** … and the best field each occurs in: 3 name (A), 2 instruments/kind/plugin (B), 1 tags/genres (C), 0 pack/creator (D). */
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
