import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from './catalogue-keys.ts';

/** GET /api/staff-playlists/:ref. */
export function useStaffPlaylist(ref: string) {
  return useQuery({
    queryKey: catalogueKeys.staffPlaylist(ref),
    queryFn: ({ signal }) => callApi(API.getStaffPlaylist, { params: { ref }, signal }),
  });
}

/** GET /api/staff-playlists/:ref/items in the curators' order, page by page. */
export function useStaffPlaylistItems(ref: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.staffPlaylistItems(ref),
    queryFn: ({ pageParam, signal }) => callApi(API.listStaffPlaylistItems, { params: { ref }, query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
    enabled,
  });
}
