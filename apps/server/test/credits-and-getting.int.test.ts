import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { bundlePacks, bundles, creditLedger, items, licences, ownedItems } from '../src/db/schema/index.ts';
import { expireDueCredits } from '../src/features/credits/credit-expiry-job.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const key = () => randomUUID();

describe(`credits and getting sounds on ${TEST_DB}`, () => {
  let t: TestApp;
  let creator: { id: string };
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const maker = await createUser(t.ctx, { roles: ['creator'], name: 'Maker' });
    creator = await createCreator(t.ctx, maker.id, { name: 'Night Shift Audio' });
    admin = await createUser(t.ctx, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const grant = (userId: string, amount: number, expiresInDays: number | null) =>
    addCredits(t.ctx.db, { userId, kind: 'grant', amount, reason: 'plan', idempotencyKey: `test-grant:${randomUUID()}`, expiresAt: expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY) });
  const get = (user: TestUser | null, target: 'item' | 'pack' | 'bundle', id: string, idempotencyKey = key()) =>
    call(t, 'POST', '/api/acquisitions', { target, id, idempotency_key: idempotencyKey }, user ? { cookie: user.cookie } : {});
  const credits = async (user: TestUser) => (await call(t, 'GET', '/api/credits', undefined, { cookie: user.cookie })).json();
  const ownedIds = async (user: TestUser) => (await call(t, 'GET', '/api/library/owned-ids', undefined, { cookie: user.cookie })).json().item_ids as string[];
  const newPack = async (count: number, overrides: Parameters<typeof createPack>[2] = {}, itemOverrides: Parameters<typeof createItems>[3] = {}) => {
    const pack = await createPack(t.ctx, creator.id, overrides);
    return { pack, items: await createItems(t.ctx, pack, count, itemOverrides) };
  };

  it('spends credits on a sound, records ownership with a licence, and charges nothing the second time', async () => {
    const user = await createUser(t.ctx, { name: 'Dana Producer' });
    await grant(user.id, 10, 30);
    const { items: [sound] } = await newPack(1, {}, { creditCost: 3, licenceType: 'Royalty A' });

    const first = await get(user, 'item', sound!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ charged: 3, owned_item_ids: [sound!.id], credits: 7 });
    expect(await ownedIds(user)).toEqual([sound!.id]);

    const again = await get(user, 'item', sound!.id);
    expect(again.json()).toMatchObject({ charged: 0, credits: 7 });

    const [licence] = await t.ctx.db.select().from(licences).where(eq(licences.userId, user.id));
    expect(licence).toMatchObject({ itemId: sound!.id, licenceType: 'Royalty A', termsVersion: '2026-11', holderName: 'Dana Producer', licensorName: 'Night Shift Audio' });
    expect(licence!.certificateNumber).toMatch(/^CRT-/);
    // The licence type is the one the item had when it was got.
    await t.ctx.db.update(items).set({ licenceType: 'Royalty-Free' }).where(eq(items.id, sound!.id));
    const owned = (await call(t, 'GET', '/api/library/owned', undefined, { cookie: user.cookie })).json();
    expect(owned.items[0]).toMatchObject({ id: sound!.id, certificate_number: licence!.certificateNumber });
    const [kept] = await t.ctx.db.select().from(licences).where(eq(licences.userId, user.id));
    expect(kept!.licenceType).toBe('Royalty A');
  });

  it('replaying the same idempotency key spends once', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 5, 30);
    const { items: [sound] } = await newPack(1, {}, { creditCost: 2 });
    const sameKey = key();
    const responses = await Promise.all([get(user, 'item', sound!.id, sameKey), get(user, 'item', sound!.id, sameKey), get(user, 'item', sound!.id, sameKey)]);
    for (const res of responses) expect(res.json()).toMatchObject({ charged: 2, credits: 3 });
    expect((await credits(user)).credits).toBe(3);
  });

  it('spends the soonest-expiring credits first, never-expiring last', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 5, null);
    await grant(user.id, 4, 60);
    await grant(user.id, 3, 10);
    const { items: [sound] } = await newPack(1, {}, { creditCost: 6 });
    expect((await get(user, 'item', sound!.id)).json().credits).toBe(6);
    const history = (await call(t, 'GET', '/api/credits/history', undefined, { cookie: user.cookie })).json().items as { kind: string; amount: number; remaining: number | null; expires_at: string | null }[];
    const lots = history.filter((entry) => entry.amount > 0).sort((a, b) => a.amount - b.amount);
    expect(lots.map((lot) => lot.remaining)).toEqual([0, 1, 5]);
    expect(history.find((entry) => entry.kind === 'spend')?.amount).toBe(-6);
    // The soonest expiry still holding credits is the 60-day lot now.
    expect(new Date((await credits(user)).credits_expire_at).getTime()).toBeGreaterThan(Date.now() + 59 * DAY);
  });

  it('refuses a sound the user cannot afford with a clear message and writes nothing', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 2, 30);
    const { items: [sound] } = await newPack(1, {}, { creditCost: 5 });
    const res = await get(user, 'item', sound!.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: expect.stringContaining('costs 5 credits and you have 2') });
    expect(await ownedIds(user)).toEqual([]);
    expect(await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(1);
  });

  it('gives free sounds for nothing, but only to signed-in users', async () => {
    const user = await createUser(t.ctx);
    const { items: [free] } = await newPack(1, {}, { isFree: true, creditCost: 0 });
    expect((await get(null, 'item', free!.id)).statusCode).toBe(401);
    expect((await get(user, 'item', free!.id)).json()).toMatchObject({ charged: 0, credits: 0, owned_item_ids: [free!.id] });
    const [row] = await t.ctx.db.select().from(ownedItems).where(eq(ownedItems.userId, user.id));
    expect(row!.source).toBe('free');
  });

  it('charges a whole pack only for the sounds not owned yet, and never more than its own price', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 100, 30);
    const { pack, items: sounds } = await newPack(4, {}, { creditCost: 2 });
    await get(user, 'item', sounds[0]!.id);
    const quote = (await call(t, 'GET', `/api/acquisitions/quote?target=pack&id=${pack.id}`, undefined, { cookie: user.cookie })).json();
    expect(quote).toMatchObject({ item_count: 4, owned_count: 1, cost: 6, credits: 98 });
    expect((await get(user, 'pack', pack.id)).json()).toMatchObject({ charged: 6, credits: 92 });
    expect(new Set(await ownedIds(user))).toEqual(new Set(sounds.map((s) => s.id)));

    const capped = await newPack(5, { creditCost: 4 }, { creditCost: 2 });
    expect((await get(user, 'pack', capped.pack.id)).json()).toMatchObject({ charged: 4, credits: 88 });
  });

  it('what you own is never charged again: the rest of a pack costs the pack price pro rata, shown on its answer and charged exactly', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 100, 30);
    // A 17-credit pack whose sounds cost 21 on their own (2 + 19).
    const { pack, items: [small, big] } = await newPack(2, { creditCost: 17 }, { creditCost: 2 });
    await t.ctx.db.update(items).set({ creditCost: 19 }).where(eq(items.id, big!.id));
    const viewerPrice = async (who: TestUser | null) => (await call(t, 'GET', `/api/packs/${pack.id}`, undefined, who ? { cookie: who.cookie } : {})).json().viewer_price;
    expect(await viewerPrice(null)).toEqual({ cost: 17, owned_count: 0, item_count: 2, money: null });
    expect(await viewerPrice(user)).toEqual({ cost: 17, owned_count: 0, item_count: 2, money: null });

    expect((await get(user, 'item', small!.id)).json()).toMatchObject({ charged: 2, credits: 98 });
    expect(await viewerPrice(user)).toEqual({ cost: 15, owned_count: 1, item_count: 2, money: null });
    const quote = (await call(t, 'GET', `/api/acquisitions/quote?target=pack&id=${pack.id}`, undefined, { cookie: user.cookie })).json();
    expect(quote).toMatchObject({ owned_count: 1, cost: 15 });

    // A price other than the one shown is refused, charging nothing; the shown one is charged exactly.
    const stale = await call(t, 'POST', '/api/acquisitions', { target: 'pack', id: pack.id, idempotency_key: key(), expected_cost: 17 }, { cookie: user.cookie });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ field: 'expected_cost', message: 'The price is now 15 credits, not 17: look again before getting it.' });
    expect((await credits(user)).credits).toBe(98);
    const rest = await call(t, 'POST', '/api/acquisitions', { target: 'pack', id: pack.id, idempotency_key: key(), expected_cost: 15 }, { cookie: user.cookie });
    expect(rest.json()).toMatchObject({ charged: 15, credits: 83 });
    expect(await viewerPrice(user)).toEqual({ cost: 0, owned_count: 2, item_count: 2, money: null });
    // 2 + 15: the whole pack cost its price, got in two steps.
    const spends = (await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).filter((e) => e.kind === 'spend');
    expect(spends.map((e) => e.amount).sort()).toEqual([-15, -2]);
  });

  it('gets a bundle: every sound of its published packs, priced at the bundle credit price at most and pro rata for the rest, shown on its answer', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 50, 30);
    const a = await newPack(2, {}, { creditCost: 3 });
    const b = await newPack(2, {}, { creditCost: 3 });
    const draft = await newPack(2, { status: PACK_STATUS.draft }, { creditCost: 3 });
    const [bundle] = await t.ctx.db.insert(bundles).values({ slug: `b-${randomUUID().slice(0, 8)}`, title: 'Bundle', creditCost: 10 }).returning();
    await t.ctx.db.insert(bundlePacks).values([a, b, draft].map(({ pack }, position) => ({ bundleId: bundle!.id, packId: pack.id, position })));
    const bundlePrice = async () => (await call(t, 'GET', `/api/bundles/${bundle!.id}`, undefined, { cookie: user.cookie })).json().viewer_price;
    expect(await bundlePrice()).toEqual({ cost: 10, owned_count: 0, item_count: 4, money: null });
    // One 3-credit sound of the 12 credits' worth: the rest costs 10 × 9 / 12, rounded.
    await get(user, 'item', a.items[0]!.id);
    expect(await bundlePrice()).toEqual({ cost: 8, owned_count: 1, item_count: 4, money: null });
    const res = (await get(user, 'bundle', bundle!.id)).json();
    expect(res).toMatchObject({ charged: 8, credits: 39 });
    expect(await bundlePrice()).toEqual({ cost: 0, owned_count: 4, item_count: 4, money: null });
    expect(new Set(res.owned_item_ids)).toEqual(new Set([...a.items, ...b.items].map((s) => s.id)));
  });

  it('refuses what is not on sale: unpublished, taken down, unknown', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 10, 30);
    const draft = await newPack(1, { status: PACK_STATUS.draft });
    const takenDown = await newPack(1, {}, { takenDownAt: new Date(), takedownReason: 'Technical Issue' });
    for (const res of [await get(user, 'item', draft.items[0]!.id), await get(user, 'item', takenDown.items[0]!.id), await get(user, 'pack', randomUUID())]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await credits(user)).credits).toBe(10);
    const bad = await call(t, 'POST', '/api/acquisitions', { target: 'album', id: 'x', idempotency_key: 'k' }, { cookie: user.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a taken-down sound in its owner’s library', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 10, 30);
    const { items: [sound] } = await newPack(1);
    await get(user, 'item', sound!.id);
    await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, sound!.id));
    const owned = (await call(t, 'GET', '/api/library/owned', undefined, { cookie: user.cookie })).json();
    expect(owned.items.map((i: { id: string }) => i.id)).toEqual([sound!.id]);
  });

  it('50 parallel gets of the last credits: exactly the affordable number succeed and the balance ends at zero', async () => {
    const user = await createUser(t.ctx);
    await grant(user.id, 7, 30);
    const { items: sounds } = await newPack(50, {}, { creditCost: 1 });
    const responses = await Promise.all(sounds.map((sound) => get(user, 'item', sound.id)));
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 402)).toHaveLength(43);
    expect((await credits(user)).credits).toBe(0);
    expect(await ownedIds(user)).toHaveLength(7);
  });

  it('finds owned sounds by name and type', async () => {
    const user = await createUser(t.ctx);
    const pack = await createPack(t.ctx, creator.id);
    await createItems(t.ctx, pack, 1, { name: 'Dusty Kick', isFree: true });
    await createItems(t.ctx, pack, 1, { name: 'Warm Pad', type: 'preset', plugin: 'Serum', isFree: true, slug: `p-${randomUUID().slice(0, 8)}` });
    await get(user, 'pack', pack.id);
    const list = async (query: string) => ((await call(t, 'GET', `/api/library/owned?${query}`, undefined, { cookie: user.cookie })).json().items as { name: string }[]).map((i) => i.name);
    expect((await list('')).sort()).toEqual(['Dusty Kick', 'Warm Pad']);
    expect(await list('q=dusty')).toEqual(['Dusty Kick']);
    expect(await list('type=preset')).toEqual(['Warm Pad']);
    expect(await list('q=%25')).toEqual([]);
  });

  it('expires what is left of a lot on its date, once, and the balance never counted it after', async () => {
    const user = await createUser(t.ctx);
    const lapsed = await addCredits(t.ctx.db, { userId: user.id, kind: 'grant', amount: 8, reason: 'old plan period', idempotencyKey: `g:${randomUUID()}`, expiresAt: new Date(Date.now() - DAY) });
    await grant(user.id, 5, 30);
    expect((await credits(user)).credits).toBe(5);
    await expireDueCredits(t.ctx.db, new Date());
    await expireDueCredits(t.ctx.db, new Date());
    const rows = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    const expiries = rows.filter((row) => row.kind === 'expire');
    expect(expiries).toHaveLength(1);
    expect(expiries[0]).toMatchObject({ amount: -8, idempotencyKey: `expire:${lapsed}` });
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(5);
    expect((await credits(user)).credits).toBe(5);
  });

  it('lets admins add and take credits with a reason, never below zero', async () => {
    const user = await createUser(t.ctx);
    const adjust = (by: TestUser, body: object) => call(t, 'POST', `/api/admin/users/${user.id}/credits`, body, { cookie: by.cookie });
    const addKey = key();
    expect((await adjust(admin, { amount: 12, reason: 'Support goodwill', idempotency_key: addKey })).json()).toMatchObject({ credits: 12, credits_expire_at: null });
    expect((await adjust(admin, { amount: 12, reason: 'Support goodwill', idempotency_key: addKey })).json().credits).toBe(12);
    expect((await adjust(admin, { amount: -5, reason: 'Correction', idempotency_key: key() })).json().credits).toBe(7);
    const tooMuch = await adjust(admin, { amount: -8, reason: 'Correction', idempotency_key: key() });
    expect(tooMuch.statusCode).toBe(402);
    expect((await adjust(admin, { amount: 0, reason: 'Nothing', idempotency_key: key() })).statusCode).toBe(400);
    expect((await adjust(user, { amount: 100, reason: 'Myself', idempotency_key: key() })).statusCode).toBe(403);
    expect((await credits(user)).credits).toBe(7);
  });
});
