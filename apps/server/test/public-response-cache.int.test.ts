import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`public response cache on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: TestUser;
  let creatorId: string;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ publicCacheSeconds: 1 });
    t.ctx.clock = clock;
    admin = await createUser(t.ctx, { roles: ['admin'] });
    const owner = await createUser(t.ctx, { roles: ['creator'] });
    creatorId = (await createCreator(t.ctx, owner.id)).id;
    await createItems(t.ctx, await createPack(t.ctx, creatorId, { title: 'Cached Drums' }), 2);
  });
  afterAll(() => t.close());

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const titles = (res: Awaited<ReturnType<typeof get>>) => (res.json() as { items: { title: string }[] }).items.map((p) => p.title);

  it('answers a repeated public list from memory, identically, to visitors and signed-in viewers alike (it is the same for everyone)', async () => {
    const first = await get('/api/packs?limit=23');
    const second = await get('/api/packs?limit=23');
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-security-policy']).toBeDefined();
    const signedIn = await get('/api/packs?limit=23', admin);
    expect(signedIn.headers['x-cache']).toBe('hit');
    expect(signedIn.body).toBe(first.body);
    // Their browser asks again each time: they may have just changed what the list shows.
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/api/packs?limit=23')).headers['cache-control']).toMatch(/^public/);
    const signedInFirst = await get('/api/packs?limit=21', admin);
    expect(signedInFirst.headers['x-cache']).toBeUndefined();
    expect(signedInFirst.headers['cache-control']).toBe('private, no-cache');
    const visitorAfter = await get('/api/packs?limit=21');
    expect(visitorAfter.headers['x-cache']).toBe('hit');
    expect(visitorAfter.headers['cache-control']).toMatch(/^public/);
  });

  it("never hands a signed-in viewer an answer that carries a viewer's own fields (a pack page, its sounds)", async () => {
    const [pack] = (await get('/api/packs?limit=1')).json().items as { id: string }[];
    for (const url of [`/api/packs/${pack!.id}`, `/api/packs/${pack!.id}/items?limit=5`]) {
      await get(url);
      expect((await get(url)).headers['x-cache']).toBe('hit');
      const signedIn = await get(url, admin);
      expect(signedIn.headers['x-cache']).toBeUndefined();
      expect(signedIn.headers['cache-control']).toMatch(/^private/);
    }
    expect((await get(`/api/packs/${pack!.id}`, admin)).json().favorited).toBe(false);
    expect((await get(`/api/packs/${pack!.id}`)).json().favorited).toBeNull();
  });

  it('keeps neither errors nor private answers', async () => {
    await get('/api/packs/no-such-pack');
    expect((await get('/api/packs/no-such-pack')).headers['x-cache']).toBeUndefined();
    await get('/api/profile');
    expect((await get('/api/profile')).headers['x-cache']).toBeUndefined();
  });

  it('is emptied by a successful state-changing request: an archived pack an admin restores is listed at once', async () => {
    const archived = await createPack(t.ctx, creatorId, { title: 'Restored Keys', status: PACK_STATUS.archived, publishedAt: new Date() });
    await createItems(t.ctx, archived, 1);
    expect(titles(await get('/api/packs?limit=24'))).not.toContain('Restored Keys');
    expect((await get('/api/packs?limit=24')).headers['x-cache']).toBe('hit');
    const restore = await t.app.inject({ method: 'POST', url: `/api/admin/archive/packs/${archived.id}/restore`, headers: { cookie: admin.cookie } });
    expect(restore.statusCode, restore.body).toBe(200);
    const after = await get('/api/packs?limit=24');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(titles(after)).toContain('Restored Keys');
  });

  it('lets an answer go after its time: a change made elsewhere shows within the TTL', async () => {
    await get('/api/packs?limit=22');
    await createPack(t.ctx, creatorId, { title: 'Written Elsewhere' });
    clock.advance(999);
    const held = await get('/api/packs?limit=22');
    expect(held.headers['x-cache']).toBe('hit');
    expect(titles(held)).not.toContain('Written Elsewhere');
    clock.advance(1);
    const fresh = await get('/api/packs?limit=22');
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(titles(fresh)).toContain('Written Elsewhere');
  });
});
