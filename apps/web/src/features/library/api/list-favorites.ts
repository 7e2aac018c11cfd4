import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/favorites/items: hearted sounds, newest first, page by page. */
export function useFavoriteItems() {
  return useInfiniteQuery({
    queryKey: libraryKeys.favoriteItems,
    queryFn: ({ pageParam, signal }) => callApi(API.listFavoriteItems, { query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
  });
}

/** GET /api/favorites/packs: hearted packs, newest first, page by page. */
export function useFavoritePacks() {
  return useInfiniteQuery({
    queryKey: libraryKeys.favoritePacks,
    queryFn: ({ pageParam, signal }) => callApi(API.listFavoritePacks, { query: { cursor: pageParam }, signal }),
    ...CURSOR_PAGING,
  });
}
