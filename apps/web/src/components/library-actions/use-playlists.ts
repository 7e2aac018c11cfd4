import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { Playlist } from '@crate/contract/library';
import { callApi } from '../../lib/api-client.ts';
import { libraryKeys } from './library-query-keys.ts';

/** The signed-in user's playlists (GET /api/playlists). `enabled` false for visitors and closed menus. */
export function useMyPlaylists(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.playlists,
    queryFn: ({ signal }) => callApi(API.listPlaylists, { signal }),
    enabled,
  });
}

/** The answer is the playlist as it now is: put it in the list at once, then let its items refetch. */
function applyPlaylist(queryClient: QueryClient, playlist: Playlist): void {
  queryClient.setQueryData<Playlist[]>(libraryKeys.playlists, (list) => {
    if (!list) return list;
    const at = list.findIndex((p) => p.id === playlist.id);
    return at < 0 ? [playlist, ...list] : list.map((p) => (p.id === playlist.id ? playlist : p));
  });
  void queryClient.invalidateQueries({ queryKey: libraryKeys.playlistItems(playlist.id) });
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(API.createPlaylist, { body: { name } }),
    onSuccess: (playlist) => {
      applyPlaylist(queryClient, playlist);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.playlists });
    },
  });
}

export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, itemId }: { playlistId: string; itemId: string }) =>
      callApi(API.addPlaylistItem, { params: { id: playlistId }, body: { item_id: itemId } }),
    onSuccess: (playlist) => applyPlaylist(queryClient, playlist),
  });
}

export function useRemoveFromPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, itemId }: { playlistId: string; itemId: string }) =>
      callApi(API.removePlaylistItem, { params: { id: playlistId, itemId } }),
    onSuccess: (playlist) => applyPlaylist(queryClient, playlist),
  });
}

export function useRenamePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, name }: { playlistId: string; name: string }) => callApi(API.renamePlaylist, { params: { id: playlistId }, body: { name } }),
    onSuccess: (playlist) => applyPlaylist(queryClient, playlist),
  });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string) => callApi(API.deletePlaylist, { params: { id: playlistId } }),
    onSuccess: (_ok, playlistId) => {
      queryClient.setQueryData<Playlist[]>(libraryKeys.playlists, (list) => list?.filter((p) => p.id !== playlistId));
      queryClient.removeQueries({ queryKey: libraryKeys.playlistItems(playlistId) });
    },
  });
}

export function useReorderPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, itemIds }: { playlistId: string; itemIds: string[] }) =>
      callApi(API.reorderPlaylist, { params: { id: playlistId }, body: { item_ids: itemIds } }),
    onSuccess: (playlist) => applyPlaylist(queryClient, playlist),
  });
}
