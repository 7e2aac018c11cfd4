import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { RATE_LIMITS } from '@crate/contract/rate-limits';
import { buildApp } from '../src/app.ts';
import { freshAddress } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Declared budgets hold per user and per client address; on PostgreSQL they hold across API processes
 * (two app instances on one database here), in the embedded single process they are counted in memory.
 */
const SEARCH = RATE_LIMITS.search;
const searchFree = (address: string, cookie?: string) => ({ url: '/api/search/free?q=kick', remoteAddress: address, headers: cookie ? { cookie } : {} });

describe(`rate limits on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Answers kept by the caches cost nothing and are not counted; these tests count real work.
    t = await createTestApp({ publicCacheSeconds: 0 });
  });
  afterAll(() => t.close());

  it('every expensive endpoint of the API table declares a budget', () => {
    const limited = Object.entries(API as Record<string, Endpoint>).filter(([, e]) => e.rateLimit).map(([name]) => name);
    expect(limited).toEqual(expect.arrayContaining(['search', 'searchFree', 'searchArchived', 'similarItems', 'createPlaylist', 'createInvite', 'login', 'register']));
  });

  it('a signed-in user gets their budget, then 429 RATE_LIMITED with Retry-After, whatever address they use', async () => {
    const user = await createUser(t.ctx, { roles: ['subscriber'] });
    for (let i = 0; i < SEARCH.perUser.max; i += 1) {
      const res = await t.app.inject(searchFree(freshAddress(), user.cookie));
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await t.app.inject(searchFree(freshAddress(), user.cookie));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests/), requestId: expect.any(String) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(SEARCH.perUser.windowSeconds);
    // Someone else is not starved by it.
    const other = await createUser(t.ctx);
    expect((await t.app.inject(searchFree(freshAddress(), other.cookie))).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health', remoteAddress: freshAddress() })).statusCode).toBe(200);
  });

  it('one client address gets its budget across visitors and accounts', async () => {
    const address = freshAddress();
    const users: TestUser[] = await Promise.all([1, 2, 3].map(() => createUser(t.ctx)));
    for (let i = 0; i < SEARCH.perAddress.max; i += 1) {
      const res = await t.app.inject(searchFree(address, i % 4 === 3 ? undefined : users[i % 4]!.cookie));
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    expect((await t.app.inject(searchFree(address))).statusCode).toBe(429);
    expect((await t.app.inject(searchFree(freshAddress()))).statusCode).toBe(200);
  });

  it('callers an endpoint refuses do not spend its budget', async () => {
    const address = freshAddress();
    for (let i = 0; i < SEARCH.perAddress.max + 5; i += 1) expect((await t.app.inject({ url: '/api/search?q=kick', remoteAddress: address })).statusCode).toBe(401);
    expect((await t.app.inject(searchFree(address))).statusCode).toBe(200);
  });

  it(TEST_DB === 'postgres' ? 'two API processes on one database share the budget' : 'the embedded single process counts in memory', async () => {
    const second = await buildApp(t.ctx);
    try {
      const user = await createUser(t.ctx);
      const half = SEARCH.perUser.max / 2;
      for (let i = 0; i < half; i += 1) expect((await t.app.inject(searchFree(freshAddress(), user.cookie))).statusCode).toBe(200);
      for (let i = 0; i < half; i += 1) expect((await second.inject(searchFree(freshAddress(), user.cookie))).statusCode).toBe(200);
      const onFirst = await t.app.inject(searchFree(freshAddress(), user.cookie));
      const onSecond = await second.inject(searchFree(freshAddress(), user.cookie));
      if (TEST_DB === 'postgres') {
        expect([onFirst.statusCode, onSecond.statusCode]).toEqual([429, 429]);
      } else {
        // Each instance counts its own half: PGlite serves one process, where this is the whole budget.
        expect([onFirst.statusCode, onSecond.statusCode]).toEqual([200, 200]);
      }
    } finally {
      await second.close();
    }
  });
});
