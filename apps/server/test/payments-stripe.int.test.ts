import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, affiliateCommissions, affiliateReferrals, affiliates, creditLedger, ownedItems, paymentEvents, paymentPrices, paymentReceipts, paymentRefunds, subscriptions } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { getJson, postWebhook, shuffle } from './payment-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const SECRET = 'whsec_test_crate';
const DAY = 86_400;

/**
 * Stripe mode end to end against a local stand-in of the Stripe API (the official SDK pointed at it with
 * STRIPE_API_URL) and webhook payloads signed by the `stripe` library itself.
 */
describe(`payments with the stripe provider on ${TEST_DB}`, () => {
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ rateLimits: false, payments: { kind: 'stripe', secretKey: 'sk_test_crate', webhookSecret: SECRET, apiUrl: stripe.url } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const event = (type: string, object: { id: string; object: string }) => {
    const body = JSON.stringify({ id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', api_version: '2026-10-28.endive', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
    return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) };
  };
  const send = (e: { body: string; signature: string }) => postWebhook(t, e.body, e.signature);
  const now = Math.floor(Date.now() / 1000);

  function product(id: string, name: string, metadata: Record<string, string>) {
    return stripe.put({ id, object: 'product', name, description: `${name} plan`, active: true, metadata });
  }
  function price(id: string, productId: string, amount: number, credits: number, interval: 'month' | null) {
    return stripe.put({ id, object: 'price', product: productId, active: true, currency: 'usd', unit_amount: amount, recurring: interval ? { interval, interval_count: 1 } : null, metadata: { credits: String(credits) } });
  }

  it('runs without the sandbox plugin: no hosted card page, no sandbox jobs, no test clock', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sbx_anything' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/checkout/cs_sbx_anything/pay', payload: 'card=4242424242424242', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    expect([...t.ctx.jobs.lanes.keys()].filter((name) => name.startsWith('sandbox-'))).toEqual([]);
    await expect(t.ctx.jobs.enqueue('sandbox-settle', { sessionId: 'cs_sbx_anything', outcome: 'expires' })).rejects.toThrow(/no job named "sandbox-settle"/);
    expect(t.ctx.payments.advanceTestClock).toBeUndefined();
  });

  it('keeps products and prices in sync from product and price events', async () => {
    product('prod_s_starter', 'Starter', { crate_kind: 'subscription', sort_order: '1' });
    product('prod_s_pro', 'Pro', { crate_kind: 'subscription', sort_order: '2' });
    price('price_s_starter', 'prod_s_starter', 999, 100, 'month');
    price('price_s_pro', 'prod_s_pro', 1999, 300, 'month');
    // The price event may come before its product's: the product is fetched then.
    for (const e of [event('price.created', { id: 'price_s_starter', object: 'price' }), event('price.created', { id: 'price_s_pro', object: 'price' }), event('product.created', { id: 'prod_s_pro', object: 'product' })]) {
      expect((await send(e)).statusCode).toBe(200);
    }
    const products = (await call(t, 'GET', '/api/pricing/products')).json() as { id: string; kind: string; prices: { id: string; credits: number; unit_amount: number }[] }[];
    expect(products.map((p) => p.id)).toEqual(['prod_s_starter', 'prod_s_pro']);
    expect(products[1]!.prices[0]).toMatchObject({ id: 'price_s_pro', credits: 300, unit_amount: 1999 });

    stripe.objects.get('price_s_pro')!.unit_amount = 2499;
    expect((await send(event('price.updated', { id: 'price_s_pro', object: 'price' }))).statusCode).toBe(200);
    const after = (await call(t, 'GET', '/api/pricing/products')).json() as { prices: { unit_amount: number }[] }[];
    expect(after[1]!.prices[0]!.unit_amount).toBe(2499);

    // A product deleted at Stripe can no longer be read there: ours goes off sale.
    product('prod_s_gone', 'Gone', { crate_kind: 'subscription' });
    price('price_s_gone', 'prod_s_gone', 500, 10, 'month');
    await send(event('price.created', { id: 'price_s_gone', object: 'price' }));
    stripe.objects.delete('prod_s_gone');
    expect((await send(event('product.deleted', { id: 'prod_s_gone', object: 'product' }))).statusCode).toBe(200);
    const listed = (await call(t, 'GET', '/api/pricing/products')).json() as { id: string }[];
    expect(listed.map((p) => p.id)).not.toContain('prod_s_gone');
  });

  async function paidSubscription(user: TestUser) {
    const started = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_s_starter', idempotency_key: randomUUID(), success_url: '/pricing', cancel_url: '/pricing' }, { cookie: user.cookie });
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json();
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = stripe.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(created.params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_s_starter',
      'line_items[0][quantity]': '1',
      client_reference_id: checkout.id,
      'metadata[user_id]': user.id,
      'subscription_data[metadata][user_id]': user.id,
      customer_email: user.email,
      success_url: 'http://localhost:3000/pricing',
    });
    expect(created.idempotencyKey).toBe(`checkout:${checkout.id}`);
    expect(created.authorization).toBe('Bearer sk_test_crate');

    // Stripe takes the payment: the session completes, a subscription and its first invoice exist.
    const suffix = randomUUID().slice(0, 8);
    const [sub, invoice, pi] = [`sub_${suffix}`, `in_${suffix}`, `pi_${suffix}`];
    const session = stripe.objects.get(checkout.session_id)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer: `cus_${suffix}`, subscription: sub, invoice, amount_total: 999 });
    stripe.put({
      id: sub,
      object: 'subscription',
      customer: `cus_${suffix}`,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { user_id: user.id, checkout_id: checkout.id },
      items: { object: 'list', data: [{ id: `si_${suffix}`, object: 'subscription_item', price: { id: 'price_s_starter', object: 'price' }, current_period_start: now, current_period_end: now + 30 * DAY }] },
    });
    stripe.put({
      id: invoice,
      object: 'invoice',
      status: 'paid',
      customer: `cus_${suffix}`,
      amount_paid: 999,
      amount_due: 999,
      currency: 'usd',
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub } },
      lines: { object: 'list', data: [{ id: `il_${suffix}`, object: 'line_item', quantity: 1, period: { start: now, end: now + 30 * DAY }, pricing: { type: 'price_details', price_details: { price: 'price_s_starter', product: 'prod_s_starter' } } }] },
      payments: { object: 'list', data: [{ id: `inpay_${suffix}`, object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: pi } }] },
    });
    stripe.put({ id: `ch_${suffix}`, object: 'charge', payment_intent: pi, amount: 999, amount_refunded: 0, refunded: false });
    return { checkout, sub, invoice, pi, charge: `ch_${suffix}` };
  }

  it('a subscription bought through Stripe Checkout is fulfilled once, whatever the order and however often the events come', async () => {
    const user = await createUser(t.ctx);
    const { checkout, sub, invoice } = await paidSubscription(user);
    const events = [
      event('checkout.session.completed', { id: checkout.session_id, object: 'checkout.session' }),
      event('customer.subscription.created', { id: sub, object: 'subscription' }),
      event('invoice.paid', { id: invoice, object: 'invoice' }),
    ];
    for (const e of shuffle([...events, ...events, ...events], 3)) expect((await send(e)).statusCode).toBe(200);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 100 });
    expect((await getJson(t, user, '/api/profile')).roles).toContain('subscriber');
    expect((await getJson(t, user, `/api/checkout-sessions/${checkout.id}`)).status).toBe('complete');
    expect(await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(1);
    expect((await getJson(t, user, '/api/billing')).portal).toBe(true);

    // A forged event is refused before anything is stored.
    const forged = event('invoice.paid', { id: invoice, object: 'invoice' });
    const before = (await t.ctx.db.select().from(paymentEvents)).length;
    expect((await postWebhook(t, forged.body, Stripe.webhooks.generateTestHeaderString({ payload: forged.body, secret: 'whsec_other' }))).statusCode).toBe(400);
    expect((await t.ctx.db.select().from(paymentEvents)).length).toBe(before);
  });

  it('a referred user’s payment reads its card’s fingerprint from the payment intent and earns their affiliate a commission; other payments never ask', async () => {
    const affiliate = await createUser(t.ctx, { roles: ['affiliate'] });
    await t.ctx.db.insert(affiliates).values({ userId: affiliate.id, commissionBps: 1500 });
    await t.ctx.db.insert(affiliateCodes).values({ code: `stripe-${randomUUID().slice(0, 8)}`, affiliateUserId: affiliate.id });
    const [code] = await t.ctx.db.select().from(affiliateCodes).where(eq(affiliateCodes.affiliateUserId, affiliate.id));
    const user = await createUser(t.ctx);
    await t.ctx.db.insert(affiliateReferrals).values({ affiliateUserId: affiliate.id, referredUserId: user.id, code: code!.code, clickedAt: new Date() });
    const { checkout, invoice, pi } = await paidSubscription(user);
    stripe.put({ id: pi, object: 'payment_intent', amount: 999, currency: 'usd', status: 'succeeded', payment_method: { id: `pm_${pi.slice(3)}`, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', fingerprint: 'Xt5EWLLDS7FJjR1c' } } });
    await sendAll([
      { type: 'checkout.session.completed', id: checkout.session_id, object: 'checkout.session' },
      { type: 'invoice.paid', id: invoice, object: 'invoice' },
    ]);
    const [receipt] = await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id));
    expect(receipt!.cardFingerprint).toBe('Xt5EWLLDS7FJjR1c');
    const intentRead = stripe.requests.find((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${pi}`)!;
    expect([...intentRead.params].filter(([key]) => key.startsWith('expand')).map(([, value]) => value)).toEqual(['payment_method']);
    // $9.99 at 15 %: 149.85 cents, rounded down.
    expect((await t.ctx.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.receiptId, receipt!.id))).map((c) => c.amountCents)).toEqual([149]);

    const stranger = await createUser(t.ctx);
    const paid = await paidSubscription(stranger);
    await sendAll([{ type: 'invoice.paid', id: paid.invoice, object: 'invoice' }]);
    expect(stripe.requests.some((r) => r.path === `/v1/payment_intents/${paid.pi}`)).toBe(false);
  });

  it('opens the Customer Portal, upgrades through a subscription update, and a refund takes back the unspent credits', async () => {
    const user = await createUser(t.ctx);
    const { checkout, sub, invoice, charge } = await paidSubscription(user);
    for (const type of ['checkout.session.completed', 'invoice.paid'] as const) {
      await send(event(type, type === 'invoice.paid' ? { id: invoice, object: 'invoice' } : { id: checkout.session_id, object: 'checkout.session' }));
    }
    const portal = await call(t, 'POST', '/api/billing/portal', { return_url: '/account' }, { cookie: user.cookie });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const portalRequest = stripe.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!;
    expect(portalRequest.params.get('return_url')).toBe('http://localhost:3000/account');
    expect(portalRequest.params.get('customer')).toMatch(/^cus_/);

    const up = await call(t, 'POST', '/api/billing/plan', { price: 'price_s_pro', idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(up.statusCode, up.body).toBe(200);
    const update = stripe.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub}`)!;
    expect(Object.fromEntries(update.params)).toMatchObject({ 'items[0][price]': 'price_s_pro', 'billing_cycle_anchor[type]': 'now', proration_behavior: 'always_invoice' });

    Object.assign(stripe.objects.get(charge)!, { refunded: true, amount_refunded: 999 });
    expect((await send(event('charge.refunded', { id: charge, object: 'charge' }))).statusCode).toBe(200);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 0 });
    expect((await getJson(t, user, '/api/billing/receipts')).items[0].status).toBe('refunded');
  });

  it('an upgrade shows Stripe’s invoice preview and is charged as of the preview’s time; its invoice grants the new plan, not the credited old one', async () => {
    const user = await createUser(t.ctx);
    const { checkout, sub, invoice } = await paidSubscription(user);
    for (const type of ['checkout.session.completed', 'invoice.paid'] as const) {
      await send(event(type, type === 'invoice.paid' ? { id: invoice, object: 'invoice' } : { id: checkout.session_id, object: 'checkout.session' }));
    }
    const item = (stripe.objects.get(sub)!.items as { data: { id: string }[] }).data[0]!.id;
    const parent = (proration: boolean) => ({ type: 'subscription_item_details', subscription_item_details: { proration, subscription: sub, subscription_item: item, invoice_item: null, proration_details: null } });
    const lines = (start: number) => [
      { id: 'il_unused', object: 'line_item', amount: -599, quantity: 1, period: { start, end: now + 30 * DAY }, parent: parent(true), pricing: { type: 'price_details', price_details: { price: 'price_s_starter', product: 'prod_s_starter' } } },
      { id: 'il_pro', object: 'line_item', amount: 2499, quantity: 1, period: { start, end: start + 30 * DAY }, parent: parent(false), pricing: { type: 'price_details', price_details: { price: 'price_s_pro', product: 'prod_s_pro' } } },
    ];
    // Pro costs $24.99 by now (the price event of the catalogue test above).
    const upgradeAt = now + 12 * DAY;
    stripe.put({ id: 'upcoming_invoice', object: 'invoice', status: 'draft', currency: 'usd', amount_due: 1900, total: 1900, starting_balance: 0, lines: { object: 'list', data: lines(upgradeAt) } });

    const preview = await call(t, 'GET', '/api/billing/plan/preview?price=price_s_pro', undefined, { cookie: user.cookie });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ change: 'upgraded', amount_due: 1900, full_price: 2499, unused_credit: 599, carried_credit: 0, currency: 'usd', credits: 300, renewal_amount: 2499, plan: { price_id: 'price_s_pro' }, current: { price_id: 'price_s_starter' } });
    const quotedAt = preview.json().quoted_at as string;
    const asked = stripe.requests.findLast((r) => r.path === '/v1/invoices/create_preview')!;
    expect(Object.fromEntries(asked.params)).toMatchObject({
      subscription: sub,
      'subscription_details[items][0][price]': 'price_s_pro',
      'subscription_details[billing_cycle_anchor][type]': 'now',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': String(Math.floor(new Date(quotedAt).getTime() / 1000)),
    });

    const up = await call(t, 'POST', '/api/billing/plan', { price: 'price_s_pro', idempotency_key: randomUUID(), quoted_at: quotedAt }, { cookie: user.cookie });
    expect(up.statusCode, up.body).toBe(200);
    const update = stripe.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub}`)!;
    expect(update.params.get('proration_date')).toBe(String(Math.floor(new Date(quotedAt).getTime() / 1000)));

    // Stripe bills the upgrade: the old plan's unused time is the first line, the new plan the second.
    const subscription = stripe.objects.get(sub)!;
    (subscription.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!.current_period_start = upgradeAt;
    (subscription.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!.current_period_end = upgradeAt + 30 * DAY;
    stripe.put({
      id: 'in_upgrade',
      object: 'invoice',
      status: 'paid',
      customer: subscription.customer,
      amount_paid: 1900,
      amount_due: 1900,
      currency: 'usd',
      billing_reason: 'subscription_update',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub } },
      lines: { object: 'list', data: lines(upgradeAt) },
      payments: { object: 'list', data: [{ id: 'inpay_upgrade', object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_upgrade' } }] },
    });
    expect((await send(event('invoice.paid', { id: 'in_upgrade', object: 'invoice' }))).statusCode).toBe(200);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 400 });
    const receipt = (await getJson(t, user, '/api/billing/receipts')).items[0];
    expect(receipt).toMatchObject({ description: 'Pro plan (monthly), upgrade: unused time of the previous plan credited', amount: 1900, credits: 300 });
    stripe.objects.delete('upcoming_invoice');
  });

  it('a subscriber buys a refill as a one-off Checkout payment on the customer they have', async () => {
    product('prod_s_refill', 'Refill 50', { crate_kind: 'credits', sort_order: '10' });
    price('price_s_refill', 'prod_s_refill', 599, 50, null);
    expect((await send(event('price.created', { id: 'price_s_refill', object: 'price' }))).statusCode).toBe(200);
    const user = await createUser(t.ctx);
    const { checkout, invoice } = await paidSubscription(user);
    await send(event('checkout.session.completed', { id: checkout.session_id, object: 'checkout.session' }));
    await send(event('invoice.paid', { id: invoice, object: 'invoice' }));

    const started = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_s_refill', quantity: 2, mode: 'payment', idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(started.statusCode, started.body).toBe(201);
    const created = stripe.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(created.params)).toMatchObject({ mode: 'payment', 'line_items[0][quantity]': '2', 'payment_intent_data[metadata][user_id]': user.id });
    expect(created.params.get('customer')).toMatch(/^cus_/);
    expect(created.params.has('customer_creation')).toBe(false);

    Object.assign(stripe.objects.get(started.json().session_id)!, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomUUID().slice(0, 8)}`, amount_total: 1198 });
    const completed = event('checkout.session.completed', { id: started.json().session_id, object: 'checkout.session' });
    expect((await send(completed)).statusCode).toBe(200);
    expect((await send(completed)).statusCode).toBe(200);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 200 });
    expect((await getJson(t, user, '/api/billing/receipts')).items[0]).toMatchObject({ description: '2 × Refill 50', amount: 1198, credits: 100 });
  });

  it('a card error from Stripe reaches the client in the checkout answer', async () => {
    const user = await createUser(t.ctx);
    const started = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_s_starter', quantity: 1, idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(started.statusCode).toBe(201);
    // Unknown to the stand-in (as to Stripe): a price we have but Stripe does not.
    await t.ctx.db.insert(paymentPrices).values({ id: 'price_local_only', productId: 'prod_s_starter', unitAmount: 100, interval: 'month', credits: 1 });
    const broken = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_local_only', idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(broken.statusCode).toBe(201);
    expect(broken.json()).toMatchObject({ status: 'error', url: null, error: { code: 'resource_missing', message: "No such price: 'price_local_only'" } });
  });

  // ── every money rule re-checked at fulfilment (issue 26 finding 5, decision 0033) ──
  const refundsOf = (user: TestUser) => t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.userId, user.id));
  const sendAll = async (list: { type: string; id: string; object: string }[]) => {
    for (const e of list) expect((await send(event(e.type, { id: e.id, object: e.object }))).statusCode).toBe(200);
  };
  const planEvents = (p: { checkout: { session_id: string }; sub: string; invoice: string }) => [
    { type: 'checkout.session.completed', id: p.checkout.session_id, object: 'checkout.session' },
    { type: 'customer.subscription.created', id: p.sub, object: 'subscription' },
    { type: 'invoice.paid', id: p.invoice, object: 'invoice' },
  ];

  it('every money rule re-checked at fulfilment: a second plan paid before either was fulfilled is canceled and refunded through the Stripe API', async () => {
    const user = await createUser(t.ctx);
    // Both paid at Stripe before Crate heard of either: opening the second could not close the first (already paid).
    const first = await paidSubscription(user);
    const second = await paidSubscription(user);
    const closing = stripe.requests.findLast((r) => r.path === `/v1/checkout/sessions/${first.checkout.session_id}/expire`);
    expect(closing?.method).toBe('POST');
    await sendAll([...planEvents(first), ...planEvents(second)]);
    await t.ctx.jobs.drain();

    const cancel = stripe.requests.find((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${second.sub}`)!;
    expect(cancel.idempotencyKey).toBe(`crate-cancel-duplicate:${second.sub}`);
    expect(Object.fromEntries(cancel.params)).toMatchObject({ invoice_now: 'false', prorate: 'false' });
    const refundCall = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.get('payment_intent') === second.pi)!;
    const [refund] = await refundsOf(user);
    expect(Object.fromEntries(refundCall.params)).toMatchObject({ amount: '999', reason: 'duplicate', 'metadata[crate_refund_id]': refund!.id, 'metadata[crate_reason]': 'duplicate_subscription' });
    expect(refundCall.idempotencyKey).toBe(`crate-refund:${refund!.id}`);
    expect(refund).toMatchObject({ status: 'succeeded', checkoutSessionId: second.checkout.id, amount: 999 });
    expect(refund!.providerRefundId).toMatch(/^re_/);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);

    // Stripe then says so: the duplicate ends, its receipt is refunded; the first plan and its credits stay.
    await sendAll([
      { type: 'customer.subscription.deleted', id: second.sub, object: 'subscription' },
      { type: 'charge.refunded', id: second.charge, object: 'charge' },
    ]);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 100 });
    const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows.find((r) => r.providerSubscriptionId === second.sub)).toMatchObject({ status: 'canceled', duplicateOf: rows.find((r) => r.providerSubscriptionId === first.sub)!.id });
    const billing = await getJson(t, user, '/api/billing');
    expect(billing.subscription).toMatchObject({ status: 'active' });
    expect(billing.refunds).toEqual([expect.objectContaining({ reason: 'duplicate_subscription', status: 'succeeded', amount: 999 })]);
    expect((await getJson(t, user, '/api/billing/receipts')).items.map((r: { status: string }) => r.status).sort()).toEqual(['paid', 'refunded']);
  });

  it('every money rule re-checked at fulfilment: refills paid past the period limit are refunded through the Stripe API', async () => {
    const user = await createUser(t.ctx);
    const plan = await paidSubscription(user);
    await sendAll(planEvents(plan));
    const paidRefill = async (quantity: number) => {
      const started = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_s_refill', quantity, mode: 'payment', idempotency_key: randomUUID() }, { cookie: user.cookie });
      expect(started.statusCode, started.body).toBe(201);
      const pi = `pi_${randomUUID().slice(0, 8)}`;
      Object.assign(stripe.objects.get(started.json().session_id)!, { status: 'complete', payment_status: 'paid', payment_intent: pi, amount_total: 599 * quantity });
      stripe.put({ id: `ch_${pi.slice(3)}`, object: 'charge', payment_intent: pi, amount: 599 * quantity, amount_refunded: 0, refunded: false });
      return { ...started.json(), pi, charge: `ch_${pi.slice(3)}` };
    };
    const five = await paidRefill(5);
    const three = await paidRefill(3);
    await sendAll([
      { type: 'checkout.session.completed', id: five.session_id, object: 'checkout.session' },
      { type: 'checkout.session.completed', id: three.session_id, object: 'checkout.session' },
    ]);
    await t.ctx.jobs.drain();
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 100 + 5 * 50 });
    const refundCall = stripe.requests.find((r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === three.pi)!;
    expect(Object.fromEntries(refundCall.params)).toMatchObject({ amount: String(3 * 599), reason: 'requested_by_customer', 'metadata[crate_reason]': 'refill_over_limit' });
    expect(stripe.requests.some((r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === five.pi)).toBe(false);
    expect(await refundsOf(user)).toEqual([expect.objectContaining({ reason: 'refill_over_limit', amount: 3 * 599, status: 'succeeded', checkoutSessionId: three.id })]);
    await sendAll([{ type: 'charge.refunded', id: three.charge, object: 'charge' }]);
    expect((await getJson(t, user, '/api/billing/receipts')).items.find((r: { description: string }) => r.description === '3 × Refill 50')).toMatchObject({ status: 'refunded', credits: 0 });
  });

  it('every money rule re-checked at fulfilment: opening a checkout expires the other open one at Stripe, and the return page fulfils without waiting for a webhook', async () => {
    const user = await createUser(t.ctx);
    const older = await call(t, 'POST', '/api/checkout-sessions', { price: 'price_s_starter', idempotency_key: randomUUID() }, { cookie: user.cookie });
    const { checkout, invoice } = await paidSubscription(user);
    expect(stripe.objects.get(older.json().session_id)!.status).toBe('expired');
    expect((await getJson(t, user, `/api/checkout-sessions/${older.json().id}`)).status).toBe('expired');

    // Paid at Stripe, no webhook yet: the return page asks Stripe for the session and its first invoice.
    const back = await getJson(t, user, `/api/checkout-sessions/${checkout.id}`);
    expect(back).toMatchObject({ status: 'complete', notice: null });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${checkout.session_id}`)).toBe(true);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 100 });
    expect((await getJson(t, user, '/api/profile')).roles).toContain('subscriber');
    // The webhooks arrive late and find it done.
    await sendAll([
      { type: 'checkout.session.completed', id: checkout.session_id, object: 'checkout.session' },
      { type: 'invoice.paid', id: invoice, object: 'invoice' },
    ]);
    expect(await getJson(t, user, '/api/credits')).toMatchObject({ credits: 100 });
    expect(await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(1);
  });

  it('a pack bought outright is one Checkout payment with an inline price; a sound got with credits before it was paid is refunded through the Stripe API', async () => {
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, maker.id, { name: 'Stripe Sounds' });
    const pack = await createPack(t.ctx, creator.id, { title: 'Tape Loops', priceCents: 1500 });
    const sounds = await createItems(t.ctx, pack, 3, { creditCost: 1 });
    const user = await createUser(t.ctx);
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 5, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
    const getOne = (id: string) => call(t, 'POST', '/api/acquisitions', { target: 'item', id, idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect((await getOne(sounds[0]!.id)).statusCode).toBe(200);

    // Two of three sounds missing: $15.00 × 2 / 3.
    const started = await call(t, 'POST', '/api/purchases', { target: 'pack', id: pack.id, expected_amount: 1000, idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json();
    expect(checkout.purchase).toMatchObject({ amount: 1000, item_count: 2 });
    const created = stripe.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(created.params)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': 'Pack “Tape Loops” (2 sounds)',
      'line_items[0][quantity]': '1',
      client_reference_id: checkout.id,
      'payment_intent_data[metadata][checkout_id]': checkout.id,
      customer_creation: 'always',
      success_url: `http://localhost:3000/pack/${pack.id}`,
    });
    expect(created.params.has('line_items[0][price]')).toBe(false);

    // Meanwhile another tab gets one of the two with credits; then Stripe takes the payment.
    expect((await getOne(sounds[1]!.id)).statusCode).toBe(200);
    const pi = `pi_${randomUUID().slice(0, 8)}`;
    Object.assign(stripe.objects.get(checkout.session_id)!, { status: 'complete', payment_status: 'paid', payment_intent: pi, customer: `cus_${randomUUID().slice(0, 8)}`, amount_total: 1000 });
    stripe.put({ id: `ch_${pi.slice(3)}`, object: 'charge', payment_intent: pi, amount: 1000, amount_refunded: 0, refunded: false });
    const completed = event('checkout.session.completed', { id: checkout.session_id, object: 'checkout.session' });
    expect((await send(completed)).statusCode).toBe(200);
    expect((await send(completed)).statusCode).toBe(200);
    await t.ctx.jobs.drain();

    const owned = await t.ctx.db.select().from(ownedItems).where(eq(ownedItems.userId, user.id));
    expect(owned.map((r) => [r.itemId, r.source, r.priceCents]).sort()).toEqual(
      [
        [sounds[0]!.id, 'credits', null],
        [sounds[1]!.id, 'credits', null],
        [sounds[2]!.id, 'purchase', 500],
      ].sort(),
    );
    const refund = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.get('payment_intent') === pi);
    expect(refund).toHaveLength(1);
    expect(Object.fromEntries(refund[0]!.params)).toMatchObject({ payment_intent: pi, amount: '500', reason: 'requested_by_customer' });
    expect(await refundsOf(user)).toEqual([expect.objectContaining({ reason: 'purchase_not_granted', amount: 500, status: 'succeeded' })]);
  });
});
