import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** GET /api/bundles, newest first, page by page. */
export function useBundles() {
  return useInfiniteQuery({
    queryKey: catalogueKeys.bundles,
    queryFn: ({ pageParam, signal }) => callApi(API.listBundles, { query: { cursor: pageParam }, signal }),
    ...CURSOR_PAGING,
  });
}
