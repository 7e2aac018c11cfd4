import { describe, expect, test } from 'vitest';
import { callFunction, CallableError, statusForHttp } from './callable-client.ts';

const answer = (status: number, body: string) => async () => new Response(body, { status });

describe('callFunction (callable protocol)', () => {
  test('posts {data} to /api/fn/{name} and returns result', async () => {
    let seen: { url: string; body: unknown } | null = null;
    const result = await callFunction(
      'trackPageView',
      { fbc: 'fb.1.1.x', route: '/' },
      {
        fetchImpl: async (url, init) => {
          seen = { url, body: JSON.parse(init.body as string) };
          return new Response(JSON.stringify({ result: { recorded: true } }), { status: 200 });
        },
      },
    );
    expect(result).toEqual({ recorded: true });
    expect(seen).toEqual({ url: '/api/fn/trackPageView', body: { data: { fbc: 'fb.1.1.x', route: '/' } } });
  });

  test('reads a legacy {data} answer too', async () => {
    await expect(callFunction('f', null, { fetchImpl: answer(200, '{"data":5}') })).resolves.toBe(5);
  });

  test('an error body gives its status and message', async () => {
    const error = await callFunction('f', null, { fetchImpl: answer(400, '{"error":{"status":"INVALID_ARGUMENT","message":"bad fbc"}}') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallableError);
    expect(error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'bad fbc' });
  });

  test('without an error body the HTTP status names the error (docs/product-overview.md §8)', async () => {
    await expect(callFunction('f', null, { fetchImpl: answer(429, 'slow down') })).rejects.toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    await expect(callFunction('f', null, { fetchImpl: answer(404, '') })).rejects.toMatchObject({ status: 'NOT_FOUND' });
  });

  test('a success that is not a JSON object, or lacks the field, is an INTERNAL error with the SDK wording', async () => {
    await expect(callFunction('f', null, { fetchImpl: answer(200, 'not json') })).rejects.toMatchObject({ status: 'INTERNAL', message: 'Response is not valid JSON object.' });
    await expect(callFunction('f', null, { fetchImpl: answer(200, '{"other":1}') })).rejects.toMatchObject({ status: 'INTERNAL', message: 'Response is missing data field.' });
  });

  test('a timeout is DEADLINE_EXCEEDED', async () => {
    const never = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    await expect(callFunction('f', null, { fetchImpl: never, timeoutMs: 10 })).rejects.toMatchObject({ status: 'DEADLINE_EXCEEDED' });
  });
});

test.each([
  [200, 'OK'],
  [400, 'INVALID_ARGUMENT'],
  [401, 'UNAUTHENTICATED'],
  [403, 'PERMISSION_DENIED'],
  [404, 'NOT_FOUND'],
  [409, 'ABORTED'],
  [429, 'RESOURCE_EXHAUSTED'],
  [499, 'CANCELLED'],
  [500, 'INTERNAL'],
  [501, 'UNIMPLEMENTED'],
  [503, 'UNAVAILABLE'],
  [504, 'DEADLINE_EXCEEDED'],
  [418, 'UNKNOWN'],
])('HTTP %i → %s', (http, status) => {
  expect(statusForHttp(http)).toBe(status);
});
