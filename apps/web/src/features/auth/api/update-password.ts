import { useMutation } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { UpdatePasswordInput } from '@crate/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/password: change the signed-in account's password (current one required). */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: UpdatePasswordInput) => callApi(API.updatePassword, { body }),
  });
}
