import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedOut } from '../../../profile/api/get-profile.ts';

/** POST /api/auth/logout (idempotent): the session ends, the stored profile resets (docs/product-overview.md §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.logout, {}),
    onSuccess: () => applySignedOut(queryClient),
  });
}
