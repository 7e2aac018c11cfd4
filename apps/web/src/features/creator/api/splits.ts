import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { SetSplit, Split } from '@crate/contract/splits';
import { callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';

/** GET /api/studio/packs/:id/split: the pack's revenue split (its creator only). */
export function usePackSplit(packId: string) {
  return useQuery({ queryKey: studioKeys.packSplit(packId), queryFn: ({ signal }) => callApi(API.getPackSplit, { params: { id: packId }, signal }) });
}

export function useSetPackSplit(packId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetSplit) => callApi(API.setPackSplit, { params: { id: packId }, body }),
    onSuccess: (split: Split) => queryClient.setQueryData(studioKeys.packSplit(packId), split),
  });
}

/** GET /api/studio/split-default: the split new packs start with. */
export function useDefaultSplit() {
  return useQuery({ queryKey: studioKeys.defaultSplit, queryFn: ({ signal }) => callApi(API.getDefaultSplit, { signal }) });
}

export function useSetDefaultSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetSplit) => callApi(API.setDefaultSplit, { body }),
    onSuccess: (split: Split) => queryClient.setQueryData(studioKeys.defaultSplit, split),
  });
}

/** GET /api/collaborator/splits: the viewer's shares of the packs of creators they work with. */
export function useMyShares() {
  return useQuery({ queryKey: studioKeys.myShares, queryFn: ({ signal }) => callApi(API.listMyShares, { signal }) });
}
