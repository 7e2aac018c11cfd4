import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../profile/api/get-profile.ts';

/** POST /api/auth/verify-email: the token of the e-mailed link; the profile is reloaded so the banner goes. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(API.verifyEmail, { body: { token } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

/** POST /api/auth/verify-email/resend: a new link to the signed-in account's own address (3 an hour). */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.resendEmailVerification, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
