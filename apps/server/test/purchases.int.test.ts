import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { bundlePacks, bundles, checkoutSessions, items, licences, ownedItems, paymentReceipts, paymentRefunds } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call, mailsTo } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { captureDeliveries, deliverInProcess, getJson, payOnHostedPage, postWebhook, seedPaymentCatalogue, shuffle } from './payment-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Buying a pack or a bundle outright for money (decision 0047), on the sandbox provider with real signed
 * webhooks: the pro-rata price for what is missing, fulfilment exactly once, and the money rules checked again
 * when it is paid.
 */
describe(`buying packs and bundles for money on ${TEST_DB}`, () => {
  let t: TestApp;
  let creator: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    await seedPaymentCatalogue(t.ctx);
    deliverInProcess(t);
    const maker = await createUser(t.ctx, { roles: ['creator'], name: 'Maker' });
    creator = await createCreator(t.ctx, maker.id, { name: 'Night Shift Audio' });
  });
  afterAll(() => t.close());

  const newPack = async (count: number, pack: Parameters<typeof createPack>[2] = {}, creditCost = 1) => {
    const row = await createPack(t.ctx, creator.id, { priceCents: 1000, ...pack });
    return { pack: row, items: await createItems(t.ctx, row, count, { creditCost }) };
  };
  const newBundle = async (packIds: string[], values: Partial<typeof bundles.$inferInsert> = {}) => {
    const [bundle] = await t.ctx.db
      .insert(bundles)
      .values({ slug: `b-${randomUUID().slice(0, 8)}`, title: 'Night Bundle', priceCents: 2000, ...values })
      .returning();
    await t.ctx.db.insert(bundlePacks).values(packIds.map((packId, position) => ({ bundleId: bundle!.id, packId, position })));
    return bundle!;
  };
  const buy = (user: TestUser | null, target: 'pack' | 'bundle', id: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/purchases', { target, id, idempotency_key: randomUUID(), success_url: `/${target}/${id}`, cancel_url: `/${target}/${id}`, ...extra }, user ? { cookie: user.cookie } : {});
  const ownedIds = async (user: TestUser) => ((await getJson(t, user, '/api/library/owned-ids')).item_ids as string[]).sort();
  const ownedRows = (user: TestUser) => t.ctx.db.select().from(ownedItems).where(eq(ownedItems.userId, user.id));
  const refundsOf = (user: TestUser) => t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.userId, user.id));
  const getWithCredits = async (user: TestUser, target: 'item' | 'pack' | 'bundle', id: string) => {
    await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 50, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
    const got = await call(t, 'POST', '/api/acquisitions', { target, id, idempotency_key: randomUUID() }, { cookie: user.cookie });
    expect(got.statusCode, got.body).toBe(200);
  };
  const sorted = (list: { id: string }[]) => list.map((x) => x.id).sort();

  it('a signed-in user buys a pack with the sandbox card: its sounds are theirs, with licences, a receipt and an e-mail', async () => {
    const user = await createUser(t.ctx, { name: 'Dana Producer' });
    const { pack, items: sounds } = await newPack(3, { title: 'Dusty Keys', priceCents: 1299 });
    expect((await getJson(t, user, `/api/packs/${pack.id}`)).viewer_price).toMatchObject({ owned_count: 0, money: { amount: 1299, currency: 'usd' } });

    const started = await buy(user, 'pack', pack.id, { expected_amount: 1299 });
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json();
    expect(checkout).toMatchObject({ mode: 'payment', status: 'open', error: null, line_items: [], purchase: { target: 'pack', id: pack.id, title: 'Dusty Keys', amount: 1299, currency: 'usd', item_count: 3 } });
    const hosted = await t.app.inject({ method: 'GET', url: new URL(checkout.url).pathname });
    expect(hosted.body).toContain('Pack “Dusty Keys” (3 sounds)');
    expect(hosted.body).toContain('Pay $12.99');

    const paid = await payOnHostedPage(t, checkout.url, '4242 4242 4242 4242');
    expect(paid.headers.location).toBe(`http://localhost:3000/pack/${pack.id}?checkout=${checkout.id}`);
    await t.ctx.jobs.drain();

    expect(await getJson(t, user, `/api/checkout-sessions/${checkout.id}`)).toMatchObject({ status: 'complete', notice: null });
    expect(await ownedIds(user)).toEqual(sorted(sounds));
    const rows = await ownedRows(user);
    expect(rows.every((r) => r.source === 'purchase' && r.checkoutSessionId === checkout.id && r.currency === 'usd')).toBe(true);
    // Each sound carries its share of what was paid, to the cent.
    expect(rows.map((r) => r.priceCents).sort()).toEqual([433, 433, 433]);
    const certificates = await t.ctx.db.select().from(licences).where(eq(licences.userId, user.id));
    expect(certificates).toHaveLength(3);
    expect(certificates[0]).toMatchObject({ holderName: 'Dana Producer', licensorName: 'Night Shift Audio' });
    expect((await getJson(t, user, '/api/library/owned')).items).toHaveLength(3);
    expect((await getJson(t, user, '/api/billing/receipts')).items[0]).toMatchObject({ description: 'Pack “Dusty Keys”', amount: 1299, currency: 'usd', status: 'paid', credits: 0 });
    expect((await mailsTo(t, user.email)).map((m) => m.subject)).toContain('Your Crate receipt: Pack “Dusty Keys”');
    expect(await refundsOf(user)).toEqual([]);

    // Owned now: nothing is left to buy, and the page offers no money price.
    expect((await getJson(t, user, `/api/packs/${pack.id}`)).viewer_price).toMatchObject({ owned_count: 3, money: null });
    const again = await buy(user, 'pack', pack.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', field: 'id', message: 'You own every sound of “Dusty Keys” already: there is nothing to buy.' });
  });

  it('buys a bundle partly owned and pays only for the rest, pro rata', async () => {
    const user = await createUser(t.ctx);
    const a = await newPack(2, {}, 3);
    const b = await newPack(2, {}, 1);
    const bundle = await newBundle([a.pack.id, b.pack.id], { priceCents: 2000 });
    await getWithCredits(user, 'pack', a.pack.id);
    // Pack A's sounds are 6 of the bundle's 8 credits' worth: the rest is $20.00 × 2 / 8.
    expect((await getJson(t, user, `/api/bundles/${bundle.id}`)).viewer_price).toMatchObject({ owned_count: 2, item_count: 4, money: { amount: 500, currency: 'usd' } });

    const stale = await buy(user, 'bundle', bundle.id, { expected_amount: 2000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ field: 'expected_amount', message: 'The price is now $5.00, not $20.00: look again before buying.' });

    const started = await buy(user, 'bundle', bundle.id, { expected_amount: 500 });
    expect(started.json().purchase).toMatchObject({ target: 'bundle', amount: 500, item_count: 2 });
    await payOnHostedPage(t, started.json().url, '4242424242424242');
    await t.ctx.jobs.drain();

    expect(await ownedIds(user)).toEqual(sorted([...a.items, ...b.items]));
    const bought = (await ownedRows(user)).filter((r) => r.source === 'purchase');
    expect(sorted(bought.map((r) => ({ id: r.itemId })))).toEqual(sorted(b.items));
    expect(bought.reduce((sum, r) => sum + r.priceCents!, 0)).toBe(500);
    expect((await getJson(t, user, '/api/billing/receipts')).items[0]).toMatchObject({ description: 'Bundle “Night Bundle”', amount: 500 });
  });

  it('a webhook delivered twice, in any order, grants once', async () => {
    const captured = captureDeliveries(t);
    const user = await createUser(t.ctx);
    const { pack, items: sounds } = await newPack(2);
    const started = await buy(user, 'pack', pack.id);
    await payOnHostedPage(t, started.json().url, '4242424242424242');
    await t.ctx.jobs.drain();
    deliverInProcess(t);
    expect(captured.length).toBeGreaterThanOrEqual(1);
    expect(await ownedIds(user)).toEqual([]); // nothing is granted until the events arrive

    for (const delivery of shuffle([...captured, ...captured], 5)) expect((await postWebhook(t, delivery.body, delivery.signature)).statusCode).toBe(200);
    // The return page looks too, through the same path: still once.
    expect((await getJson(t, user, `/api/checkout-sessions/${started.json().id}`)).status).toBe('complete');

    expect(await ownedIds(user)).toEqual(sorted(sounds));
    expect(await ownedRows(user)).toHaveLength(2);
    expect(await t.ctx.db.select().from(licences).where(eq(licences.userId, user.id))).toHaveLength(2);
    expect(await t.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.userId, user.id))).toHaveLength(1);
    expect(await refundsOf(user)).toEqual([]);
  });

  it('a sound got with credits or taken down between opening and paying is not granted: its share is refunded', async () => {
    const user = await createUser(t.ctx);
    const { pack, items: sounds } = await newPack(4, { priceCents: 1000 });
    const started = await buy(user, 'pack', pack.id, { expected_amount: 1000 });
    const checkout = started.json();

    // Meanwhile, in another tab: one sound got with credits; and an admin takes another down.
    await getWithCredits(user, 'item', sounds[0]!.id);
    await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, sounds[1]!.id));

    await payOnHostedPage(t, checkout.url, '4242424242424242');
    await t.ctx.jobs.drain();

    const rows = await ownedRows(user);
    expect(rows.filter((r) => r.source === 'purchase').map((r) => r.itemId).sort()).toEqual([sounds[2]!.id, sounds[3]!.id].sort());
    expect(rows.find((r) => r.itemId === sounds[0]!.id)).toMatchObject({ source: 'credits' }); // never granted twice
    expect(rows.find((r) => r.itemId === sounds[1]!.id)).toBeUndefined();

    const [refund] = await refundsOf(user);
    expect(refund).toMatchObject({ reason: 'purchase_not_granted', amount: 500, currency: 'usd', status: 'succeeded', checkoutSessionId: checkout.id });
    const answer = await getJson(t, user, `/api/checkout-sessions/${checkout.id}`);
    expect(answer.status).toBe('complete');
    expect(answer.notice).toContain('2 of the 4 sounds');
    expect(answer.notice).toContain('Refund: $5.00.');
    const [row] = await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.id));
    expect(row!.grantedQuantity).toBe(2);
    // A partial refund is money only: the receipt stays paid, the sounds granted stay owned.
    expect((await getJson(t, user, '/api/billing/receipts')).items[0]).toMatchObject({ amount: 1000, status: 'paid' });
    expect((await mailsTo(t, user.email)).map((m) => m.subject)).toContain('Your Crate purchase: $5.00 refunded');
  });

  it('a bundle deactivated before it is paid grants nothing and is refunded in full', async () => {
    const user = await createUser(t.ctx);
    const a = await newPack(2);
    const bundle = await newBundle([a.pack.id], { priceCents: 1500 });
    const started = await buy(user, 'bundle', bundle.id);
    await t.ctx.db.update(bundles).set({ active: false }).where(eq(bundles.id, bundle.id));
    await payOnHostedPage(t, started.json().url, '4242424242424242');
    await t.ctx.jobs.drain();

    expect(await ownedIds(user)).toEqual([]);
    expect(await refundsOf(user)).toEqual([expect.objectContaining({ reason: 'purchase_not_granted', amount: 1500, status: 'succeeded' })]);
    // The provider's full refund marks the receipt refunded.
    expect((await getJson(t, user, '/api/billing/receipts')).items[0]).toMatchObject({ amount: 1500, status: 'refunded' });
  });

  it('opening a second checkout for the same pack closes the first; another pack is another purchase', async () => {
    const user = await createUser(t.ctx);
    const one = await newPack(1);
    const two = await newPack(1);
    const first = (await buy(user, 'pack', one.pack.id)).json();
    const other = (await buy(user, 'pack', two.pack.id)).json();
    const second = (await buy(user, 'pack', one.pack.id)).json();
    expect((await getJson(t, user, `/api/checkout-sessions/${first.id}`)).status).toBe('expired');
    expect((await getJson(t, user, `/api/checkout-sessions/${other.id}`)).status).toBe('open');
    expect((await getJson(t, user, `/api/checkout-sessions/${second.id}`)).status).toBe('open');
  });

  it('refuses what cannot be bought, each with a clear error, and opens nothing', async () => {
    const user = await createUser(t.ctx);
    const draft = await newPack(1, { status: PACK_STATUS.draft });
    const noPrice = await newPack(1, { priceCents: null, title: 'Credits Only' });
    const free = await newPack(1, { title: 'Free Kit' }, 0);
    const inactive = await newBundle([noPrice.pack.id], { active: false });
    const before = (await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).length;

    const cases: [string, Awaited<ReturnType<typeof buy>>, number, Record<string, string>][] = [
      ['an unpublished pack', await buy(user, 'pack', draft.pack.id), 404, { code: 'NOT_FOUND', field: 'id', message: 'That pack is not on sale' }],
      ['an inactive bundle', await buy(user, 'bundle', inactive.id), 404, { code: 'NOT_FOUND', field: 'id', message: 'That bundle is not on sale' }],
      ['a pack with no money price', await buy(user, 'pack', noPrice.pack.id), 409, { code: 'CONFLICT', field: 'target', message: '“Credits Only” has no money price: get it with credits instead.' }],
      ['a pack whose sounds are free', await buy(user, 'pack', free.pack.id), 409, { code: 'CONFLICT', field: 'id' }],
      ['a pack id that does not exist', await buy(user, 'pack', randomUUID()), 404, { code: 'NOT_FOUND' }],
      ['a target that is not pack or bundle', await buy(user, 'item' as 'pack', noPrice.items[0]!.id), 400, { field: 'target', message: 'target: target must be pack or bundle' }],
      ['an id that is not one', await buy(user, 'pack', 'not-a-uuid'), 400, { field: 'id' }],
      ['a negative expected amount', await buy(user, 'pack', noPrice.pack.id, { expected_amount: -1 }), 400, { field: 'expected_amount' }],
      ['a return page elsewhere', await buy(user, 'pack', free.pack.id, { success_url: 'https://evil.example/' }), 400, { field: 'success_url' }],
    ];
    for (const [what, answer, status, error] of cases) {
      expect(answer.statusCode, what).toBe(status);
      expect(answer.json().error, what).toMatchObject(error);
    }
    expect((await buy(null, 'pack', noPrice.pack.id)).statusCode).toBe(401);
    expect((await t.ctx.db.select().from(checkoutSessions).where(and(eq(checkoutSessions.userId, user.id)))).length).toBe(before);
  });

  it('a retried request answers with the checkout made first; the same key for something else is refused', async () => {
    const user = await createUser(t.ctx);
    const one = await newPack(1);
    const two = await newPack(1);
    const key = randomUUID();
    const first = await buy(user, 'pack', one.pack.id, { idempotency_key: key });
    const retried = await buy(user, 'pack', one.pack.id, { idempotency_key: key });
    expect(retried.json().id).toBe(first.json().id);
    const misused = await buy(user, 'pack', two.pack.id, { idempotency_key: key });
    expect(misused.statusCode).toBe(409);
    expect(misused.json().error.field).toBe('idempotency_key');
  });
});
