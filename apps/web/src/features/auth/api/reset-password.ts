import { useMutation } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { ResetPasswordInput } from '@crate/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/password-reset/confirm: a one-time token from the e-mail and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) => callApi(API.resetPassword, { body }),
  });
}
