import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { Playlist } from '@crate/contract/library';
import type { Page } from '@crate/contract/pagination';
import { CURSOR_PAGING } from '../cursor-pages.ts';
import { callApi } from '../../lib/api-client.ts';
import { libraryKeys } from './library-query-keys.ts';

/**
 * The signed-in user's playlists, most recently changed first, a page at a time (GET /api/playlists);
 * `pageRows(query.data)` lists the loaded ones. Mounted only where they are shown (an open menu, the library).
 */
export function useMyPlaylists() {
  return useInfiniteQuery({
    queryKey: libraryKeys.playlists,
    queryFn: ({ pageParam, signal }) => callApi(API.listPlaylists, { query: { cursor: pageParam }, signal }),
    ...CURSOR_PAGING,
  });
}

type PlaylistPages = InfiniteData<Page<Playlist>, string | undefined>;

/** Edits the loaded playlists in place: `edit` gets each page's rows and the page's index. */
function editLoadedPlaylists(queryClient: QueryClient, edit: (rows: Playlist[], pageIndex: number) => Playlist[]): void {
  queryClient.setQueryData<PlaylistPages>(libraryKeys.playlists, (data) =>
    data ? { ...data, pages: data.pages.map((page, index) => ({ ...page, items: edit(page.items, index) })) } : data,
  );
}

/** The answer is the playlist as it now is, just changed: it moves to the top of the list at once, then its items refetch. */
function applyPlaylist(queryClient: QueryClient, playlist: Playlist): void {
  editLoadedPlaylists(queryClient, (rows, pageIndex) => {
    const others = rows.filter((p) => p.id !== playlist.id);
    return pageIndex === 0 ? [playlist, ...others] : others;
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
      editLoadedPlaylists(queryClient, (rows) => rows.filter((p) => p.id !== playlistId));
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
