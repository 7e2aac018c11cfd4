import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@crate/contract/checkout';
import { checkoutSessions, creditLedger, paymentEvents, paymentReceipts, paymentRefunds, subscriptions, users } from '../src/db/schema/index.ts';
import { loadConfig } from '../src/config.ts';
import { expireDueCredits } from '../src/features/credits/credit-expiry-job.ts';
import { addCredits, creditBalance, lockCreditAccount, takeCredits } from '../src/features/credits/credit-ledger-service.ts';
import { recheckAccess } from '../src/features/payments/fulfilment-service.ts';
import { sendCreditsExpiringNotices } from '../src/features/payments/payment-jobs.ts';
import { call, mailsTo } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  captureDeliveries,
  deliverInProcess,
  getJson,
  payOnHostedPage,
  postWebhook,
  sandboxOf,
  seedPaymentCatalogue,
  shuffle,
  startCheckout,
  subscribe,
} from './payment-helpers.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`payments with the sandbox provider on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    await seedPaymentCatalogue(t.ctx);
    deliverInProcess(t);
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const roles = async (user: TestUser) => (await getJson(t, user, '/api/profile')).roles as string[];
  const credits = async (user: TestUser) => (await getJson(t, user, '/api/credits')).credits as number;
  const billing = (user: TestUser) => getJson(t, user, '/api/billing');
  const subRow = async (user: TestUser) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0]!;
  const clock = (user: TestUser, outcome?: 'pay' | 'fail') => call(t, 'POST', '/api/admin/payments/test-clock', { user_id: user.id, ...(outcome ? { outcome } : {}) }, { cookie: admin.cookie });

  it('a new user subscribes with the success card: hosted page, signed webhooks, subscriber role, credits, receipt and e-mail', async () => {
    const user = await createUser(t.ctx);
    const before = (await t.ctx.db.select({ at: users.claimsUpdatedAt }).from(users).where(eq(users.id, user.id)))[0]!.at;
    const started = await startCheckout(t, user, { price: 'price_starter' });
    expect(started.statusCode).toBe(201);
    const session = started.json();
    expect(session).toMatchObject({ mode: 'subscription', status: 'open', provider: 'sandbox', error: null, line_items: [{ price: 'price_starter', quantity: 1 }] });
    expect(session.url).toMatch(/\/sandbox\/checkout\/cs_sbx_/);
    expect(session.session_id).toMatch(/^cs_sbx_/);

    const hosted = await t.app.inject({ method: 'GET', url: new URL(session.url).pathname });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.body).toContain('Starter');
    expect(hosted.body).toContain('$9.99');

    const paid = await payOnHostedPage(t, session.url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/pricing?checkout=${session.id}`);
    await t.ctx.jobs.drain();

    expect((await getJson(t, user, `/api/checkout-sessions/${session.id}`)).status).toBe('complete');
    expect(await roles(user)).toContain('subscriber');
    const profile = await getJson(t, user, '/api/profile');
    expect(profile).toMatchObject({ is_sub: true, can_search: true, credits: 100 });
    const after = (await t.ctx.db.select({ at: users.claimsUpdatedAt }).from(users).where(eq(users.id, user.id)))[0]!.at;
    expect(after!.getTime()).toBeGreaterThan(before?.getTime() ?? 0);

    const b = await billing(user);
    expect(b.subscription).toMatchObject({ status: 'active', plan: { price_id: 'price_starter', name: 'Starter', credits: 100 }, cancel_at_period_end: false, grants_access: true, renews_as: null });
    // Plan credits have no date of their own: they roll over while the plan lasts (decision 0074).
    const balance = await getJson(t, user, '/api/credits');
    expect(balance).toMatchObject({ credits: 100, credits_expire_at: null });

    const receipts = await getJson(t, user, '/api/billing/receipts');
    expect(receipts.items).toEqual([expect.objectContaining({ description: 'Starter plan (monthly)', amount: 999, currency: 'usd', status: 'paid', credits: 100 })]);
    const mails = await mailsTo(t, user.email);
    expect(mails.map((m) => m.subject)).toContain('Your Crate receipt: Starter plan (monthly)');
  });

  it('webhook events replayed three times in shuffled order grant the credits exactly once', async () => {
    const captured = captureDeliveries(t);
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_pro' });
    await payOnHostedPage(t, started.json().url, '4242424242424242');
    await t.ctx.jobs.drain();
    deliverInProcess(t);
    expect(captured.length).toBeGreaterThanOrEqual(3);
    expect(await credits(user)).toBe(0); // nothing is fulfilled until the events arrive

    const answers = [];
    for (const delivery of shuffle([...captured, ...captured, ...captured], 11)) answers.push((await postWebhook(t, delivery.body, delivery.signature)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);

    expect(await credits(user)).toBe(300);
    const grants = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(grants).toHaveLength(1);
    // The lot lasts as long as the plan does (decision 0074).
    expect(grants[0]).toMatchObject({ expiresAt: null, subscriptionId: (await subRow(user)).id });
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id))).toHaveLength(1);
    expect((await getJson(t, user, `/api/checkout-sessions/${started.json().id}`)).status).toBe('complete');
    const ids = captured.map((c) => JSON.parse(c.body).id as string);
    const stored = await t.ctx.db.select().from(paymentEvents);
    expect(stored.filter((e) => ids.includes(e.id))).toHaveLength(ids.length);
    expect(stored.filter((e) => ids.includes(e.id)).every((e) => e.processedAt !== null)).toBe(true);
  });

  it('refuses forged, tampered and unsigned webhooks and changes nothing', async () => {
    const captured = captureDeliveries(t);
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_starter' });
    await payOnHostedPage(t, started.json().url, '4242424242424242');
    await t.ctx.jobs.drain();
    deliverInProcess(t);
    const before = (await t.ctx.db.select().from(paymentEvents)).length;
    const { body } = captured[0]!;

    const unsigned = await postWebhook(t, body);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toMatch(/Stripe-Signature header is missing/);
    const forged = await postWebhook(t, body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_not_ours' }));
    expect(forged.statusCode).toBe(400);
    const tampered = await postWebhook(t, body.replace('"livemode":false', '"livemode":true'), captured[0]!.signature);
    expect(tampered.statusCode).toBe(400);
    const garbage = await postWebhook(t, body, 't=1,v1=deadbeef');
    expect(garbage.statusCode).toBe(400);

    expect((await t.ctx.db.select().from(paymentEvents)).length).toBe(before);
    expect(await credits(user)).toBe(0);
    expect(await roles(user)).not.toContain('subscriber');
    // Delivered properly, the same events do their work.
    for (const d of captured) expect((await postWebhook(t, d.body, d.signature)).statusCode).toBe(200);
    expect(await credits(user)).toBe(100);
  });

  it('a failing handler answers 5xx, keeps the event, and the retry succeeds', async () => {
    const captured = captureDeliveries(t);
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_starter' });
    await payOnHostedPage(t, started.json().url, '4242424242424242');
    await t.ctx.jobs.drain();
    deliverInProcess(t);
    const invoicePaid = captured.find((c) => JSON.parse(c.body).type === 'invoice.paid')!;

    const sandbox = sandboxOf(t);
    const original = sandbox.retrieveInvoice.bind(sandbox);
    sandbox.retrieveInvoice = async () => {
      throw new Error('provider unreachable');
    };
    try {
      const failed = await postWebhook(t, invoicePaid.body, invoicePaid.signature);
      expect(failed.statusCode).toBe(500);
    } finally {
      sandbox.retrieveInvoice = original;
    }
    const eventId = JSON.parse(invoicePaid.body).id as string;
    const [stored] = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
    expect(stored).toMatchObject({ processedAt: null, attempts: 1, lastError: 'provider unreachable' });
    expect(await credits(user)).toBe(0);

    const retried = await postWebhook(t, invoicePaid.body, invoicePaid.signature);
    expect(retried.statusCode).toBe(200);
    expect(await credits(user)).toBe(100);
    // The queued job finds it done.
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(100);
  });

  it('an event processed with a copy read just before another change still leaves the provider\'s latest state', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const sub = await subRow(user);
    const sandbox = sandboxOf(t);
    const stale = await sandbox.retrieveSubscription(sub.providerSubscriptionId);
    const captured = captureDeliveries(t);
    await sandbox.setCancelAtPeriodEnd(sub.providerSubscriptionId, true); // the provider changes meanwhile
    await t.ctx.jobs.drain();
    deliverInProcess(t);
    const original = sandbox.retrieveSubscription.bind(sandbox);
    let reads = 0;
    sandbox.retrieveSubscription = async (id) => (++reads === 1 ? stale : original(id));
    try {
      expect((await postWebhook(t, captured[0]!.body, captured[0]!.signature)).statusCode).toBe(200);
    } finally {
      sandbox.retrieveSubscription = original;
    }
    expect(reads).toBeGreaterThanOrEqual(2);
    expect((await subRow(user)).cancelAtPeriodEnd).toBe(true);
  });

  it('checkout validates as SPEC §5 says and names unknown prices', async () => {
    const user = await createUser(t.ctx);
    const post = (body: Record<string, unknown>) => call(t, 'POST', '/api/checkout-sessions', body, { cookie: user.cookie });
    // Answers name the field first ("price: …"); what follows is SPEC §5's message word for word.
    const messageOf = async (body: Record<string, unknown>) => {
      const { message, field } = (await post(body)).json().error as { message: string; field?: string };
      return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
    };

    expect(await messageOf({ price: '' })).toBe('price must be a non-empty string');
    expect(await messageOf({})).toBe('price must be a non-empty string');
    expect(await messageOf({ price: 'price_refill', mode: 'payment', quantity: -1 })).toBe('quantity must be a positive integer');
    expect(await messageOf({ price: 'price_refill', mode: 'payment', quantity: 1.5 })).toBe('quantity must be a positive integer');
    expect(await messageOf({ price: 'price_refill', mode: 'payment', quantity: 1e12 })).toBe('quantity is at most 10');
    expect(await messageOf({ line_items: [] })).toBe('line_items must be a non-empty array');
    expect(await messageOf({ line_items: 'price_starter' })).toBe('line_items must be a non-empty array');
    expect(await messageOf({ price: 'price_starter', success_url: '' })).toBe('success_url must be a non-empty string');
    expect(await messageOf({ price: 'price_starter', cancel_url: '' })).toBe('cancel_url must be a non-empty string');
    expect(await messageOf({ price: 'price_starter', success_url: 'https://evil.example/steal' })).toBe('success_url must be a page of this site (http://localhost:3000)');
    // PUBLIC_URL is set here: another name of the machine is not this site, and the answer says which address is.
    expect(await messageOf({ price: 'price_starter', success_url: 'http://127.0.0.1:3000/pricing' })).toBe('success_url must be a page of this site (http://localhost:3000)');

    const unknown = await post({ price: 'price_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No price found with the ID: price_nope');
    const inactive = await post({ price: 'price_old' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.message).toBe('The price price_old of Old plan is no longer on sale');
    expect((await post({ price: 'price_refill' })).json().error.message).toBe('price_refill is a one-off price: buy it with mode "payment"');
    expect((await post({ line_items: [{ price: 'price_starter', quantity: 2 }] })).json().error.message).toBe('A plan is bought one at a time: one price, quantity 1');
    expect((await post({ price: 'price_refill', mode: 'payment' })).json().error.message).toBe('Refills are for subscribers: choose a plan first, then top up when you run low.');

    const anonymous = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_starter' });
    expect(anonymous.statusCode).toBe(401);
    expect(CHECKOUT_MESSAGES.unauthenticated).toBe('Failed to determine currently signed in user. User not signed in.');

    // Defaults: mode subscription; one session per idempotency key however often the client retries.
    const key = randomUUID();
    const first = await post({ price: 'price_starter', idempotency_key: key, success_url: '/pricing?x=1' });
    const again = await post({ price: 'price_starter', idempotency_key: key, success_url: '/pricing?x=1' });
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().session_id).toBe(first.json().session_id);
    expect(first.json()).toMatchObject({ mode: 'subscription', success_url: 'http://localhost:3000/pricing?x=1' });
    expect(await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.idempotencyKey, key))).toHaveLength(1);
    const reused = await post({ price: 'price_pro', idempotency_key: key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ field: 'idempotency_key', message: 'This idempotency_key was used for another checkout; make a new key for a new request.' });

    // Someone else's session does not exist for them.
    const stranger = await createUser(t.ctx);
    expect((await call(t, 'GET', `/api/checkout-sessions/${first.json().id}`, undefined, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/checkout-sessions/not-a-uuid', undefined, { cookie: stranger.cookie })).statusCode).toBe(404);
  });

  it('an error while creating the session reaches the client at once, in the answer', async () => {
    const user = await createUser(t.ctx);
    const sandbox = sandboxOf(t);
    const original = sandbox.createCheckoutSession.bind(sandbox);
    sandbox.createCheckoutSession = async () => {
      throw new Error('connection refused');
    };
    try {
      const started = await startCheckout(t, user, { price: 'price_starter' });
      expect(started.statusCode).toBe(201);
      expect(started.json()).toMatchObject({ status: 'error', url: null, error: { code: 'provider_unavailable', message: 'The payment provider did not answer. Nothing was charged; try again in a moment.' } });
    } finally {
      sandbox.createCheckoutSession = original;
    }
  });

  it('the hosted page: unknown sessions are not found, and a card posted from another site is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sbx_nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/..%2F..%2Fapi' })).statusCode).toBe(404);
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_starter' });
    const page = await t.app.inject({ method: 'GET', url: new URL(started.json().url).pathname });
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${new URL(started.json().url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'card=4242424242424242',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
    const unknownCard = await payOnHostedPage(t, started.json().url, '1234 5678 9012 3456');
    expect(unknownCard.statusCode).toBe(402);
    expect(unknownCard.body).toContain('not a sandbox test card');
  });

  it('the declined card shows a clear message and charges nothing', async () => {
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_starter' });
    const declined = await payOnHostedPage(t, started.json().url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined. Nothing was charged; try another card.');
    await t.ctx.jobs.drain();
    expect((await getJson(t, user, `/api/checkout-sessions/${started.json().id}`)).status).toBe('open');
    expect(await credits(user)).toBe(0);
    expect(await roles(user)).not.toContain('subscriber');
    expect((await getJson(t, user, '/api/billing/receipts')).items).toEqual([]);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
    // The same page then takes a good card.
    expect((await payOnHostedPage(t, started.json().url, '4242 4242 4242 4242')).statusCode).toBe(303);
  });

  it('a pending payment is processing, then completes later (or fails and grants nothing)', async () => {
    const sandbox = sandboxOf(t);
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_starter' });
    expect((await payOnHostedPage(t, started.json().url, '4000 0000 0000 0101')).statusCode).toBe(303);
    await t.ctx.jobs.drain();
    expect((await getJson(t, user, `/api/checkout-sessions/${started.json().id}`)).status).toBe('processing');
    expect(await credits(user)).toBe(0);
    expect(await roles(user)).not.toContain('subscriber');
    // A second plan checkout meanwhile would pay twice.
    const twice = await startCheckout(t, user, { price: 'price_pro' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/still pending/);
    await sandbox.settle(started.json().session_id, 'succeeds'); // what the sandbox-settle job does when it is due
    await t.ctx.jobs.drain();
    expect((await getJson(t, user, `/api/checkout-sessions/${started.json().id}`)).status).toBe('complete');
    expect(await credits(user)).toBe(100);
    expect(await roles(user)).toContain('subscriber');

    const unlucky = await createUser(t.ctx);
    const second = await startCheckout(t, unlucky, { price: 'price_starter' });
    await payOnHostedPage(t, second.json().url, '4000 0000 0000 0119');
    await t.ctx.jobs.drain();
    await sandbox.settle(second.json().session_id, 'fails');
    await t.ctx.jobs.drain();
    const failed = await getJson(t, unlucky, `/api/checkout-sessions/${second.json().id}`);
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'Your payment did not go through. Nothing was charged.' } });
    expect(await credits(unlucky)).toBe(0);
    expect(await roles(unlucky)).not.toContain('subscriber');
  });

  it('an unpaid session expires after a day: the checkout says so and the page takes no card', async () => {
    const user = await createUser(t.ctx);
    const started = await startCheckout(t, user, { price: 'price_starter' });
    await sandboxOf(t).settle(started.json().session_id, 'expires'); // what the job queued at creation does after 24 h
    await t.ctx.jobs.drain();
    expect((await getJson(t, user, `/api/checkout-sessions/${started.json().id}`)).status).toBe('expired');
    const late = await payOnHostedPage(t, started.json().url, '4242424242424242');
    expect(late.statusCode).toBe(402);
    expect(late.body).toContain('This checkout has expired. Start again from Crate.');
    expect(await credits(user)).toBe(0);
  });

  it('renewals grant each period once; unused credits roll over while the plan lasts (test clock)', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const first = await subRow(user);
    const renewed = await clock(user);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ status: 'active', current_period_start: first.currentPeriodEnd.toISOString() });
    // invoice.paid and customer.subscription.updated, sent through the webhook like every other event
    expect(renewed.json().events).toEqual([expect.stringMatching(/^evt_sbx_/), expect.stringMatching(/^evt_sbx_/)]);
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(200);
    expect((await mailsTo(t, user.email)).map((m) => m.subject)).toContain('Your Crate plan renewed: Starter plan (monthly)');
    // Splice's rule (decision 0074): the first period's unused credits are still there after it ended, and the sweep leaves them.
    const afterFirst = new Date(first.currentPeriodEnd.getTime() + 1000);
    expect((await creditBalance(t.ctx.db, user.id, afterFirst)).credits).toBe(200);
    expect(await expireDueCredits(t.ctx.db, afterFirst)).toBe(0);
    await clock(user);
    await t.ctx.jobs.drain();
    const sub = await subRow(user);
    expect((await creditBalance(t.ctx.db, user.id, new Date(sub.currentPeriodStart.getTime() + DAY))).credits).toBe(300);
    const lots = (await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).filter((l) => l.kind === 'grant');
    expect(new Set(lots.map((l) => l.idempotencyKey)).size).toBe(3);
    expect(lots.every((l) => l.expiresAt === null)).toBe(true);
  });

  it('when the plan ends its unused credits and refills expire with it, each once and on record; dated credits stay', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    await addCredits(t.ctx.db, { userId: user.id, kind: 'adjust', amount: 7, reason: 'Support goodwill', idempotencyKey: `goodwill:${randomUUID()}`, expiresAt: null });
    expect(await credits(user)).toBe(100 + 7);
    const refill = await startCheckout(t, user, { price: 'price_refill', mode: 'payment' });
    await payOnHostedPage(t, refill.json().url, '4242424242424242');
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(157);
    // Spending takes the credits that end with the plan before those that never do.
    await t.ctx.db.transaction(async (tx) => {
      await lockCreditAccount(tx, user.id);
      await takeCredits(tx, { userId: user.id, kind: 'spend', amount: 10, reason: 'a sound', idempotencyKey: `spend:${randomUUID()}` });
    });
    expect(await credits(user)).toBe(147);

    await call(t, 'POST', '/api/billing/cancel', undefined, { cookie: user.cookie });
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(147); // cancelled, but the period paid for still runs
    await clock(user);
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(7);
    const entries = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    const expired = entries.filter((e) => e.kind === 'expire');
    expect(expired.map((e) => e.amount).sort()).toEqual([-50, -90]);
    expect(expired.every((e) => /^Your plan ended on \d{4}-\d{2}-\d{2}: its unused credits went with it$/.test(e.reason))).toBe(true);
    // The plan ending again (a replayed event, the grace recheck) expires nothing more.
    await recheckAccess(t.ctx, user.id);
    expect((await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).filter((e) => e.kind === 'expire')).toHaveLength(2);
    const history = await getJson(t, user, '/api/credits/history');
    expect(history.items.filter((e: { kind: string }) => e.kind === 'expire')).toHaveLength(2);
  });

  it('a failed renewal is past due with an e-mail and a 7-day grace; then the role goes and claims move', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const failed = await clock(user, 'fail');
    expect(failed.json().status).toBe('past_due');
    await t.ctx.jobs.drain();
    expect(await roles(user)).toContain('subscriber');
    const b = await billing(user);
    expect(b.subscription).toMatchObject({ status: 'past_due', grants_access: true });
    expect(new Date(b.subscription.grace_ends_at).getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect((await mailsTo(t, user.email)).map((m) => m.subject)).toContain('Your Crate plan payment failed');
    expect(await credits(user)).toBe(100); // the unpaid period grants nothing; the paid one's credits stay during the grace

    const [{ at: before }] = await t.ctx.db.select({ at: users.claimsUpdatedAt }).from(users).where(eq(users.id, user.id)) as [{ at: Date }];
    await t.ctx.db.update(subscriptions).set({ pastDueSince: new Date(Date.now() - 8 * DAY) }).where(eq(subscriptions.userId, user.id));
    await recheckAccess(t.ctx, user.id);
    expect(await roles(user)).not.toContain('subscriber');
    expect(await credits(user)).toBe(0); // the plan is over: its credits went with it (decision 0074)
    const [{ at: after }] = await t.ctx.db.select({ at: users.claimsUpdatedAt }).from(users).where(eq(users.id, user.id)) as [{ at: Date }];
    expect(after.getTime()).toBeGreaterThan(before.getTime());
  });

  it('cancelling keeps the plan until the period ends; the next tick ends it', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const cancelled = await call(t, 'POST', '/api/billing/cancel', undefined, { cookie: user.cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ cancel_at_period_end: true, status: 'active', grants_access: true });
    await t.ctx.jobs.drain();
    expect(await roles(user)).toContain('subscriber');
    const resumed = await call(t, 'POST', '/api/billing/resume', undefined, { cookie: user.cookie });
    expect(resumed.json().subscription.cancel_at_period_end).toBe(false);
    await call(t, 'POST', '/api/billing/cancel', undefined, { cookie: user.cookie });
    expect((await clock(user)).json().status).toBe('canceled');
    await t.ctx.jobs.drain();
    expect(await roles(user)).not.toContain('subscriber');
    expect(await credits(user)).toBe(0); // usable until the plan ended, then gone with it (decision 0074)
  });

  it('upgrades at once with the new credits; downgrades at renewal', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const up = await call(t, 'POST', '/api/billing/plan', { price: 'price_pro', idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(up.statusCode).toBe(200);
    expect(up.json().change).toBe('upgraded');
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(400);
    expect((await billing(user)).subscription.plan.price_id).toBe('price_pro');

    const down = await call(t, 'POST', '/api/billing/plan', { price: 'price_starter', idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(down.json()).toMatchObject({ change: 'downgrade_scheduled', billing: { subscription: { plan: { price_id: 'price_pro' }, renews_as: { price_id: 'price_starter' } } } });
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(400);
    await clock(user);
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(500);
    expect((await billing(user)).subscription).toMatchObject({ plan: { price_id: 'price_starter' }, renews_as: null });
  });

  it('an upgrade is shown with its amount and date, then charged exactly that: the unused time of the period paid for is credited (decision 0073)', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const period = await subRow(user);
    const length = period.currentPeriodEnd.getTime() - period.currentPeriodStart.getTime();
    // 40% of the period used: 60% of $9.99 is credited against Pro's $19.99.
    const at = new Date(period.currentPeriodStart.getTime() + Math.round(length * 0.4));
    const realClock = t.ctx.clock;
    const clockNow = new ManualClock(at);
    t.ctx.clock = clockNow;
    try {
      const preview = await call(t, 'GET', '/api/billing/plan/preview?price=price_pro', undefined, { cookie: user.cookie });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({
        change: 'upgraded',
        current: { price_id: 'price_starter' },
        plan: { price_id: 'price_pro', credits: 300 },
        effective_at: at.toISOString(),
        full_price: 1999,
        unused_credit: 599,
        amount_due: 1400,
        carried_credit: 0,
        credits: 300,
        renewal_amount: 1999,
        quoted_at: at.toISOString(),
      });
      const renewsAt = new Date(at);
      renewsAt.setUTCMonth(renewsAt.getUTCMonth() + 1);
      expect(preview.json().renews_at).toBe(renewsAt.toISOString());

      // Confirmed more than 10 minutes later: refused, nothing changes, and the person is asked to look again.
      clockNow.advance(11 * 60 * 1000);
      const stale = await call(t, 'POST', '/api/billing/plan', { price: 'price_pro', idempotency_key: randomUUID(), quoted_at: preview.json().quoted_at }, { cookie: user.cookie });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ field: 'quoted_at', message: expect.stringMatching(/more than 10 minutes old/) });
      expect((await billing(user)).subscription.plan.price_id).toBe('price_starter');

      const fresh = (await call(t, 'GET', '/api/billing/plan/preview?price=price_pro', undefined, { cookie: user.cookie })).json();
      const up = await call(t, 'POST', '/api/billing/plan', { price: 'price_pro', idempotency_key: randomUUID(), quoted_at: fresh.quoted_at }, { cookie: user.cookie });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().change).toBe('upgraded');
      await t.ctx.jobs.drain();
      const receipts = (await getJson(t, user, '/api/billing/receipts')).items;
      expect(receipts[0]).toMatchObject({ description: 'Pro plan (monthly), upgrade: unused time of the previous plan credited', amount: fresh.amount_due, credits: 300, status: 'paid' });
      expect(fresh.amount_due).toBe(1400);
      expect(await credits(user)).toBe(400);

      // A downgrade charges nothing now: the lower price from the renewal on.
      const down = (await call(t, 'GET', '/api/billing/plan/preview?price=price_starter', undefined, { cookie: user.cookie })).json();
      const upgraded = await subRow(user);
      expect(down).toMatchObject({ change: 'downgrade_scheduled', amount_due: 0, credits: 0, effective_at: upgraded.currentPeriodEnd.toISOString(), renews_at: upgraded.currentPeriodEnd.toISOString(), renewal_amount: 999 });
    } finally {
      t.ctx.clock = realClock;
    }
  });

  it('a preview names what is wrong: no plan, not a plan, an unknown price', async () => {
    const member = await createUser(t.ctx);
    const none = await call(t, 'GET', '/api/billing/plan/preview?price=price_pro', undefined, { cookie: member.cookie });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('You have no active plan. Choose one on Pricing.');
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    expect((await call(t, 'GET', '/api/billing/plan/preview?price=price_refill', undefined, { cookie: user.cookie })).json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'price' });
    expect((await call(t, 'GET', '/api/billing/plan/preview?price=price_nope', undefined, { cookie: user.cookie })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/billing/plan/preview', undefined, { cookie: user.cookie })).json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'price' });
    expect((await call(t, 'GET', '/api/billing/plan/preview?price=price_starter', undefined, { cookie: user.cookie })).json()).toMatchObject({ change: 'unchanged', amount_due: 0 });
  });

  it('refills: subscribers only, credits last as long as the plan, at most 5 a period', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const started = await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 2 });
    expect(started.statusCode).toBe(201);
    expect((await payOnHostedPage(t, started.json().url, '4242424242424242')).statusCode).toBe(303);
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(200);
    const refill = (await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).find((l) => l.kind === 'refill')!;
    expect(refill).toMatchObject({ expiresAt: null, subscriptionId: (await subRow(user)).id });
    const tooMany = await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toMatch(/5 refills per plan period; 3 left until/);
    expect((await billing(user)).refills).toMatchObject({ allowed: true, used_this_period: 2, per_period: 5 });
  });

  it('a refund takes back the unspent credits once; a later dispute takes nothing more', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const [receipt] = await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id));
    await sandboxOf(t).refund(receipt!.paymentId!);
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(0);
    await sandboxOf(t).dispute(receipt!.paymentId!);
    await t.ctx.jobs.drain();
    const entries = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(entries.filter((e) => e.kind === 'adjust').map((e) => e.amount)).toEqual([-100]);
    expect((await getJson(t, user, '/api/billing/receipts')).items[0].status).toBe('refunded');
  });

  it('mails a notice when dated credits expire in 7 days', async () => {
    const user = await createUser(t.ctx);
    const expiresAt = new Date(Date.now() + 30 * DAY);
    await addCredits(t.ctx.db, { userId: user.id, kind: 'adjust', amount: 100, reason: 'Goodwill for a month', idempotencyKey: `goodwill:${randomUUID()}`, expiresAt });
    const sent = await sendCreditsExpiringNotices(t.ctx, new Date(expiresAt.getTime() - 7 * DAY - 1000));
    expect(sent).toBeGreaterThanOrEqual(1);
    await t.ctx.jobs.drain();
    expect((await mailsTo(t, user.email)).map((m) => m.subject)).toContain(`100 Crate credits expire on ${expiresAt.toISOString().slice(0, 10)}`);
  });
});

/**
 * Every money rule re-checked at fulfilment (issue 26 finding 5, decision 0033): what was checked when a
 * checkout opened is checked again when it is paid, under the user's lock; a rule that no longer holds is
 * put right by the provider's own refund and cancel, with the user told.
 */
describe(`every money rule re-checked at fulfilment, sandbox provider on ${TEST_DB}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    await seedPaymentCatalogue(t.ctx);
    deliverInProcess(t);
  });
  afterAll(() => t.close());

  const credits = async (user: TestUser) => (await getJson(t, user, '/api/credits')).credits as number;
  const billing = (user: TestUser) => getJson(t, user, '/api/billing');
  const receipts = async (user: TestUser) => (await getJson(t, user, '/api/billing/receipts')).items as { description: string; amount: number; status: string; credits: number }[];
  const refundsOf = (user: TestUser) => t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.userId, user.id));
  /** Opened at the same instant in two tabs: neither checkout could close the other before both were paid. */
  async function openAtOnce<T>(open: () => Promise<T>): Promise<T> {
    const sandbox = sandboxOf(t);
    const expire = sandbox.expireCheckoutSession.bind(sandbox);
    sandbox.expireCheckoutSession = async (id) => (await sandbox.session(id)).status;
    try {
      return await open();
    } finally {
      sandbox.expireCheckoutSession = expire;
    }
  }
  const pay = async (url: string, card = '4242 4242 4242 4242') => {
    expect((await payOnHostedPage(t, url, card)).statusCode).toBe(303);
    await t.ctx.jobs.drain();
  };

  it('two plan checkouts paid: the plan paid first is kept, the second is canceled at the provider and refunded in full, and the user is told', async () => {
    const user = await createUser(t.ctx);
    const [first, second] = await openAtOnce(async () => [(await startCheckout(t, user, { price: 'price_starter' })).json(), (await startCheckout(t, user, { price: 'price_pro' })).json()]);
    await pay(first.url);
    await pay(second.url);

    const subs = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const kept = subs.find((s) => s.priceId === 'price_starter')!;
    const duplicate = subs.find((s) => s.priceId === 'price_pro')!;
    expect(kept).toMatchObject({ status: 'active', duplicateOf: null });
    // Canceled at the provider (its customer.subscription.deleted came back through the webhook): it renews nowhere.
    expect(duplicate).toMatchObject({ status: 'canceled', duplicateOf: kept.id });
    expect((await sandboxOf(t).retrieveSubscription(duplicate.providerSubscriptionId)).status).toBe('canceled');
    expect(await credits(user)).toBe(100);
    expect((await getJson(t, user, '/api/profile')).roles).toContain('subscriber');

    // The money went back through the provider (its charge.refunded marked the receipt), recorded once with its reason.
    const [refund, ...more] = await refundsOf(user);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ reason: 'duplicate_subscription', amount: 1999, status: 'succeeded', checkoutSessionId: second.id });
    expect(refund!.providerRefundId).toMatch(/^re_sbx_/);
    expect((await receipts(user)).map((r) => [r.description, r.status, r.credits]).sort()).toEqual([
      ['Pro plan (monthly)', 'refunded', 0],
      ['Starter plan (monthly)', 'paid', 100],
    ]);

    const b = await billing(user);
    expect(b.subscription).toMatchObject({ status: 'active', plan: { price_id: 'price_starter' } });
    expect(b.refunds).toEqual([expect.objectContaining({ reason: 'duplicate_subscription', amount: 1999, currency: 'usd', status: 'succeeded' })]);
    expect((await getJson(t, user, `/api/checkout-sessions/${second.id}`)).notice).toMatch(/canceled at once and refunded in full\. Refund: \$19\.99\.$/);
    expect((await getJson(t, user, `/api/checkout-sessions/${first.id}`)).notice).toBeNull();
    expect((await mailsTo(t, user.email)).map((m) => m.subject)).toContain('You paid for a second Crate plan: we canceled it and are refunding it');

    // Events replayed change nothing more.
    await sandboxOf(t).advanceTestClock(kept.providerSubscriptionId);
    await t.ctx.jobs.drain();
    expect(await refundsOf(user)).toHaveLength(1);
    expect(await credits(user)).toBe(200);
  });

  it('a plan whose pending payment clears after another plan was paid is the duplicate', async () => {
    const user = await createUser(t.ctx);
    const [pending, other] = await openAtOnce(async () => [(await startCheckout(t, user, { price: 'price_pro' })).json(), (await startCheckout(t, user, { price: 'price_starter' })).json()]);
    await pay(pending.url, '4000 0000 0000 0101');
    await pay(other.url);
    await sandboxOf(t).settle(pending.session_id, 'succeeds');
    await t.ctx.jobs.drain();
    expect(await credits(user)).toBe(100);
    expect((await billing(user)).subscription.plan.price_id).toBe('price_starter');
    expect(await refundsOf(user)).toEqual([expect.objectContaining({ reason: 'duplicate_subscription', amount: 1999, status: 'succeeded' })]);
  });

  it('three refill checkouts of 5 paid against a limit of 5: 5 are credited, the other 10 refunded', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const opened = await openAtOnce(async () => {
      const list = [];
      for (let i = 0; i < 3; i++) list.push((await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 5 })).json());
      return list;
    });
    expect(opened.every((c) => c.status === 'open')).toBe(true);
    for (const checkout of opened) await pay(checkout.url);

    expect(await credits(user)).toBe(100 + 5 * 50);
    const refunds = await refundsOf(user);
    expect(refunds.map((r) => [r.reason, r.amount, r.status])).toEqual([
      ['refill_over_limit', 5 * 599, 'succeeded'],
      ['refill_over_limit', 5 * 599, 'succeeded'],
    ]);
    expect((await receipts(user)).filter((r) => r.description === '5 × 50 credit refill').map((r) => [r.status, r.credits]).sort()).toEqual([
      ['paid', 250],
      ['refunded', 0],
      ['refunded', 0],
    ]);
    expect((await billing(user)).refills).toMatchObject({ allowed: false, used_this_period: 5 });
    const subjects = (await mailsTo(t, user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Your Crate refill: $29.95 refunded')).toHaveLength(2);
  });

  it('a refill paid past what is left of the limit credits what is left and refunds the rest', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const [three, four] = await openAtOnce(async () => [
      (await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 3 })).json(),
      (await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 4 })).json(),
    ]);
    await pay(three.url);
    await pay(four.url);
    expect(await credits(user)).toBe(100 + 5 * 50);
    expect(await refundsOf(user)).toEqual([expect.objectContaining({ reason: 'refill_over_limit', amount: 2 * 599, status: 'succeeded', checkoutSessionId: four.id })]);
    // A partial refund is money only (decision 0023): the 2 refills credited stay.
    expect((await receipts(user)).find((r) => r.description === '4 × 50 credit refill')).toMatchObject({ status: 'paid', amount: 4 * 599, credits: 100 });
    expect((await getJson(t, user, `/api/checkout-sessions/${four.id}`)).notice).toBe(
      '4 refills were paid for, and only 2 were left of the 5 a plan period allows (other checkouts were paid first): the rest is refunded. Refund: $11.98.',
    );
  });

  it('opening a new checkout closes the other open ones for the same purpose, at the provider too', async () => {
    const user = await createUser(t.ctx);
    const older = (await startCheckout(t, user, { price: 'price_starter' })).json();
    const newer = (await startCheckout(t, user, { price: 'price_pro' })).json();
    expect((await sandboxOf(t).session(older.session_id)).status).toBe('expired');
    expect(await getJson(t, user, `/api/checkout-sessions/${older.id}`)).toMatchObject({ status: 'expired', error: { code: 'superseded' } });
    const late = await payOnHostedPage(t, older.url, '4242 4242 4242 4242');
    expect(late.statusCode).toBe(402);
    expect(late.body).toContain('This checkout has expired. Start again from Crate.');
    await pay(newer.url);
    expect((await billing(user)).subscription.plan.price_id).toBe('price_pro');
    expect(await refundsOf(user)).toEqual([]);
  });

  it('the return page fulfils a paid checkout through the provider when its webhook is late, and the webhook then changes nothing', async () => {
    const user = await createUser(t.ctx);
    await subscribe(t, user, 'price_starter');
    const held = captureDeliveries(t);
    try {
      const refill = (await startCheckout(t, user, { price: 'price_refill', mode: 'payment', quantity: 1 })).json();
      await pay(refill.url);
      expect(await credits(user)).toBe(100); // no webhook yet
      expect(await getJson(t, user, `/api/checkout-sessions/${refill.id}`)).toMatchObject({ status: 'complete', notice: null });
      expect(await credits(user)).toBe(150);
    } finally {
      deliverInProcess(t);
    }
    for (const delivery of held) expect((await postWebhook(t, delivery.body, delivery.signature)).statusCode).toBe(200);
    expect(await credits(user)).toBe(150);
    expect((await receipts(user)).filter((r) => r.description === '50 credit refill')).toHaveLength(1);
  });

  it('a plan paid while its webhooks are late: the return page grants the plan and its credits at once', async () => {
    const user = await createUser(t.ctx);
    const held = captureDeliveries(t);
    let checkoutId: string;
    try {
      const started = (await startCheckout(t, user, { price: 'price_starter' })).json();
      checkoutId = started.id;
      await pay(started.url);
      expect(await credits(user)).toBe(0);
      expect((await getJson(t, user, `/api/checkout-sessions/${checkoutId}`)).status).toBe('complete');
      expect(await credits(user)).toBe(100);
      expect((await getJson(t, user, '/api/profile')).roles).toContain('subscriber');
    } finally {
      deliverInProcess(t);
    }
    for (const delivery of shuffle([...held, ...held], 5)) expect((await postWebhook(t, delivery.body, delivery.signature)).statusCode).toBe(200);
    expect(await credits(user)).toBe(100);
    expect(await receipts(user)).toHaveLength(1);
    expect(await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(1);
  });

  it('a double-submitted card form lands on the confirmation, and charges once', async () => {
    const user = await createUser(t.ctx);
    const started = (await startCheckout(t, user, { price: 'price_starter' })).json();
    const [a, b] = [await payOnHostedPage(t, started.url, '4242 4242 4242 4242'), await payOnHostedPage(t, started.url, '4242 4242 4242 4242')];
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    expect(b.headers.location).toBe(a.headers.location);
    expect(b.headers.location).toBe(`http://localhost:3000/pricing?checkout=${started.id}`);
    await t.ctx.jobs.drain();
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    expect(await credits(user)).toBe(100);
  });

  it('after a failed pending card, billing shows no plan: the user never had one', async () => {
    const user = await createUser(t.ctx);
    const started = (await startCheckout(t, user, { price: 'price_starter' })).json();
    await pay(started.url, '4000 0000 0000 0119');
    await sandboxOf(t).settle(started.session_id, 'fails');
    await t.ctx.jobs.drain();
    expect((await getJson(t, user, `/api/checkout-sessions/${started.id}`)).status).toBe('failed');
    expect((await billing(user)).subscription).toBeNull();
  });

  it('without PUBLIC_URL, a return page on any loopback name of the listening port is this site', async () => {
    const user = await createUser(t.ctx);
    const configured = t.ctx.config.siteOrigins;
    t.ctx.config.siteOrigins = loadConfig({ DATA_DIR: t.dataDir, PORT: '3000' } as NodeJS.ProcessEnv).siteOrigins;
    try {
      const started = await startCheckout(t, user, { price: 'price_starter', success_url: 'http://127.0.0.1:3000/pricing', cancel_url: 'http://[::1]:3000/pricing' });
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json()).toMatchObject({ success_url: 'http://127.0.0.1:3000/pricing', cancel_url: 'http://[::1]:3000/pricing' });
      const otherPort = await startCheckout(t, user, { price: 'price_starter', success_url: 'http://127.0.0.1:3001/pricing' });
      expect(otherPort.json().error).toMatchObject({ field: 'success_url', message: 'success_url must be a page of this site (http://localhost:3000)' });
    } finally {
      t.ctx.config.siteOrigins = configured;
    }
  });
});
