import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN, claims } from '@crate/contract/access';
import { CALLABLE_STATUS_HTTP, type CallableStatus } from '@crate/contract/callable-protocol';
import { trackingEvents } from '../src/db/schema/index.ts';
import { CallableError } from '../src/http/callable-error.ts';
import { defineCallable } from '../src/http/callable-registry.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** The statuses docs/product-overview.md §8 lists for callable functions, with their HTTP statuses. */
const SPEC_STATUSES: [CallableStatus, number][] = [
  ['INVALID_ARGUMENT', 400],
  ['UNAUTHENTICATED', 401],
  ['PERMISSION_DENIED', 403],
  ['NOT_FOUND', 404],
  ['ABORTED', 409],
  ['RESOURCE_EXHAUSTED', 429],
  ['CANCELLED', 499],
  ['INTERNAL', 500],
  ['UNIMPLEMENTED', 501],
  ['UNAVAILABLE', 503],
  ['DEADLINE_EXCEEDED', 504],
];

const FBC = 'fb.1.1732233600000.IwAR2xYz_abc-123';
let nextAddress = 1;
/** Each test calls from its own client address, so rate limits of one test never touch another. */
const freshAddress = () => `10.1.0.${nextAddress++}`;

describe(`callable protocol on ${TEST_DB}`, () => {
  let t: TestApp;
  let subscriber: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [subscriber, admin] = await Promise.all([createUser(t.ctx, { roles: ['subscriber'] }), createUser(t.ctx, { roles: ['admin'] })]);
    // Test-only functions, added the way a feature adds its own: through the registry.
    t.app.callables.register(
      defineCallable({
        name: 'testWhoAmI',
        access: SIGNED_IN,
        payload: z.null(),
        handler: async ({ viewer }) => ({ userId: viewer?.userId }),
      }),
      defineCallable({
        name: 'testAdminOnly',
        access: claims('admin'),
        payload: z.null(),
        handler: async () => 'admin says hi',
      }),
      defineCallable({
        name: 'testLimited',
        access: PUBLIC,
        payload: z.null(),
        rateLimit: { max: 2, timeWindow: '1 minute' },
        handler: async () => 'ok',
      }),
      defineCallable({
        name: 'testFail',
        access: PUBLIC,
        payload: z.strictObject({ status: z.string(), details: z.unknown().optional() }),
        handler: async ({ data }) => {
          throw new CallableError(data.status as CallableStatus, `failed with ${data.status}`, data.details);
        },
      }),
      defineCallable({
        name: 'testCrash',
        access: PUBLIC,
        payload: z.null(),
        handler: async () => {
          throw new Error('connection string postgres://secret@db leaked');
        },
      }),
      defineCallable({
        name: 'testSlow',
        access: PUBLIC,
        payload: z.null(),
        timeoutMs: 50,
        handler: ({ signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve('too late'))),
      }),
      defineCallable({
        name: 'testNothing',
        access: PUBLIC,
        payload: z.null(),
        handler: async () => undefined,
      }),
    );
  });
  afterAll(() => t.close());

  const call = (name: string, body: unknown, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/fn/${name}`,
      headers: { 'content-type': 'application/json', ...options.headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: options.remoteAddress ?? freshAddress(),
    });

  const latestEvent = async () => (await t.ctx.db.select().from(trackingEvents).orderBy(desc(trackingEvents.createdAt)).limit(1))[0];

  describe('trackPageView and trackViewContent', () => {
    it('records a page view of a visitor with address and user agent', async () => {
      const res = await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: '/discover' } }, { headers: { 'user-agent': 'CrateTest/1.0' }, remoteAddress: '203.0.113.7' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: { recorded: true } });
      const rows = await t.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.route, '/discover'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ eventType: 'PageView', fbc: FBC, route: '/discover', email: null, userId: null, ipAddress: '203.0.113.7', userAgent: 'CrateTest/1.0' });
    });

    it('records a content view with the signed-in user and the e-mail given', async () => {
      const res = await call('trackViewContent', { data: { event_id: randomUUID(), fbc: FBC, route: '/pack/abc', email: 'Buyer@Example.com' } }, { headers: { cookie: subscriber.cookie } });
      expect(res.json()).toEqual({ result: { recorded: true } });
      expect(await latestEvent()).toMatchObject({ eventType: 'ViewContent', route: '/pack/abc', email: 'buyer@example.com', userId: subscriber.id });
    });

    it('answers INVALID_ARGUMENT naming each bad field, and stores nothing', async () => {
      const before = (await t.ctx.db.select().from(trackingEvents)).length;
      const res = await call('trackPageView', { data: { fbc: 'not-a-cookie', route: 'discover', extra: 1 } });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message).toMatch(/^Invalid data: /);
      expect(error.details.issues).toEqual(
        expect.arrayContaining([
          { field: 'fbc', message: 'fbc must look like fb.1.{timestamp}.{fbclid}' },
          { field: 'route', message: 'route must be a path starting with /' },
          { field: 'extra', message: 'Unknown field: extra' },
        ]),
      );
      expect((await t.ctx.db.select().from(trackingEvents)).length).toBe(before);
    });

    it('refuses a payload that is not an object', async () => {
      const res = await call('trackPageView', { data: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.status).toBe('INVALID_ARGUMENT');
      expect(res.json().error.details.issues[0].field).toBe('');
    });

    it('is rate-limited per client address: the 121st call within a minute is RESOURCE_EXHAUSTED', async () => {
      const address = freshAddress();
      // Invalid payloads still count (the limit is checked before the body), and keep the table clean.
      for (let i = 0; i < 120; i += 1) {
        const res = await call('trackPageView', { data: null }, { remoteAddress: address });
        expect(res.statusCode).toBe(400);
      }
      const limited = await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: '/' } }, { remoteAddress: address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
      // Separate budgets: per function and per address.
      expect((await call('trackViewContent', { data: { event_id: randomUUID(), fbc: FBC, route: '/' } }, { remoteAddress: address })).statusCode).toBe(200);
      expect((await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: '/' } })).statusCode).toBe(200);
    });
  });

  describe('envelope', () => {
    it('answers NOT_FOUND for an unknown function', async () => {
      const res = await call('noSuchFunction', { data: null });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'There is no function named noSuchFunction' } });
    });

    it.each([
      ['a body that is not JSON', '{"data": ', 'The request body is not valid JSON'],
      ['an empty body', '', 'The request body is empty; send {"data": ...}'],
      ['a JSON array', [1, 2], 'The request body must be a JSON object with a data field'],
      ['a JSON string', '"hello"', 'The request body must be a JSON object with a data field'],
      ['no data field', { payload: {} }, 'The request body is missing its data field'],
      ['extra top-level fields', { data: null, context: 1 }, 'Unexpected field in the request body: context'],
    ])('answers INVALID_ARGUMENT for %s', async (_label, body, message) => {
      const res = await call('trackPageView', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    });

    it('answers INVALID_ARGUMENT for a body that is not application/json', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/fn/trackPageView', headers: { 'content-type': 'text/plain' }, payload: 'data=1', remoteAddress: freshAddress() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Send the request body as application/json' } });
    });

    it('answers INVALID_ARGUMENT for a body over the limit', async () => {
      const res = await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: `/${'x'.repeat(70 * 1024)}` } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'The request body is too large' } });
    });

    it('accepts the headers the Firebase client sends (messaging and App Check tokens)', async () => {
      const res = await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: '/headers' } }, { headers: { 'firebase-instance-id-token': 'fcm-token', 'x-firebase-appcheck': 'app-check-token' } });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a cross-site call with PERMISSION_DENIED (same CSRF rule as the REST API)', async () => {
      const res = await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: '/' } }, { headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'Cross-site requests are not allowed' } });
    });

    it('answers null when a function returns nothing, so the client still finds a result', async () => {
      const res = await call('testNothing', { data: null });
      expect(res.json()).toEqual({ result: null });
    });
  });

  describe('access', () => {
    it('answers UNAUTHENTICATED to a visitor calling a signed-in function', async () => {
      const res = await call('testWhoAmI', { data: null });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'Sign in to call testWhoAmI' } });
    });

    it('checks access before the body: a visitor with a malformed body is still UNAUTHENTICATED', async () => {
      const res = await call('testWhoAmI', '{oops');
      expect(res.statusCode).toBe(401);
    });

    it('identifies the caller by the session cookie', async () => {
      const res = await call('testWhoAmI', { data: null }, { headers: { cookie: subscriber.cookie } });
      expect(res.json()).toEqual({ result: { userId: subscriber.id } });
    });

    it('accepts our session token as a bearer, and refuses a bearer that is no session of ours', async () => {
      const token = subscriber.cookie.split(';').map((c) => c.trim()).find((c) => c.includes('session_token='))!.split('=').slice(1).join('=');
      const ok = await call('testWhoAmI', { data: null }, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.json()).toEqual({ result: { userId: subscriber.id } });

      const forged = await call('testWhoAmI', { data: null }, { headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln' } });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'The bearer token is not a valid session. Sign in again.' } });
    });

    it('lets a public function through with a bearer that is not ours (the caller is simply anonymous)', async () => {
      const res = await call('trackPageView', { data: { event_id: randomUUID(), fbc: FBC, route: '/bearer' } }, { headers: { authorization: 'Bearer firebase-id-token' } });
      expect(res.statusCode).toBe(200);
      expect((await latestEvent())?.userId).toBeNull();
    });

    it('answers PERMISSION_DENIED to a signed-in user without the claim, and lets an admin in', async () => {
      const denied = await call('testAdminOnly', { data: null }, { headers: { cookie: subscriber.cookie } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'Your account may not call testAdminOnly' } });
      const allowed = await call('testAdminOnly', { data: null }, { headers: { cookie: admin.cookie } });
      expect(allowed.json()).toEqual({ result: 'admin says hi' });
    });
  });

  describe('errors from functions', () => {
    it.each(SPEC_STATUSES)('passes %s through with HTTP %i', async (status, http) => {
      expect(CALLABLE_STATUS_HTTP[status]).toBe(http);
      const res = await call('testFail', { data: { status, details: { reason: 'because' } } });
      expect(res.statusCode).toBe(http);
      expect(res.json()).toEqual({ error: { status, message: `failed with ${status}`, details: { reason: 'because' } } });
    });

    it('answers RESOURCE_EXHAUSTED with Retry-After once a function limit is used up', async () => {
      const address = freshAddress();
      expect((await call('testLimited', { data: null }, { remoteAddress: address })).statusCode).toBe(200);
      expect((await call('testLimited', { data: null }, { remoteAddress: address })).statusCode).toBe(200);
      const res = await call('testLimited', { data: null }, { remoteAddress: address });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.status).toBe('RESOURCE_EXHAUSTED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('answers DEADLINE_EXCEEDED when a function runs past its deadline', async () => {
      const res = await call('testSlow', { data: null });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({ error: { status: 'DEADLINE_EXCEEDED', message: 'testSlow did not finish within 0.05 s' } });
    });

    it('answers INTERNAL with a generic message and no stack for an unexpected error', async () => {
      const res = await call('testCrash', { data: null });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { status: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' } });
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);
    });
  });

  it('documents the callable route in OpenAPI', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const operation = doc.paths['/api/fn/{name}'].post;
    expect(operation.tags).toEqual(['callable']);
    expect(operation.description).toContain('trackPageView');
    expect(operation.description).toContain('trackViewContent');
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });
});
