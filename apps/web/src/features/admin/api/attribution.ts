import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** The attribution forwarder's state (docs/decisions/0057); refreshed each minute while /admin is open. */
export function useAdminAttribution() {
  return useQuery({ queryKey: adminKeys.attribution, queryFn: ({ signal }) => callApi(API.adminAttribution, { signal }), refetchInterval: 60_000 });
}

/** Puts the events the forwarder gave up on back in line. */
export function useRetryFailedAttribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.retryFailedAttribution, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.attribution }),
  });
}
