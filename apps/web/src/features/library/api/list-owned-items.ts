import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';
import { callApi } from '../../../lib/api-client.ts';

export interface OwnedItemsFilter {
  q: string;
  type: 'sample' | 'preset' | null;
}

/** GET /api/library/owned: the sounds and presets I own, newest first, filtered by name and type. */
export function useOwnedItems(filter: OwnedItemsFilter) {
  return useInfiniteQuery({
    queryKey: libraryKeys.ownedItemsFiltered(filter),
    queryFn: ({ pageParam, signal }) =>
      callApi(API.listOwnedItems, {
        query: { cursor: pageParam, limit: 50, ...(filter.q ? { q: filter.q } : {}), ...(filter.type ? { type: filter.type } : {}) },
        signal,
      }),
    ...CURSOR_PAGING,
  });
}
