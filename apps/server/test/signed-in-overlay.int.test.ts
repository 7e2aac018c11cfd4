import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { userRoles } from '../src/db/schema/index.ts';
import { addCredits } from '../src/features/credits/credit-ledger-service.ts';
import { call } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Issue 31 (decision 0077): signed-in answers share their public part and lay the viewer's own over it from a
 * per-process copy. Two API apps on one database, each with its own caches (as two processes have), answer the
 * same viewer: what one of them changes shows on the other's very next answer, one viewer's copy is never another's,
 * and a disabled account ends at once.
 */
describe(`the viewer's own part of signed-in answers on ${TEST_DB}`, () => {
  let t: TestApp;
  let other: FastifyInstance;
  let onOther: TestApp;
  let buyer: TestUser;
  let neighbour: TestUser;
  let admin: TestUser;
  let pack: { id: string; slug: string };
  let sounds: { id: string; slug: string; name: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp(t.ctx);
    await other.ready();
    await other.searchIndex?.ready;
    onOther = { ...t, app: other };
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, maker.id, { name: 'Overlay Audio' });
    pack = await createPack(t.ctx, creator.id, { title: 'Overlay Drums', creditCost: null });
    sounds = (await createItems(t.ctx, { id: pack.id, creatorId: creator.id }, 4, { creditCost: 2 })) as typeof sounds;
    buyer = await createUser(t.ctx, { roles: ['subscriber'] });
    neighbour = await createUser(t.ctx, { roles: ['subscriber'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    await addCredits(t.ctx.db, { userId: buyer.id, kind: 'grant', amount: 20, reason: 'plan', idempotencyKey: `test:${randomUUID()}`, expiresAt: null });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const get = (app: TestApp, url: string, user?: TestUser) => call(app, 'GET', url, undefined, user ? { cookie: user.cookie } : {});
  const favoritedOnPage = async (app: TestApp, user?: TestUser) =>
    Object.fromEntries(((await get(app, `/api/packs/${pack.slug}/items?limit=24`, user)).json().items as { id: string; favorited: boolean | null }[]).map((r) => [r.id, r.favorited]));

  it("shows a favourite made on another process on this one's very next answer: the page of sounds, the sound, the pack, search", async () => {
    const [first] = sounds;
    // Both processes have answered the buyer already: each holds a copy of their (empty) state and the shared page.
    expect((await favoritedOnPage(t, buyer))[first!.id]).toBe(false);
    expect((await favoritedOnPage(onOther, buyer))[first!.id]).toBe(false);
    expect((await get(t, `/api/packs/${pack.slug}`, buyer)).json().favorited).toBe(false);

    expect((await call(onOther, 'PUT', `/api/favorites/items/${first!.id}`, undefined, { cookie: buyer.cookie })).json()).toEqual({ favorited: true });
    expect((await call(onOther, 'PUT', `/api/favorites/packs/${pack.id}`, undefined, { cookie: buyer.cookie })).json()).toEqual({ favorited: true });

    expect((await favoritedOnPage(t, buyer))[first!.id]).toBe(true);
    expect((await get(t, `/api/items/${first!.slug}`, buyer)).json().favorited).toBe(true);
    expect((await get(t, `/api/packs/${pack.slug}`, buyer)).json().favorited).toBe(true);
    const found = (await get(t, `/api/search?q=${encodeURIComponent(first!.name)}&limit=24`, buyer)).json().items as { id: string; favorited: boolean }[];
    expect(found.find((r) => r.id === first!.id)?.favorited).toBe(true);

    expect((await call(onOther, 'DELETE', `/api/favorites/items/${first!.id}`, undefined, { cookie: buyer.cookie })).json()).toEqual({ favorited: false });
    expect((await favoritedOnPage(t, buyer))[first!.id]).toBe(false);
  });

  it("never returns one viewer's favourites to another viewer or a visitor, from the same shared page", async () => {
    const [, second] = sounds;
    await call(t, 'PUT', `/api/favorites/items/${second!.id}`, undefined, { cookie: buyer.cookie });
    expect((await favoritedOnPage(t, buyer))[second!.id]).toBe(true);
    expect((await favoritedOnPage(t, neighbour))[second!.id]).toBe(false);
    expect((await favoritedOnPage(t))[second!.id]).toBeNull();
    expect((await get(t, `/api/packs/${pack.slug}`, neighbour)).json().favorited).toBe(false);
    expect((await get(t, `/api/items/${second!.slug}`)).json().favorited).toBeNull();
  });

  it("shows a sound got on another process on this one's next answer: the pack's price for them and search's \"not yet owned\"", async () => {
    const [, , third] = sounds;
    const before = (await get(t, `/api/packs/${pack.slug}`, buyer)).json().viewer_price;
    expect(before).toMatchObject({ owned_count: 0, item_count: 4, cost: 8 });
    const notOwnedBefore = (await get(t, `/api/search?q=overlay&limit=24`, buyer)).json().facets.not_owned;

    const got = await call(onOther, 'POST', '/api/acquisitions', { target: 'item', id: third!.id, idempotency_key: randomUUID() }, { cookie: buyer.cookie });
    expect(got.statusCode, got.body).toBe(200);

    expect((await get(t, `/api/packs/${pack.slug}`, buyer)).json().viewer_price).toMatchObject({ owned_count: 1, item_count: 4, cost: 6 });
    expect((await get(t, `/api/search?q=overlay&limit=24`, buyer)).json().facets.not_owned).toBe(notOwnedBefore - 1);
    const unowned = (await get(t, `/api/search?q=overlay&not_owned=true&limit=24`, buyer)).json().items as { id: string }[];
    expect(unowned.map((r) => r.id)).not.toContain(third!.id);
    // The neighbour's price is still the whole pack's.
    expect((await get(t, `/api/packs/${pack.slug}`, neighbour)).json().viewer_price).toMatchObject({ owned_count: 0, cost: 8 });
  });

  it("shows a playlist changed on another process on this one's next answer", async () => {
    const created = await call(onOther, 'POST', '/api/playlists', { name: 'Late night' }, { cookie: buyer.cookie });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await call(onOther, 'POST', `/api/playlists/${id}/items`, { item_id: sounds[0]!.id }, { cookie: buyer.cookie })).statusCode).toBeLessThan(300);
    const listed = (await get(t, `/api/playlists/${id}/items`, buyer)).json() as { id: string }[];
    expect(listed.map((r) => r.id)).toEqual([sounds[0]!.id]);
  });

  it('reads at most the session for a signed-in page of sounds once warm (none on the embedded default), and hears a role given or taken outside any request at once', async () => {
    const url = `/api/packs/${pack.slug}/items?limit=24`;
    // The earlier tests' favourites and gets changed popularity: the outbox read that follows drops the shared parts. Read it first.
    await t.app.searchIndex?.catchUp();
    await get(t, url, buyer);
    await get(t, url, buyer);
    const before = t.ctx.database.queryCount();
    expect((await get(t, url, buyer)).statusCode).toBe(200);
    // PostgreSQL: the session's statement (other processes write). PGlite: nothing — this process hears every change.
    expect(t.ctx.database.queryCount() - before).toBe(TEST_DB === 'pglite' ? 0 : 1);
    expect((await get(t, '/api/admin/users', buyer)).statusCode).toBe(403);
    // As a job would: a write outside any request. Access is decided on the session's roles.
    await t.ctx.db.insert(userRoles).values({ userId: buyer.id, role: 'admin' });
    expect((await get(t, '/api/admin/users', buyer)).statusCode).toBe(200);
    expect((await get(onOther, '/api/admin/users', buyer)).statusCode).toBe(200);
    await t.ctx.db.delete(userRoles).where(and(eq(userRoles.userId, buyer.id), eq(userRoles.role, 'admin')));
    expect((await get(t, '/api/admin/users', buyer)).statusCode).toBe(403);
  });

  it('ends a disabled account at once on every process, and a forged cookie neither signs in nor fills a cache', async () => {
    expect((await get(t, `/api/packs/${pack.slug}`, neighbour)).json().favorited).toBe(false);
    const disabled = await call(onOther, 'POST', `/api/admin/users/${neighbour.id}/disable`, { reason: 'Chargeback fraud' }, { cookie: admin.cookie });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await get(t, '/api/profile', neighbour)).statusCode).toBe(401);
    // Signed out, they read the catalogue as a visitor does: nothing of theirs is laid over it.
    expect((await get(t, `/api/packs/${pack.slug}`, neighbour)).json().favorited).toBeNull();

    const reads = t.app.viewerStates.stats.reads;
    const forged = buyer.cookie.replace(/crate\.session_token=([^;.]+)/, (_all, token: string) => `crate.session_token=${token.slice(0, -2)}xx`);
    expect(forged).not.toBe(buyer.cookie);
    expect((await call(t, 'GET', '/api/profile', undefined, { cookie: forged })).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/packs/${pack.slug}`, undefined, { cookie: forged })).json().favorited).toBeNull();
    expect(t.app.viewerStates.stats.reads).toBe(reads);
  });
});
