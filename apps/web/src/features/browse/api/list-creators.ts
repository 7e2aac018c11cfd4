import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** GET /api/creators: creators with published packs, by name, page by page. */
export function useCreators() {
  return useInfiniteQuery({
    queryKey: catalogueKeys.creators,
    queryFn: ({ pageParam, signal }) => callApi(API.listCreators, { query: { cursor: pageParam }, signal }),
    ...CURSOR_PAGING,
  });
}
