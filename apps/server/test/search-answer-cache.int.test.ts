import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { SearchResponse } from '@crate/contract/search';
import { ownedItems } from '../src/db/schema/index.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** Broad first pages kept in memory (features/search/broad-answer-cache.ts), here "broad" from 3 matches. */
describe(`search answer cache on ${TEST_DB}`, () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let pack: { id: string; creatorId: string };
  let kickIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ searchCache: { seconds: 60, minMatches: 3 } });
    buyer = await createUser(t.ctx, { roles: ['subscriber'] });
    other = await createUser(t.ctx, { roles: ['subscriber'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    const owner = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Cache Kits' });
    pack = await createPack(t.ctx, creator.id, { title: 'Cache Drums' });
    kickIds = (await createItems(t.ctx, pack, 4, { name: 'Boom Kick', instruments: ['kick'] })).map((row) => row.id);
    await createItems(t.ctx, pack, 1, { name: 'Lone Snare', instruments: ['snare'] });
  });
  afterAll(() => t.close());

  const search = async (q: string, user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  };

  it('keeps a broad first page: a sound added behind its back shows only after a write or the TTL; a narrow search is always fresh', async () => {
    expect((await search('boom', buyer)).total).toBe(4);
    const hitsBefore = t.app.searchAnswerCacheStats.hits;
    await createItems(t.ctx, pack, 1, { name: 'Boom Kick Extra', instruments: ['kick'] });
    await createItems(t.ctx, pack, 1, { name: 'Lone Snare Twin', instruments: ['snare'] });
    expect((await search('boom', buyer)).total).toBe(4);
    expect(t.app.searchAnswerCacheStats.hits).toBe(hitsBefore + 1);
    expect((await search('lone', buyer)).total).toBe(2);
  });

  it('counts "not yet owned" per viewer on a kept answer', async () => {
    await t.ctx.db.insert(ownedItems).values({ userId: buyer.id, itemId: kickIds[0]!, source: 'grant' });
    const mine = await search('boom', buyer);
    const theirs = await search('boom', other);
    expect(mine.items.map((i) => i.id)).toEqual(theirs.items.map((i) => i.id));
    expect(mine.facets!.not_owned).toBe(mine.total! - 1);
    expect(theirs.facets!.not_owned).toBe(theirs.total);
  });

  it('is emptied by a successful write answered here: a restored pack is searchable at once', async () => {
    const archived = await createPack(t.ctx, pack.creatorId, { title: 'Boom Vault', status: PACK_STATUS.archived, publishedAt: new Date() });
    await createItems(t.ctx, archived, 3, { name: 'Vault Boom', instruments: ['kick'] });
    const kept = (await search('boom', buyer)).total!;
    const restore = await t.app.inject({ method: 'POST', url: `/api/admin/archive/packs/${archived.id}/restore`, headers: { cookie: admin.cookie } });
    expect(restore.statusCode, restore.body).toBe(200);
    // 5 Boom Kicks (one added earlier, behind the cache's back) and the 3 restored.
    expect(kept).toBeLessThan(8);
    expect((await search('boom', buyer)).total).toBe(8);
  });
});
