import { useMutation } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/recovery/request: e-mails a recovery link; same answer whether the account exists or not. */
export function useRequestAccountRecovery() {
  return useMutation({
    mutationFn: (body: { email: string }) => callApi(API.requestAccountRecovery, { body }),
  });
}
