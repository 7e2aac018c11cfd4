import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { PayoutLineSort } from '@crate/contract/payout-admin';
import type { PayoutLineStatus } from '@crate/contract/payout-enums';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** The months, newest first. */
export function usePayoutMonths() {
  return useInfiniteQuery({
    queryKey: adminKeys.payoutMonths,
    queryFn: ({ pageParam, signal }) => callApi(API.listMonthlyPayouts, { query: { cursor: pageParam, limit: 24 }, signal }),
    ...CURSOR_PAGING,
  });
}

/** One month's totals; polled every two seconds while it is being paid, so the screen shows the transfers' progress. */
export function usePayoutMonth(id: string) {
  return useQuery({
    queryKey: adminKeys.payoutMonth(id),
    queryFn: ({ signal }) => callApi(API.getMonthlyPayout, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'paying' ? 2_000 : false),
  });
}

export interface PayoutLineFilter {
  q?: string | undefined;
  status?: PayoutLineStatus | undefined;
  sort: PayoutLineSort;
  dir: 'asc' | 'desc';
}

const LINES_PER_PAGE = 50;

/** One page of a month's lines (previous and next pages by cursor, kept while the next one loads). */
export function usePayoutLines(id: string, filter: PayoutLineFilter, cursor: string | undefined, paying: boolean) {
  return useQuery({
    queryKey: adminKeys.payoutLines(id, { ...filter, cursor }),
    queryFn: ({ signal }) => callApi(API.listMonthlyPayoutLines, { params: { id }, query: { ...filter, cursor, limit: LINES_PER_PAGE }, signal }),
    placeholderData: (previous) => previous,
    refetchInterval: paying ? 2_000 : false,
  });
}

export function usePayoutLineSpends(id: string, lineId: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.payoutLineSpends(id, lineId),
    queryFn: ({ pageParam, signal }) => callApi(API.listPayoutLineSpends, { params: { id, lineId }, query: { cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
  });
}

/** After a change to a month: its totals, its lines and the month list are stale. */
function useMonthChanged(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.payoutMonth(id) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.payoutMonths });
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
  };
}

export function useRecomputePayoutMonth(id: string) {
  const changed = useMonthChanged(id);
  return useMutation({ mutationFn: () => callApi(API.computeMonthlyPayout, { params: { id } }), onSuccess: changed });
}

export function useApprovePayoutMonth(id: string) {
  const changed = useMonthChanged(id);
  return useMutation({ mutationFn: () => callApi(API.approveMonthlyPayout, { params: { id } }), onSuccess: changed });
}

/**
 * Pays an approved month, or retries its failed lines (POST /api/admin/payouts/:id/pay answers 202 and the transfers run in
 * the background; the month is then polled while it is paying).
 */
export function usePayPayoutMonth(id: string) {
  const changed = useMonthChanged(id);
  return useMutation({
    mutationFn: () => callApi(API.payMonthlyPayout, { params: { id } }),
    onSuccess: changed,
  });
}

export const payoutExportUrl = (id: string) => `/api/admin/payouts/${encodeURIComponent(id)}/export.csv`;
