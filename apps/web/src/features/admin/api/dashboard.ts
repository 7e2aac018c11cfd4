import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** /admin: what needs attention and the month's key numbers; refreshed each minute while open. */
export function useAdminDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => callApi(API.adminDashboard, { signal }), refetchInterval: 60_000 });
}
