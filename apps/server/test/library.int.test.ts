import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';

describe(`favorites and playlists on ${TEST_DB}`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let itemIds: string[];
  let hiddenItemId: string;
  let packId: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t.ctx);
    bob = await createUser(t.ctx);
    const maker = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, maker.id);
    const pack = await createPack(t.ctx, creator.id);
    packId = pack.id;
    itemIds = (await createItems(t.ctx, pack, 4)).map((i) => i.id);
    const draft = await createPack(t.ctx, creator.id, { status: PACK_STATUS.draft });
    hiddenItemId = (await createItems(t.ctx, draft, 1))[0]!.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });

  it('hearts and un-hearts an item and a pack, idempotently', async () => {
    expect((await call('PUT', `/api/favorites/items/${itemIds[0]}`, alice)).json()).toEqual({ favorited: true });
    expect((await call('PUT', `/api/favorites/items/${itemIds[0]}`, alice)).json()).toEqual({ favorited: true });
    expect((await call('PUT', `/api/favorites/packs/${packId}`, alice)).json()).toEqual({ favorited: true });
    const favs = (await call('GET', '/api/favorites/items', alice)).json();
    expect(favs.items.map((i: { id: string }) => i.id)).toEqual([itemIds[0]]);
    expect(favs.items[0].favorited).toBe(true);
    expect((await call('GET', `/api/packs/${packId}`, alice)).json().favorited).toBe(true);
    expect((await call('DELETE', `/api/favorites/items/${itemIds[0]}`, alice)).json()).toEqual({ favorited: false });
    expect((await call('GET', '/api/favorites/items', alice)).json().items).toEqual([]);
  });

  it('refuses to heart what the user cannot see, and visitors altogether', async () => {
    expect((await call('PUT', `/api/favorites/items/${hiddenItemId}`, alice)).statusCode).toBe(404);
    expect((await call('PUT', `/api/favorites/items/${itemIds[0]}`, null)).statusCode).toBe(401);
  });

  it('creates, fills, reorders, renames and deletes a playlist', async () => {
    const created = await call('POST', '/api/playlists', alice, { name: '  Late night  ' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Late night', item_count: 0 });
    for (const itemId of itemIds.slice(0, 3)) await call('POST', `/api/playlists/${id}/items`, alice, { item_id: itemId });
    const reordered = await call('PUT', `/api/playlists/${id}/order`, alice, { item_ids: [itemIds[2], itemIds[0], itemIds[1]] });
    expect(reordered.json().item_ids).toEqual([itemIds[2], itemIds[0], itemIds[1]]);
    const rows = (await call('GET', `/api/playlists/${id}/items`, alice)).json();
    expect(rows.map((r: { id: string }) => r.id)).toEqual([itemIds[2], itemIds[0], itemIds[1]]);
    const removed = await call('DELETE', `/api/playlists/${id}/items/${itemIds[0]}`, alice);
    expect(removed.json().item_ids).toEqual([itemIds[2], itemIds[1]]);
    expect((await call('PATCH', `/api/playlists/${id}`, alice, { name: 'Renamed' })).json().name).toBe('Renamed');
    expect((await call('DELETE', `/api/playlists/${id}`, alice)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/playlists/${id}`, alice)).statusCode).toBe(404);
  });

  it('never lets another user read or edit a playlist', async () => {
    const id = (await call('POST', '/api/playlists', alice, { name: 'Mine' })).json().id;
    await call('POST', `/api/playlists/${id}/items`, alice, { item_id: itemIds[0] });
    const attempts = [
      call('GET', `/api/playlists/${id}`, bob),
      call('GET', `/api/playlists/${id}/items`, bob),
      call('PATCH', `/api/playlists/${id}`, bob, { name: 'Hijacked' }),
      call('POST', `/api/playlists/${id}/items`, bob, { item_id: itemIds[1] }),
      call('DELETE', `/api/playlists/${id}/items/${itemIds[0]}`, bob),
      call('PUT', `/api/playlists/${id}/order`, bob, { item_ids: [itemIds[0]] }),
      call('DELETE', `/api/playlists/${id}`, bob),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/playlists', bob)).json()).toEqual({ items: [], next_cursor: null });
    const mine = (await call('GET', `/api/playlists/${id}`, alice)).json();
    expect(mine).toMatchObject({ name: 'Mine', item_ids: [itemIds[0]] });
  });

  it('validates names and orders, naming the field', async () => {
    const empty = await call('POST', '/api/playlists', alice, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.field).toBe('name');
    const extra = await call('POST', '/api/playlists', alice, { name: 'x', public: true });
    expect(extra.json().error.field).toBe('public');
    const id = (await call('POST', '/api/playlists', alice, { name: 'Order' })).json().id;
    await call('POST', `/api/playlists/${id}/items`, alice, { item_id: itemIds[0] });
    const wrong = await call('PUT', `/api/playlists/${id}/order`, alice, { item_ids: [itemIds[1]] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('item_ids');
    expect((await call('POST', `/api/playlists/${id}/items`, alice, { item_id: hiddenItemId })).statusCode).toBe(404);
  });
});
