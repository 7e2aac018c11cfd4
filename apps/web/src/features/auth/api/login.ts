import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { LoginInput } from '@crate/contract/auth';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedInProfile } from '../../../profile/api/get-profile.ts';

/** POST /api/auth/login: a new session; the answer is the profile, stored at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginInput) => callApi(API.login, { body }),
    onSuccess: (profile) => applySignedInProfile(queryClient, profile),
  });
}
