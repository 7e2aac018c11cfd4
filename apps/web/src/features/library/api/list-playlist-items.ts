import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/playlists/:id/items: the sounds of one of my playlists, in my order. */
export function usePlaylistItems(playlistId: string | null) {
  return useQuery({
    queryKey: libraryKeys.playlistItems(playlistId ?? ''),
    queryFn: ({ signal }) => callApi(API.listPlaylistItems, { params: { id: playlistId! }, signal }),
    enabled: playlistId !== null,
  });
}
