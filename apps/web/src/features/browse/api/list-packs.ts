import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** GET /api/packs?genre=…: one genre's published packs, newest first, page by page. */
export function useGenrePacks(genre: string) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.genrePacks(genre),
    queryFn: ({ pageParam, signal }) => callApi(API.listPacks, { query: { cursor: pageParam, genre }, signal }),
    ...CURSOR_PAGING,
  });
}
