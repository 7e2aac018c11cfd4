import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedOut } from '../../../profile/api/get-profile.ts';

/**
 * POST /api/profile/deactivate: the account is deactivated (recoverable by e-mail) and signed out
 * here. We leave the signed-in page first, so its guard does not bounce the user to /forbidden.
 */
export function useDeactivateAccount(leaveTo = '/') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(API.deactivateAccount, {}),
    onSuccess: async () => {
      await navigate(leaveTo, { replace: true });
      applySignedOut(queryClient);
    },
  });
}
