import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

export const discoverQueryKey = ['catalogue', 'discover'] as const;

/** GET /api/discover: the whole landing page in one request (banners, shelves, genres, creators, playlists). */
export function useDiscover() {
  return useQuery({
    queryKey: discoverQueryKey,
    queryFn: ({ signal }) => callApi(API.discover, { signal }),
    staleTime: 60_000,
  });
}
