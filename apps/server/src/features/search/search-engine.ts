import type { SearchFacets, SearchQuery, SearchSort } from '@crate/contract/search';

/**
 * The one interface search is reached through. Today PostgreSQL answers it (postgres-search-engine.ts);
 * an external engine could replace it by implementing these two calls and being fed the same rows.
 * Engines return ids only: the catalogue hydrates rows, so every list shows items the same way.
 */
export interface SearchEngine {
  search(query: SearchQuery, scope: SearchScope): Promise<SearchHits>;
  /** Nearest listed items by audio features: same type, similar duration, never the item itself; free ones only when asked. */
  similar(itemId: string, limit: number, options?: { freeOnly?: boolean }): Promise<string[]>;
}

/**
 * Which sounds a search reads: `paid` every listed one (published pack, not taken down), `free` the
 * listed free ones, `archived` those of archived packs and the taken-down ones. `userId` (signed in)
 * enables "not yet owned".
 */
export interface SearchScope {
  corpus: 'paid' | 'free' | 'archived';
  userId: string | null;
  /** The signed-in viewer's owned sounds when the caller holds them already (the viewer-state cache, decision 0077): the index then reads none. */
  ownedItems?: ReadonlySet<string>;
}

export interface SearchHits {
  itemIds: string[];
  /** First page only (null when a cursor was given). */
  total: number | null;
  facets: SearchFacets | null;
  nextCursor: string | null;
  sort: SearchSort;
  seed: string | null;
  /** Words not in the index and the close words searched instead. */
  corrected: { word: string; searched: string[] }[];
}
