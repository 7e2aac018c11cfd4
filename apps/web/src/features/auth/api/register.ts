import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { RegisterInput } from '@crate/contract/auth';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedInProfile } from '../../../profile/api/get-profile.ts';

/** POST /api/auth/register: creates the account (linking an invite when given) and signs in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInput) => callApi(API.register, { body }),
    onSuccess: (profile) => applySignedInProfile(queryClient, profile),
  });
}
