import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedOut } from '../../../profile/api/get-profile.ts';

/** POST /api/profile/deactivate: the account is deactivated (recoverable by e-mail) and signed out here. */
export function useDeactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.deactivateAccount, {}),
    onSuccess: () => applySignedOut(queryClient),
  });
}
