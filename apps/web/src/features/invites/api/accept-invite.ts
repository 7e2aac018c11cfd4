import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedInProfile } from '../../../profile/api/get-profile.ts';
import { inviteKeys } from './invite-keys.ts';

/** POST /api/invites/accept: the signed-in account joins the inviting creator as a collaborator. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(API.acceptInvite, { body: { token } }),
    onSuccess: (profile, token) => {
      applySignedInProfile(queryClient, profile);
      void queryClient.invalidateQueries({ queryKey: inviteKeys.invite(token) });
    },
  });
}
