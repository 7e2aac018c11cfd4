import { expect, test, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';

test('4xx answers are not retried; network failures and 5xx once', () => {
  expect(shouldRetry(0, new ApiError('NOT_FOUND', 'x', { status: 404 }))).toBe(false);
  expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 'x'))).toBe(true);
  expect(shouldRetry(1, new ApiError('INTERNAL', 'x', { status: 500 }))).toBe(false);
});

test('a 401 from any query or mutation reports the ended session', async () => {
  const onUnauthenticated = vi.fn();
  const client = createQueryClient({ onUnauthenticated });
  await client
    .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError('UNAUTHENTICATED', 'Sign in', { status: 401 })), retry: false })
    .catch(() => undefined);
  expect(onUnauthenticated).toHaveBeenCalledWith(client);
  await client
    .getMutationCache()
    .build(client, { mutationFn: () => Promise.reject(new ApiError('UNAUTHENTICATED', 'Sign in', { status: 401 })) })
    .execute(undefined)
    .catch(() => undefined);
  expect(onUnauthenticated).toHaveBeenCalledTimes(2);
});
