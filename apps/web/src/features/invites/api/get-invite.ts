import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { inviteKeys } from './invite-keys.ts';


/** GET /api/invites/:token: who invites whom, until when. */
export function useInvite(token: string | null) {
  return useQuery({
    queryKey: inviteKeys.invite(token ?? ''),
    queryFn: ({ signal }) => callApi(API.getInvite, { params: { token: token! }, signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}
