import { useQuery } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** The job queue: counts per job and state, and the latest failures with their error. */
export function useAdminJobs() {
  return useQuery({ queryKey: adminKeys.jobs, queryFn: ({ signal }) => callApi(API.adminJobs, { query: { failures: 10 }, signal }), refetchInterval: 60_000 });
}
