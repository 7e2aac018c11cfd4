import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { call, cookieFrom } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Every answer of every endpoint in the API table is private by default: a signed-in viewer's answer
 * is never publicly cacheable, and every answer says it varies with the cookie. Only anonymous
 * answers of public GET endpoints may opt in to `public`.
 */
const ENDPOINTS = Object.entries(API as Record<string, Endpoint>);
const urlOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '00000000-0000-4000-8000-000000000000');

describe(`personal answers on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { roles: ['admin', 'subscriber', 'creator'] });
  });
  afterAll(() => t.close());

  it.each(ENDPOINTS)('%s: private with Vary: Cookie for a signed-in viewer', async (_name, endpoint) => {
    // Calls with nothing to validate (logout, deactivate) run for real: they get an account of their own.
    const runsForReal = endpoint.method !== 'GET' && !endpoint.body;
    const viewer = runsForReal ? await createUser(t.ctx, { roles: ['admin'] }) : admin;
    const res = await call(t, endpoint.method, urlOf(endpoint.path), endpoint.method === 'GET' ? undefined : { probe: 1 }, { cookie: viewer.cookie });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    expect(String(res.headers['vary'])).toMatch(/\bCookie\b/i);
  });

  it.each(ENDPOINTS)('%s: public only when a public GET opts in, for a visitor', async (_name, endpoint) => {
    const res = await call(t, endpoint.method, urlOf(endpoint.path), endpoint.method === 'GET' ? undefined : { probe: 1 });
    const cacheControl = String(res.headers['cache-control']);
    if (endpoint.method !== 'GET' || endpoint.access.kind !== 'public' || res.statusCode !== 200) expect(cacheControl).toBe('private, no-store');
    expect(String(res.headers['vary'])).toMatch(/\bCookie\b/i);
  });

  it('the answers that open a session are private, no-store', async () => {
    const email = `cache-${Date.now()}@example.test`;
    const registered = await call(t, 'POST', '/api/auth/register', { email, password: 'correct-horse-battery' });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['cache-control']).toBe('private, no-store');
    const loggedIn = await call(t, 'POST', '/api/auth/login', { email, password: 'correct-horse-battery' });
    expect(loggedIn.headers['cache-control']).toBe('private, no-store');
    const profile = await call(t, 'GET', '/api/profile', undefined, { cookie: cookieFrom(loggedIn) });
    expect(profile.headers['cache-control']).toBe('private, no-store');
    expect(profile.headers['vary']).toMatch(/Cookie/);
  });

  it('an unknown API path answers private too', async () => {
    const res = await call(t, 'GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
