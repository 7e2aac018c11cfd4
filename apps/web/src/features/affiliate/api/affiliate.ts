import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { AddAffiliateCode, MyAffiliate } from '@crate/contract/affiliates';
import { callApi } from '../../../lib/api-client.ts';
import { affiliateKeys } from './affiliate-keys.ts';

/** GET /api/affiliate: the viewer's codes with their figures and their commission by month. */
export function useMyAffiliate() {
  return useQuery({ queryKey: affiliateKeys.mine, queryFn: ({ signal }) => callApi(API.getMyAffiliate, { signal }) });
}

function useReplaceMine() {
  const queryClient = useQueryClient();
  return (mine: MyAffiliate) => queryClient.setQueryData(affiliateKeys.mine, mine);
}

export function useAddAffiliateCode() {
  const replace = useReplaceMine();
  return useMutation({ mutationFn: (body: AddAffiliateCode) => callApi(API.addAffiliateCode, { body }), onSuccess: replace });
}

export function useRetireAffiliateCode() {
  const replace = useReplaceMine();
  return useMutation({ mutationFn: (code: string) => callApi(API.retireAffiliateCode, { params: { code } }), onSuccess: replace });
}

/** Where the browser downloads the months as CSV (the session cookie authorizes it). */
export const AFFILIATE_MONTHS_CSV_URL = API.downloadAffiliateMonths.path;
