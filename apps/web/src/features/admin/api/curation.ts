import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { BundleInput, BundlePatch, Reorder, StaffPlaylistInput, StaffPlaylistPatch } from '@crate/contract/curation';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';
import { adminKeys } from './admin-keys.ts';

/**
 * Curation's data: staff playlists, bundles, staff picks and featured creators. A write answers the object
 * as it now is, which replaces the cached one; the admin lists and every public catalogue answer refetch. A
 * refused write reloads the object, so a stale list from another tab is replaced by the current one.
 */
function useCurationWrite<Vars, Out>(key: QueryKey | null, mutationFn: (vars: Vars) => Promise<Out>, listKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      if (key) queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
    // Refused (a stale order from another tab, a slug taken): what is shown is reloaded as the server has it.
    onError: () => {
      if (key) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

// ───────────── staff playlists ─────────────

export function useAdminStaffPlaylists() {
  return useInfiniteQuery({
    queryKey: adminKeys.staffPlaylists,
    queryFn: ({ pageParam, signal }) => callApi(API.listAdminStaffPlaylists, { query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
  });
}

export function useAdminStaffPlaylist(id: string) {
  return useQuery({ queryKey: adminKeys.staffPlaylist(id), queryFn: ({ signal }) => callApi(API.getAdminStaffPlaylist, { params: { id }, signal }) });
}

export function useCreateStaffPlaylist() {
  return useCurationWrite(null, (body: StaffPlaylistInput) => callApi(API.createStaffPlaylist, { body }), adminKeys.staffPlaylists);
}

export function useUpdateStaffPlaylist(id: string) {
  return useCurationWrite(adminKeys.staffPlaylist(id), (body: StaffPlaylistPatch) => callApi(API.updateStaffPlaylist, { params: { id }, body }), adminKeys.staffPlaylists);
}

export function useDeleteStaffPlaylist(id: string) {
  return useCurationWrite(null, () => callApi(API.deleteStaffPlaylist, { params: { id } }), adminKeys.staffPlaylists);
}

export function useAddStaffPlaylistItem(id: string) {
  return useCurationWrite(adminKeys.staffPlaylist(id), (itemId: string) => callApi(API.addStaffPlaylistItem, { params: { id }, body: { item_id: itemId } }), adminKeys.staffPlaylists);
}

export function useRemoveStaffPlaylistItem(id: string) {
  return useCurationWrite(adminKeys.staffPlaylist(id), (itemId: string) => callApi(API.removeStaffPlaylistItem, { params: { id, itemId } }), adminKeys.staffPlaylists);
}

export function useReorderStaffPlaylist(id: string) {
  return useCurationWrite(adminKeys.staffPlaylist(id), (body: Reorder) => callApi(API.reorderStaffPlaylist, { params: { id }, body }), adminKeys.staffPlaylists);
}

// ───────────── bundles ─────────────

export function useAdminBundles() {
  return useInfiniteQuery({
    queryKey: adminKeys.bundles,
    queryFn: ({ pageParam, signal }) => callApi(API.listAdminBundles, { query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
  });
}

export function useAdminBundle(id: string) {
  return useQuery({ queryKey: adminKeys.bundle(id), queryFn: ({ signal }) => callApi(API.getAdminBundle, { params: { id }, signal }) });
}

export function useCreateBundle() {
  return useCurationWrite(null, (body: BundleInput) => callApi(API.createBundle, { body }), adminKeys.bundles);
}

export function useUpdateBundle(id: string) {
  return useCurationWrite(adminKeys.bundle(id), (body: BundlePatch) => callApi(API.updateBundle, { params: { id }, body }), adminKeys.bundles);
}

export function useDeleteBundle(id: string) {
  return useCurationWrite(null, () => callApi(API.deleteBundle, { params: { id } }), adminKeys.bundles);
}

// ───────────── staff picks and featured creators ─────────────

export function useAdminStaffPicks() {
  return useQuery({ queryKey: adminKeys.staffPicks, queryFn: ({ signal }) => callApi(API.listAdminStaffPicks, { signal }) });
}

export function useStaffPickWrites() {
  const key = adminKeys.staffPicks;
  return {
    add: useCurationWrite(key, (packId: string) => callApi(API.addStaffPick, { body: { pack_id: packId } }), key),
    remove: useCurationWrite(key, (packId: string) => callApi(API.removeStaffPick, { params: { packId } }), key),
    reorder: useCurationWrite(key, (body: Reorder) => callApi(API.reorderStaffPicks, { body }), key),
  };
}

export function useFeaturedCreators() {
  return useQuery({ queryKey: adminKeys.featuredCreators, queryFn: ({ signal }) => callApi(API.listFeaturedCreators, { signal }) });
}

export function useFeaturedCreatorWrites() {
  const key = adminKeys.featuredCreators;
  return {
    add: useCurationWrite(key, (creatorId: string) => callApi(API.addFeaturedCreator, { body: { creator_id: creatorId } }), key),
    remove: useCurationWrite(key, (creatorId: string) => callApi(API.removeFeaturedCreator, { params: { creatorId } }), key),
    reorder: useCurationWrite(key, (body: Reorder) => callApi(API.reorderFeaturedCreators, { body }), key),
  };
}

// ───────────── pickers ─────────────

const LOOKUP = { staleTime: 15_000, placeholderData: keepPreviousData } as const;

/** Published packs matching what the admin typed (nothing asked until they type). */
export function useLookUpPacks(q: string) {
  return useQuery({ queryKey: adminKeys.lookUp('packs', q), queryFn: ({ signal }) => callApi(API.lookUpPublishedPacks, { query: { q }, signal }), enabled: q.trim() !== '', ...LOOKUP });
}

export function useLookUpCreators(q: string) {
  return useQuery({ queryKey: adminKeys.lookUp('creators', q), queryFn: ({ signal }) => callApi(API.lookUpCreators, { query: { q }, signal }), enabled: q.trim() !== '', ...LOOKUP });
}

/** Listed sounds matching the text, through the catalogue's own search. */
export function useLookUpSounds(q: string) {
  return useQuery({ queryKey: adminKeys.lookUp('sounds', q), queryFn: ({ signal }) => callApi(API.search, { query: { q, limit: 10 }, signal }), select: (answer) => answer.items, enabled: q.trim() !== '', ...LOOKUP });
}
