import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/library/downloads: what I downloaded, newest first. Always fetched anew: a download just made shows. */
export function useDownloads() {
  return useInfiniteQuery({
    queryKey: libraryKeys.downloads,
    queryFn: ({ pageParam, signal }) => callApi(API.listDownloads, { query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
    staleTime: 0,
  });
}
