import { useMutation } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/password-reset/request: the same answer whether or not the e-mail has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) => callApi(API.requestPasswordReset, { body }),
  });
}
