import { useMutation, useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';

/** GET /api/creator/earnings: the viewer's own months, the month so far and the balance carried. */
export function useCreatorEarnings() {
  return useQuery({ queryKey: studioKeys.earnings, queryFn: ({ signal }) => callApi(API.getCreatorEarnings, { signal }) });
}

export function usePayoutAccount() {
  return useQuery({ queryKey: studioKeys.payoutAccount, queryFn: ({ signal }) => callApi(API.getPayoutAccount, { signal }) });
}

/** Starts (or continues) onboarding and sends the browser to the provider's page, which comes back to `returnPath`. */
export function useStartPayoutOnboarding(returnPath: '/creator' | '/affiliate') {
  return useMutation({
    mutationFn: () => callApi(API.startPayoutOnboarding, { body: { return_url: returnPath } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
