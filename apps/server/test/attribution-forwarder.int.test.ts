import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, trackingEvents } from '../src/db/schema/index.ts';
import { runAttributionForward } from '../src/features/tracking/attribution-forward-job.ts';
import { recordTrackingEvent } from '../src/features/tracking/tracking-service.ts';
import { call, confirmEmailByLink, cookieFrom } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { captureDeliveries, deliverInProcess, payOnHostedPage, postWebhook, seedPaymentCatalogue, startCheckout } from './payment-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const FBP = 'fb.1.1732233600000.1234567890';
const FBC = 'fb.1.1732233600000.IwAR2xYz_abc-123';
/** `printf '%s' 'someone@example.com' | sha256sum` */
const SOMEONE_SHA256 = '72497f475e4f76d0b28f57c73a084ece576d170874eba3ee2609d9afe4b71aab';
const TOKEN = 'test-access-token';
const TIMEOUT_MS = 5_000;

type Answer = 'ok' | 'status-500' | 'hang' | 'garbage' | 'short';
interface ReceivedBatch {
  data: Array<{ event_name: string; event_time: number; event_id: string; action_source: string; event_source_url: string; user_data: Record<string, unknown>; custom_data?: Record<string, unknown> }>;
  access_token: string;
}

/** A stand-in Conversions API: answers each request as the test scripted it (then 'ok'), and keeps what it got. */
function standInReceiver() {
  const batches: ReceivedBatch[] = [];
  const script: Answer[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedBatch;
      batches.push(body);
      for (const waiter of waiters.filter((w) => batches.length >= w.count)) waiter.resolve();
      const answer = script.shift() ?? 'ok';
      if (answer === 'hang') return;
      if (answer === 'status-500') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"try later"}}');
      if (answer === 'garbage') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>');
      const received = answer === 'short' ? body.data.length - 1 : body.data.length;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events_received: received, messages: [], fbtrace_id: 'trace' }));
    });
  });
  return {
    batches,
    script,
    /** Resolves once `count` requests have arrived in all. */
    requests: (count: number) => new Promise<void>((resolve) => (batches.length >= count ? resolve() : waiters.push({ count, resolve }))),
    async listen(): Promise<string> {
      // Idle connections stay open until close: a connection the stand-in drops while the forwarder reuses it is a
      // failed send (retried later, as it should be), which would make the batching test depend on timing.
      server.keepAliveTimeout = 0;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/events`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe(`the attribution forwarder on ${TEST_DB}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const receiver = standInReceiver();

  beforeAll(async () => {
    const endpoint = await receiver.listen();
    t = await createTestApp({ rateLimits: false, attribution: { endpoint, token: TOKEN, timeoutMs: TIMEOUT_MS } });
    await seedPaymentCatalogue(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    clock = new ManualClock(new Date());
    t.ctx.clock = clock;
    receiver.batches.length = 0;
    receiver.script.length = 0;
    // Each test starts with nothing left to send from the one before.
    await t.ctx.db.delete(trackingEvents);
  });

  const track = (name: 'trackPageView' | 'trackViewContent', data: Record<string, unknown>, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
    call(t, 'POST', `/api/fn/${name}`, { data }, { ...(options.cookie ? { cookie: options.cookie } : {}), headers: { 'content-type': 'application/json', ...options.headers } });
  const sentIds = () => receiver.batches.flatMap((b) => b.data.map((e) => e.event_id));
  const rowsOf = (ids: string[]) => t.ctx.db.select().from(trackingEvents).where(inArray(trackingEvents.eventId, ids));
  /** Stores `n` page views as the callable would, straight through the service (the callable is rate-limited per address). */
  async function recordPageViews(n: number): Promise<string[]> {
    const ids = Array.from({ length: n }, () => randomUUID());
    for (const id of ids) await recordTrackingEvent(t.ctx.db, clock.now(), 'PageView', { event_id: id, fbp: FBP, route: '/discover' }, { userId: null, ipAddress: '203.0.113.9', userAgent: 'Bench/1' });
    return ids;
  }

  it('sends a page view in the Conversions API shape, with the token, and marks it forwarded once', async () => {
    const eventId = randomUUID();
    const res = await track('trackViewContent', { event_id: eventId, fbp: FBP, fbc: FBC, route: '/pack/7', email: 'Someone@Example.com', custom_data: { content_ids: ['pack-7'], content_type: 'product' } }, { headers: { 'user-agent': 'CrateTest/1.0' } });
    expect(res.statusCode, res.body).toBe(200);

    await runAttributionForward(t.ctx);
    expect(receiver.batches).toHaveLength(1);
    const [batch] = receiver.batches;
    expect(batch!.access_token).toBe(TOKEN);
    const [event] = await rowsOf([eventId]);
    expect(batch!.data).toEqual([
      {
        event_name: 'ViewContent',
        event_time: Math.floor(event!.createdAt.getTime() / 1000),
        event_id: eventId,
        action_source: 'website',
        event_source_url: 'http://localhost:3000/pack/7',
        user_data: { fbp: FBP, fbc: FBC, client_ip_address: expect.any(String), client_user_agent: 'CrateTest/1.0', em: [SOMEONE_SHA256] },
        custom_data: { content_ids: ['pack-7'], content_type: 'product' },
      },
    ]);
    expect(event!.forwardedAt?.getTime()).toBe(clock.now().getTime());

    // Nothing is sent twice: a later run finds nothing to send, and the forwarded time stays the first one.
    clock.advance(60_000);
    await runAttributionForward(t.ctx);
    expect(receiver.batches).toHaveLength(1);
    expect((await rowsOf([eventId]))[0]!.forwardedAt?.getTime()).toBe(event!.forwardedAt!.getTime());
  });

  it('stores a replayed tracking call once, by its event_id', async () => {
    const data = { event_id: randomUUID(), fbp: FBP, route: '/faq' };
    expect((await track('trackPageView', data)).statusCode).toBe(200);
    expect((await track('trackPageView', data)).json()).toEqual({ result: { recorded: true } });
    expect(await rowsOf([data.event_id])).toHaveLength(1);
    await runAttributionForward(t.ctx);
    expect(sentIds()).toEqual([data.event_id]);
  });

  it('records nothing without consent: a call with neither _fbp nor _fbc is refused, naming the field', async () => {
    const res = await track('trackPageView', { event_id: randomUUID(), route: '/faq', email: 'someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual([{ field: 'fbp', message: 'fbp or fbc is required (events are recorded only with consent)' }]);
    expect(await t.ctx.db.select().from(trackingEvents)).toEqual([]);
    await runAttributionForward(t.ctx);
    expect(receiver.batches).toEqual([]);
  });

  it('sends a backlog in batches of at most 1,000, each event once, even with two workers at it', async () => {
    const ids = await recordPageViews(2_500);
    await Promise.all([runAttributionForward(t.ctx), runAttributionForward(t.ctx)]);
    expect(receiver.batches.map((b) => b.data.length).sort((a, b) => b - a)).toEqual([1000, 1000, 500]);
    expect(new Set(sentIds()).size).toBe(2_500);
    expect(sentIds().sort()).toEqual([...ids].sort());
    expect((await rowsOf(ids)).every((row) => row.forwardedAt !== null)).toBe(true);
  });

  it('retries after a 500 once the backoff has passed, not before', async () => {
    const [id] = await recordPageViews(1);
    receiver.script.push('status-500');
    await runAttributionForward(t.ctx);
    expect((await rowsOf([id!]))[0]).toMatchObject({ forwardedAt: null, failedAt: null, attempts: 1, lastError: 'the receiver answered HTTP 500' });

    clock.advance(29_000);
    await runAttributionForward(t.ctx);
    expect(receiver.batches).toHaveLength(1);

    clock.advance(1_000);
    await runAttributionForward(t.ctx);
    expect(receiver.batches).toHaveLength(2);
    expect((await rowsOf([id!]))[0]).toMatchObject({ attempts: 2, lastError: null, forwardedAt: clock.now() });
  });

  it('counts a receiver that does not answer in time as a failure, and retries', async () => {
    const [id] = await recordPageViews(1);
    receiver.script.push('hang');
    const run = runAttributionForward(t.ctx);
    await receiver.requests(1);
    await clock.whenSleeping(1);
    clock.advance(TIMEOUT_MS);
    await run;
    expect((await rowsOf([id!]))[0]).toMatchObject({ forwardedAt: null, attempts: 1, lastError: `the receiver did not answer within ${TIMEOUT_MS} ms` });

    clock.advance(30_000);
    await runAttributionForward(t.ctx);
    expect((await rowsOf([id!]))[0]!.forwardedAt).not.toBeNull();
    expect(sentIds()).toEqual([id, id]);
  });

  it('counts an answer that is not the expected JSON, or that takes fewer events than sent, as a failure', async () => {
    const ids = await recordPageViews(2);
    receiver.script.push('garbage', 'short');
    await runAttributionForward(t.ctx);
    expect((await rowsOf(ids)).map((r) => r.lastError)).toEqual(['the receiver answered something that is not JSON: "<html>gateway</html>"', 'the receiver answered something that is not JSON: "<html>gateway</html>"']);
    clock.advance(30_000);
    await runAttributionForward(t.ctx);
    expect((await rowsOf(ids)).map((r) => [r.forwardedAt, r.lastError])).toEqual([
      [null, 'the receiver took 1 of 2 events'],
      [null, 'the receiver took 1 of 2 events'],
    ]);
    clock.advance(60_000);
    await runAttributionForward(t.ctx);
    expect((await rowsOf(ids)).every((r) => r.forwardedAt !== null)).toBe(true);
  });

  it('gives up after ten failed sends into the failed state /admin shows; "Retry failed" sends them again (audited, admins only)', async () => {
    const admin = await createUser(t.ctx, { roles: ['admin'] });
    const ids = await recordPageViews(3);
    for (let attempt = 1; attempt <= 10; attempt++) {
      receiver.script.push('status-500');
      await runAttributionForward(t.ctx);
      clock.advance(3_600_000);
    }
    expect(receiver.batches).toHaveLength(10);
    await runAttributionForward(t.ctx);
    expect(receiver.batches).toHaveLength(10);
    expect((await rowsOf(ids)).every((r) => r.failedAt !== null && r.forwardedAt === null)).toBe(true);

    const panel = await call(t, 'GET', '/api/admin/attribution', undefined, { cookie: admin.cookie });
    expect(panel.json()).toMatchObject({ forwarding: true, waiting: 0, failed: 3, last_error: 'the receiver answered HTTP 500', last_failed_at: expect.any(String) });

    const stranger = await createUser(t.ctx, { roles: ['subscriber'] });
    expect((await call(t, 'POST', '/api/admin/attribution/retry-failed', undefined, { cookie: stranger.cookie })).statusCode).toBe(403);
    const retried = await call(t, 'POST', '/api/admin/attribution/retry-failed', undefined, { cookie: admin.cookie });
    expect(retried.json()).toEqual({ retried: 3 });
    expect(await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'attribution.retry_failed'), eq(auditLog.actorUserId, admin.id)))).toEqual([expect.objectContaining({ details: { retried: 3 } })]);

    await runAttributionForward(t.ctx);
    expect(receiver.batches).toHaveLength(11);
    const after = (await call(t, 'GET', '/api/admin/attribution', undefined, { cookie: admin.cookie })).json();
    expect(after).toMatchObject({ waiting: 0, failed: 0, forwarded_last_24h: 3, last_error: null });
  });

  describe('server events: sign-ups and purchases, only for users who consented', () => {
    const register = (cookie?: string) => call(t, 'POST', '/api/auth/register', { email: `new-${randomUUID().slice(0, 8)}@example.test`, password: 'correct-horse-battery' }, cookie ? { cookie } : {});
    const eventsOf = (userId: string) => t.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.userId, userId));

    it('a registration with _fbp records CompleteRegistration with the hashed e-mail; one without records nothing', async () => {
      const consented = await register(`_fbp=${FBP}`);
      const consentedId = (consented.json() as { uid: string }).uid;
      const declined = await register();
      const declinedId = (declined.json() as { uid: string }).uid;
      expect(await eventsOf(declinedId)).toEqual([]);
      expect(await eventsOf(consentedId)).toEqual([expect.objectContaining({ eventType: 'CompleteRegistration', eventId: `signup:${consentedId}`, fbp: FBP, fbc: null })]);
      await runAttributionForward(t.ctx);
      expect(receiver.batches.flatMap((b) => b.data)).toEqual([expect.objectContaining({ event_name: 'CompleteRegistration', event_source_url: 'http://localhost:3000/register', user_data: expect.objectContaining({ fbp: FBP, em: [expect.stringMatching(/^[0-9a-f]{64}$/)] }) })]);
    });

    it('a paid checkout records one Purchase with value and currency, however often the webhook is replayed; essential-only at checkout records none', async () => {
      const deliveries = captureDeliveries(t);
      const buy = async (user: TestUser, cookie: string) => {
        const started = await startCheckout(t, { ...user, cookie }, { price: 'price_starter' });
        expect(started.statusCode, started.body).toBe(201);
        expect((await payOnHostedPage(t, started.json().url, '4242 4242 4242 4242')).statusCode).toBe(303);
        await t.ctx.jobs.drain();
      };
      const buyer = await createUser(t.ctx);
      await buy(buyer, `${buyer.cookie}; _fbp=${FBP}; _fbc=${FBC}`);
      const declined = await createUser(t.ctx);
      await buy(declined, declined.cookie);
      // Every signed event delivered twice, in order: the replays change nothing.
      for (const delivery of [...deliveries, ...deliveries]) expect((await postWebhook(t, delivery.body, delivery.signature)).statusCode).toBeLessThan(300);
      await t.ctx.jobs.drain();
      deliverInProcess(t);

      const purchases = (await eventsOf(buyer.id)).filter((e) => e.eventType === 'Purchase');
      expect(purchases).toEqual([expect.objectContaining({ fbp: FBP, fbc: FBC, route: '/pricing', customData: { value: 9.99, currency: 'USD' } })]);
      expect(purchases[0]!.eventId).toMatch(/^purchase:/);
      expect(await eventsOf(declined.id)).toEqual([]);

      await runAttributionForward(t.ctx);
      expect(receiver.batches.flatMap((b) => b.data)).toEqual([expect.objectContaining({ event_name: 'Purchase', event_id: purchases[0]!.eventId, custom_data: { value: 9.99, currency: 'USD' } })]);
    });

    it('a user who later opens a checkout with essential-only cookies is forgotten: their payment records no event', async () => {
      const consented = await register(`_fbp=${FBP}`);
      const user = { id: (consented.json() as { uid: string }).uid, cookie: cookieFrom(consented) } as TestUser;
      // Paying waits for a confirmed e-mail (docs/decisions/0069).
      await confirmEmailByLink(t, (consented.json() as { email: string }).email);
      const started = await startCheckout(t, user, { price: 'price_starter' });
      expect(started.statusCode, started.body).toBe(201);
      deliverInProcess(t);
      await payOnHostedPage(t, started.json().url, '4242 4242 4242 4242');
      await t.ctx.jobs.drain();
      expect((await eventsOf(user.id)).map((e) => e.eventType)).toEqual(['CompleteRegistration']);
    });
  });

  it('with forwarding off, events stay recorded and nothing is sent', async () => {
    const ids = await recordPageViews(2);
    const { attribution } = t.ctx.config;
    t.ctx.config.attribution = { ...attribution, endpoint: null };
    try {
      await runAttributionForward(t.ctx);
    } finally {
      t.ctx.config.attribution = attribution;
    }
    expect(receiver.batches).toEqual([]);
    expect((await rowsOf(ids)).map((r) => r.forwardedAt)).toEqual([null, null]);
  });
});
