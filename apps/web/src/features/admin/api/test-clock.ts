import { useMutation } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/admin/payments/test-clock: the sandbox moves this user's subscription to its next period. */
export function useAdvanceTestClock() {
  return useMutation({ mutationFn: (body: { user_id: string; outcome?: 'pay' | 'fail' }) => callApi(API.advanceTestClock, { body }) });
}
