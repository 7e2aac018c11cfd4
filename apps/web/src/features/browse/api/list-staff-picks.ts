import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';

/** GET /api/staff-picks, page by page, in the curators' order. */
export function useStaffPicks() {
  return useInfiniteQuery({
    queryKey: catalogueKeys.staffPicks,
    queryFn: ({ pageParam, signal }) => callApi(API.listStaffPicks, { query: { cursor: pageParam }, signal }),
    ...CURSOR_PAGING,
  });
}
