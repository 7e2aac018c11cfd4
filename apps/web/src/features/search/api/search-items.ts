import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { ArchivedItemRow, SearchResponse } from '@crate/contract/search';
import type { ItemRow } from '@crate/contract/catalogue';
import { callApi } from '../../../lib/api-client.ts';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { toApiQuery, type SearchState } from '../search-state.ts';

/** The three searches: every listed sound (subscribers), the free ones (everybody), the archive (admins). */
const SEARCH_ENDPOINTS = {
  paid: API.search,
  free: API.searchFree,
  archived: API.searchArchived,
} as const;
export type SearchCorpus = keyof typeof SEARCH_ENDPOINTS;

export const searchKeys = {
  all: ['search'] as const,
  corpus: (corpus: SearchCorpus) => ['search', corpus] as const,
  /** `queryString` is the state's canonical query string, so equal searches share a cache entry. */
  results: (corpus: SearchCorpus, queryString: string) => ['search', corpus, queryString] as const,
};

/** GET /api/search{,/free,/archived} over its cursor: the first page carries the total and the facet counts; later pages only rows. */
function searchResultsQuery(corpus: SearchCorpus, state: SearchState, queryString: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(corpus, queryString),
    queryFn: ({ pageParam, signal }) => {
      const query = { ...toApiQuery(state), ...(pageParam ? { cursor: pageParam } : {}) };
      // Three endpoints of one shape: an archived row is an item row with the reasons added (see isArchivedRow).
      return callApi(SEARCH_ENDPOINTS[corpus] as typeof API.search, { query, signal }) as Promise<SearchResponse>;
    },
    ...CURSOR_PAGING,
    // Typing re-asks the same prefixes: an answer a few seconds old is as good as a new one.
    staleTime: 15_000,
  });
}

/**
 * The search as an infinite query. While a new search is on its way the previous answer stays on
 * screen (keepPreviousData), so typing never blanks the list.
 */
export function useSearchResults(corpus: SearchCorpus, state: SearchState, queryString: string, enabled = true) {
  return useInfiniteQuery({ ...searchResultsQuery(corpus, state, queryString), placeholderData: keepPreviousData, enabled });
}

/**
 * Starts a search's request at once, before the screen re-renders for it (the query picks the
 * request up when it asks for the same key). Typed text saves that render's time off every keystroke.
 */
export function prefetchSearchResults(client: QueryClient, corpus: SearchCorpus, state: SearchState, queryString: string): void {
  void client.prefetchInfiniteQuery(searchResultsQuery(corpus, state, queryString));
}

/** A row of the archived search (it says why the sound is out of the catalogue). */
export function isArchivedRow(item: ItemRow): item is ArchivedItemRow {
  return 'pack_archived' in item && 'taken_down_at' in item;
}
