import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadAdminImageQuery } from '@crate/contract/admin-images';
import { API } from '@crate/contract/api-endpoints';
import type { BulkItemChanges, PackDetailsInput, StudioPack, UpdatePackInput } from '@crate/contract/studio-packs';
import { callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';

/** While the pipeline works or sounds are being analysed, the screens look again this often. */
const BUSY_POLL_MS = 3000;

const isBusy = (pack: Pick<StudioPack, 'status'>) => pack.status === 2 || pack.status === 3;
/** A sound whose tempo and key are still being listened for. */
const analysing = (pack: StudioPack) => pack.files.some((f) => f.analysing);
/** A zip of the pack is being unpacked: its progress bar moves by the second. */
const unpacking = (pack: StudioPack) => pack.zip_imports.some((z) => z.state === 'unpacking');
const UNPACKING_POLL_MS = 1000;

/** GET /api/studio/packs: the creator's packs, a page at a time; polled while any is processing. */
export function useStudioPacks() {
  return useInfiniteQuery({
    queryKey: studioKeys.packs,
    queryFn: ({ pageParam, signal }) => callApi(API.listStudioPacks, { query: { limit: 24, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some(isBusy)) ? BUSY_POLL_MS : false),
  });
}

/** GET /api/studio/packs/:id; polled while it is processed, its sounds are analysed or a zip of it is unpacked. */
export function useStudioPack(id: string) {
  return useQuery({
    queryKey: studioKeys.pack(id),
    queryFn: ({ signal }) => callApi(API.getStudioPack, { params: { id }, signal }),
    refetchInterval: ({ state: { data } }) => {
      if (!data) return false;
      if (unpacking(data)) return UNPACKING_POLL_MS;
      return isBusy(data) || analysing(data) ? BUSY_POLL_MS : false;
    },
  });
}

function useApplyPack() {
  const queryClient = useQueryClient();
  return (pack: StudioPack) => {
    queryClient.setQueryData(studioKeys.pack(pack.id), pack);
    void queryClient.invalidateQueries({ queryKey: studioKeys.packs });
  };
}

export function useCreateStudioPack() {
  const apply = useApplyPack();
  return useMutation({ mutationFn: (body: PackDetailsInput) => callApi(API.createStudioPack, { body }), onSuccess: apply });
}

export function useUpdateStudioPack(id: string) {
  const apply = useApplyPack();
  return useMutation({ mutationFn: (body: UpdatePackInput) => callApi(API.updateStudioPack, { params: { id }, body }), onSuccess: apply });
}

export function useUpdateStudioPackItems(id: string) {
  const apply = useApplyPack();
  return useMutation({ mutationFn: (body: BulkItemChanges) => callApi(API.updateStudioPackItems, { params: { id }, body }), onSuccess: apply });
}

export function useDeleteStudioPackFile(id: string) {
  const apply = useApplyPack();
  return useMutation({ mutationFn: (fileId: string) => callApi(API.deleteStudioPackFile, { params: { id, fileId } }), onSuccess: apply });
}

export function useSubmitStudioPack(id: string) {
  const apply = useApplyPack();
  return useMutation({ mutationFn: () => callApi(API.submitStudioPack, { params: { id } }), onSuccess: apply });
}

/** Takes the creator's published pack off sale (decision 0072). */
export function useWithdrawStudioPack(id: string) {
  const apply = useApplyPack();
  return useMutation({ mutationFn: () => callApi(API.withdrawStudioPack, { params: { id } }), onSuccess: apply });
}

/** Puts a pack the creator withdrew back on sale. */
export function useRepublishStudioPack(id: string) {
  const apply = useApplyPack();
  return useMutation({ mutationFn: () => callApi(API.republishStudioPack, { params: { id } }), onSuccess: apply });
}

/** Uploads a picture the creator cropped: their avatar (purpose cover), their banner, or a published pack's new cover. */
export function useUploadStudioImage() {
  return useMutation({ mutationFn: ({ file, query }: { file: Blob; query: UploadAdminImageQuery }) => callApi(API.uploadStudioImage, { query, file }) });
}

/** Reloads the pack (a file finished uploading). */
export function useRefreshStudioPack(id: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: studioKeys.pack(id) });
}
