import { describe, expect, test } from 'vitest';
import { API } from '@crate/contract/api-endpoints';
import { apiErrorSchema } from '@crate/contract/api-error';
import { buildPath, callApi, errorFromResponse, isApiErrorBody, type FetchLike } from './api-client.ts';
import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE } from './api-error.ts';

const PROFILE = {
  uid: 'u1',
  email: 'ada@example.test',
  email_verified: true,
  email_verification_sent_at: null,
  display_name: 'Ada',
  zip_code: '',
  claims_updated_at: { seconds: 1, nanoseconds: 0 },
  credits_expire_at: null,
  credits: 3,
  accepted_content_agreement: false,
  email_preferences: { product_updates: true, new_releases: true, creator_news: false },
  roles: ['subscriber'],
  is_admin: false,
  is_sub: true,
  is_collaborator: false,
  is_creator: false,
  is_affiliate: false,
  can_search: true,
};

function respond(status: number, body: unknown): { fetch: FetchLike; calls: { url: string; init: RequestInit }[] } {
  const calls: { url: string; init: RequestInit }[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  };
}

describe('buildPath', () => {
  test('fills and encodes path parameters', () => {
    expect(buildPath('/api/invites/:token', { token: 'a/b c' })).toBe('/api/invites/a%2Fb%20c');
  });
  test('refuses a missing parameter instead of calling a wrong URL', () => {
    expect(() => buildPath('/api/invites/:token', {})).toThrow(/token/);
  });
  test('appends defined query values only', () => {
    expect(buildPath('/api/x', undefined, { q: 'kick', page: 2, empty: undefined })).toBe('/api/x?q=kick&page=2');
  });
});

describe('callApi', () => {
  test('sends the JSON body with the endpoint method and parses the typed answer', async () => {
    const server = respond(200, PROFILE);
    const profile = await callApi(API.login, { body: { email: 'ada@example.test', password: 'pw' } }, server.fetch);
    expect(profile.uid).toBe('u1');
    expect(server.calls[0]!.url).toBe('/api/auth/login');
    expect(server.calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(server.calls[0]!.init.body as string)).toEqual({ email: 'ada@example.test', password: 'pw' });
    expect((server.calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  test('throws the server error with code, message, field and status', async () => {
    const server = respond(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', field: 'email' } });
    const error = await callApi(API.register, { body: { email: 'a@b.co', password: 'x'.repeat(12) } }, server.fetch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'bad', field: 'email', status: 400 });
  });

  test('a network failure is a clear "network request failed"', async () => {
    const error = await callApi(API.getProfile, {}, async () => {
      throw new TypeError('Failed to fetch');
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: NETWORK_ERROR, message: NETWORK_ERROR_MESSAGE });
  });

  test('an answer that does not match the contract is refused', async () => {
    const server = respond(200, { uid: 1 });
    await expect(callApi(API.getProfile, {}, server.fetch)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  test('passes the cache mode through (forced claims refresh)', async () => {
    const server = respond(200, PROFILE);
    await callApi(API.getProfile, { cache: 'no-store' }, server.fetch);
    expect(server.calls[0]!.init.cache).toBe('no-store');
    expect(server.calls[0]!.init.body).toBeUndefined();
  });
});

describe('errorFromResponse', () => {
  test('a body that is not ours still becomes an ApiError by status', () => {
    expect(errorFromResponse(502, '<html>')).toMatchObject({ code: 'INTERNAL', status: 502 });
    expect(errorFromResponse(418, null)).toMatchObject({ code: 'UNKNOWN', status: 418 });
  });
  test("keeps the request's id: the body's, else the X-Request-Id header's", () => {
    const headers = new Headers({ 'x-request-id': 'from-header' });
    expect(errorFromResponse(500, { error: { code: 'INTERNAL', message: 'm', requestId: 'from-body' } }, headers).requestId).toBe('from-body');
    expect(errorFromResponse(404, { error: { code: 'NOT_FOUND', message: 'm' } }, headers).requestId).toBe('from-header');
    expect(errorFromResponse(502, '<html>', headers)).toMatchObject({ code: 'INTERNAL', requestId: 'from-header' });
    expect(errorFromResponse(502, '<html>').requestId).toBeUndefined();
  });
});

describe('isApiErrorBody', () => {
  test('agrees with the contract error schema', () => {
    for (const body of [
      { error: { code: 'X', message: 'm' } },
      { error: { code: 'X', message: 'm', field: 'email' } },
      { error: { code: 'X', message: 'm', requestId: 'abc' } },
      { error: { code: 'X', message: 'm', requestId: 7 } },
      { error: { code: 'X', message: 'm', field: 3 } },
      { error: { code: 'X' } },
      { error: 'X' },
      { message: 'm' },
      null,
      '<html>',
    ]) {
      expect(isApiErrorBody(body)).toBe(apiErrorSchema.safeParse(body).success);
    }
  });
});
