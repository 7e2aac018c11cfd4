import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

export const inviteQueryKey = (token: string) => ['invite', token] as const;

/** GET /api/invites/:token: who invites whom, until when. */
export function useInvite(token: string | null) {
  return useQuery({
    queryKey: inviteQueryKey(token ?? ''),
    queryFn: ({ signal }) => callApi(API.getInvite, { params: { token: token! }, signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}
