import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { SetAffiliate } from '@crate/contract/affiliates';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** Every affiliate's figures, newest in the programme first, page by page. */
export function useAffiliateList() {
  return useInfiniteQuery({
    queryKey: adminKeys.affiliates,
    queryFn: ({ pageParam, signal }) => callApi(API.listAffiliates, { query: { cursor: pageParam, limit: 20 }, signal }),
    ...CURSOR_PAGING,
  });
}

export function useUserAffiliate(id: string) {
  return useQuery({ queryKey: adminKeys.userAffiliate(id), queryFn: ({ signal }) => callApi(API.getUserAffiliate, { params: { id }, signal }) });
}

/** Sets an account's terms; its roles (the affiliate role granted), audit trail and the affiliates table change with them. */
export function useSetUserAffiliate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAffiliate) => callApi(API.setUserAffiliate, { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.userAffiliate(id), answer);
      void queryClient.invalidateQueries({ queryKey: adminKeys.user(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.userLists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.affiliates });
    },
  });
}
