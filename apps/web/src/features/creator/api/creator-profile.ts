import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { UpdateCreatorProfileInput } from '@crate/contract/creator-profile';
import { callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';

/** GET /api/creator/profile: the creator's public profile as its editor shows it. */
export function useMyCreatorProfile() {
  return useQuery({ queryKey: studioKeys.profile, queryFn: ({ signal }) => callApi(API.getMyCreatorProfile, { signal }) });
}

/** PUT /api/creator/profile: saves the whole profile; the answer replaces what the editor shows. */
export function useUpdateMyCreatorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCreatorProfileInput) => callApi(API.updateMyCreatorProfile, { body }),
    onSuccess: (profile) => queryClient.setQueryData(studioKeys.profile, profile),
  });
}
