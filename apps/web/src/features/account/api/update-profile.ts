import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { UpdateProfile } from '@crate/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedInProfile } from '../../../profile/api/get-profile.ts';

/** PATCH /api/profile with only the fields that changed; the answer replaces the stored profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) => callApi(API.updateProfile, { body }),
    onSuccess: (profile) => applySignedInProfile(queryClient, profile),
  });
}
