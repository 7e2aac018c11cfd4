import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { CreditAdjustment } from '@crate/contract/commerce';
import type { Role } from '@crate/contract/roles';
import type { AccountStatus } from '@crate/contract/users';
import { CURSOR_PAGING } from '../../../components/cursor-pages.ts';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export interface UserListFilter {
  q?: string | undefined;
  role?: Role | undefined;
  status?: AccountStatus | undefined;
}

/** Accounts newest first, narrowed by search, role and status, page by page. */
export function useUserList(filter: UserListFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(filter),
    queryFn: ({ pageParam, signal }) => callApi(API.listUsers, { query: { ...filter, cursor: pageParam, limit: 50 }, signal }),
    ...CURSOR_PAGING,
  });
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => callApi(API.getAdminUser, { params: { id }, signal }) });
}

const pageQuery = (cursor: string | undefined) => ({ cursor, limit: 20 });

export function useUserCreditHistory(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userPart(id, 'credits'),
    queryFn: ({ pageParam, signal }) => callApi(API.listUserCreditHistory, { params: { id }, query: pageQuery(pageParam), signal }),
    ...CURSOR_PAGING,
  });
}

export function useUserOwnedItems(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userPart(id, 'owned'),
    queryFn: ({ pageParam, signal }) => callApi(API.listUserOwnedItems, { params: { id }, query: pageQuery(pageParam), signal }),
    ...CURSOR_PAGING,
  });
}

export function useUserDownloads(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userPart(id, 'downloads'),
    queryFn: ({ pageParam, signal }) => callApi(API.listUserDownloads, { params: { id }, query: pageQuery(pageParam), signal }),
    ...CURSOR_PAGING,
  });
}

export function useUserReceipts(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userPart(id, 'receipts'),
    queryFn: ({ pageParam, signal }) => callApi(API.listUserReceipts, { params: { id }, query: pageQuery(pageParam), signal }),
    ...CURSOR_PAGING,
  });
}

export function useUserAudit(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userPart(id, 'audit'),
    queryFn: ({ pageParam, signal }) => callApi(API.listUserAudit, { params: { id }, query: pageQuery(pageParam), signal }),
    ...CURSOR_PAGING,
  });
}

/** After any change to an account its page, its lists (the audit trail grew) and the user list are stale. */
function useAccountChanged(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.user(id) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.userLists });
  };
}

export function useSetUserRoles(id: string) {
  const changed = useAccountChanged(id);
  return useMutation({ mutationFn: (roles: Role[]) => callApi(API.setUserRoles, { params: { id }, body: { roles } }), onSuccess: changed });
}

export function useAdjustCredits(id: string) {
  const changed = useAccountChanged(id);
  return useMutation({ mutationFn: (body: CreditAdjustment) => callApi(API.adjustCredits, { params: { id }, body }), onSuccess: changed });
}

/** Disable or enable, with the reason the audit trail keeps. */
export function useSetAccountEnabled(id: string) {
  const queryClient = useQueryClient();
  const changed = useAccountChanged(id);
  return useMutation({
    mutationFn: ({ enabled, reason }: { enabled: boolean; reason: string }) => callApi(enabled ? API.enableUser : API.disableUser, { params: { id }, body: { reason } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.user(id), detail);
      changed();
    },
  });
}
