import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';
import { profileQueryKey } from '../../../profile/api/get-profile.ts';
import { profileStore } from '../../../profile/profile-state.ts';
import { catalogueKeys } from '../../catalogue/api/catalogue-keys.ts';
import { checkoutKeys } from './checkout-keys.ts';


/** GET /api/billing: my plan, its status and renewal, and whether I may buy a refill. */
export function useBilling(enabled = true) {
  return useQuery({ queryKey: checkoutKeys.billing, queryFn: ({ signal }) => callApi(API.getBilling, { signal }), enabled });
}

/** GET /api/credits: the balance as the ledger has it now (never the stored profile's copy). */
export function useCreditBalance(enabled = true) {
  return useQuery({ queryKey: checkoutKeys.credits, queryFn: ({ signal }) => callApi(API.getCredits, { signal }), enabled, staleTime: 0 });
}

export function useCreditHistory() {
  return useInfiniteQuery({
    queryKey: libraryKeys.creditHistory,
    queryFn: ({ signal, pageParam }) => callApi(API.listCreditHistory, { signal, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useReceipts() {
  return useInfiniteQuery({
    queryKey: checkoutKeys.receipts,
    queryFn: ({ signal, pageParam }) => callApi(API.listReceipts, { signal, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** After anything that moves money, plans or credits: everything showing them reloads. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return async () => {
    // The header's balance is the stored profile's: set it from the ledger at once, then reload the rest.
    const balance = await queryClient.fetchQuery({ queryKey: checkoutKeys.credits, queryFn: ({ signal }) => callApi(API.getCredits, { signal }), staleTime: 0 });
    profileStore.setCredits(balance.credits, balance.credits_expire_at);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: checkoutKeys.billing }),
      queryClient.invalidateQueries({ queryKey: libraryKeys.creditHistory }),
      queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    ]);
  };
}

/** After a pack or bundle bought outright is paid: what the viewer owns, and the prices it changes, reload (decision 0047). */
export function useRefreshOwnership() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: libraryKeys.all }), queryClient.invalidateQueries({ queryKey: catalogueKeys.all })]),
    [queryClient],
  );
}

/** GET /api/billing/plan/preview: what choosing this plan charges, and when — asked for when the person chooses it (decision 0073). */
export function fetchPlanChangePreview(price: string) {
  return callApi(API.previewPlanChange, { query: { price } });
}

/** POST /api/billing/plan with the confirmed preview's time, so an upgrade charges exactly what the confirmation said. */
export function useChangePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (change: { price: string; quoted_at: string }) => callApi(API.changePlan, { body: { ...change, idempotency_key: newIdempotencyKey() } }),
    onSuccess: () => refresh(),
  });
}

export function useCancelPlan(resume = false) {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: () => callApi(resume ? API.resumePlan : API.cancelPlan, {}), onSuccess: () => refresh() });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => callApi(API.openBillingPortal, { body: { return_url: window.location.href } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** One of my checkouts, looked at again every 2 s while its payment is still pending. */
export function useCheckoutSession(id: string | null) {
  return useQuery({
    queryKey: checkoutKeys.session(id),
    queryFn: ({ signal }) => callApi(API.getCheckoutSession, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'processing' || status === 'open' ? 2000 : false;
    },
  });
}
