import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** What /logout is told when it is reached after a deactivation (it words its notice for that). */
interface LogoutState {
  deactivated?: boolean;
}

/**
 * POST /api/profile/deactivate: the server deactivates the account and ends its sessions. The local
 * sign-out (profile reset, cached answers dropped) is then /logout's job: resetting here, while the
 * signed-in settings page is still on screen, would let its guard bounce the user to /forbidden.
 */
export function useDeactivateAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(API.deactivateAccount, {}),
    onSuccess: () => navigate('/logout', { replace: true, state: { deactivated: true } satisfies LogoutState }),
  });
}
