import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { favorites, files, items, packs, staffPlaylistItems, staffPlaylists } from '../src/db/schema/index.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';

describe(`catalogue API on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: TestUser;
  let collaborator: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let published: { id: string; slug: string };
  let draft: { id: string; slug: string };

  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.clock = clock;
    owner = await createUser(t.ctx, { roles: ['creator'] });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    stranger = await createUser(t.ctx, { roles: ['subscriber'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Nova Kits', slug: 'nova-kits' });
    await addCollaborator(t.ctx, creator.id, collaborator.id);
    published = await createPack(t.ctx, creator.id, { title: 'Midnight Drums', slug: 'midnight-drums' });
    await createItems(t.ctx, { id: published.id, creatorId: creator.id }, 30);
    draft = await createPack(t.ctx, creator.id, { title: 'Secret Draft', slug: 'secret-draft', status: PACK_STATUS.draft });
    await createItems(t.ctx, { id: draft.id, creatorId: creator.id }, 3);
  });
  afterAll(() => t.close());

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

  it('shows a published pack by id and by slug, the same pack', async () => {
    const byId = await get(`/api/packs/${published.id}`);
    const bySlug = await get('/api/packs/midnight-drums');
    expect(byId.statusCode).toBe(200);
    expect(bySlug.json().id).toBe(published.id);
    expect(byId.json()).toMatchObject({ title: 'Midnight Drums', item_count: 30, published: true, abilities: { edit: false }, favorited: null });
    expect(byId.headers['cache-control']).toContain('public');
  });

  it('puts the pack preview on its cards, so a card can be auditioned, once the preview is probed', async () => {
    const card = async () => ((await get('/api/packs?limit=50')).json() as { items: { id: string; preview: unknown }[] }).items.find((p) => p.id === published.id);
    expect((await card())!.preview).toBeNull();
    const [file] = await t.ctx.db.insert(files).values({ storageKey: `test/${published.id}.wav`, packId: published.id, kind: 'Pack preview audio', durationMs: 42_000 }).returning();
    await t.ctx.db.update(packs).set({ previewFileId: file!.id }).where(eq(packs.id, published.id));
    // A write outside any API request: the micro-cache may hold the old card for its TTL, for visitors and signed-in
    // viewers alike (the public part is the same for everybody); past it, everybody sees the preview.
    clock.advance(t.ctx.config.publicCacheSeconds * 1000);
    for (const viewer of [undefined, stranger]) {
      const fresh = ((await get('/api/packs?limit=50', viewer)).json() as { items: { id: string; preview: unknown }[] }).items.find((p) => p.id === published.id);
      expect(fresh!.preview).toEqual({ url: `/api/media/${file!.id}/preview-mp3`, peaks_url: `/api/media/${file!.id}/waveform-peaks`, duration_ms: 42_000 });
      expect((await get(`/api/packs/${published.id}`, viewer)).json().preview).toEqual(fresh!.preview);
    }
    await t.ctx.db.update(packs).set({ previewFileId: null }).where(eq(packs.id, published.id));
  });

  it('hides an unpublished pack from visitors and other users with a 404', async () => {
    expect((await get(`/api/packs/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/api/packs/${draft.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/packs/${draft.id}/items`)).statusCode).toBe(404);
  });

  it('shows the unpublished pack to its creator, collaborators and admins, marked as such', async () => {
    // Collaborators read it but do not edit it: editing and uploads are the creator's (docs/product-overview.md §6, decision 0013).
    for (const [user, canEdit] of [[owner, true], [collaborator, false], [admin, true]] as const) {
      const res = await get(`/api/packs/${draft.id}`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ published: false, status: PACK_STATUS.draft, abilities: { edit: canEdit } });
      expect(res.headers['cache-control']).toContain('private');
    }
  });

  it('lists a creator’s unpublished packs only to those who may see them', async () => {
    const publicList = (await get('/api/creators/nova-kits/packs')).json();
    expect(publicList.items.map((p: { slug: string }) => p.slug)).toEqual(['midnight-drums']);
    const ownerList = (await get('/api/creators/nova-kits/packs', owner)).json();
    expect(ownerList.items.map((p: { slug: string }) => p.slug).sort()).toEqual(['midnight-drums', 'secret-draft']);
  });

  it('pages through pack items with a cursor, in pack order, without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/packs/${published.id}/items?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.items.map((i: { name: string }) => i.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(seen[0]).toBe('Sound 1');
    expect(seen[29]).toBe('Sound 30');
  });

  it('pages through a staff playlist in its order, without taken-down sounds, marking the viewer’s favorites', async () => {
    const packItems = await t.ctx.db.select({ id: items.id, name: items.name }).from(items).where(eq(items.packId, published.id));
    const byName = new Map(packItems.map((i) => [i.name, i.id]));
    const picked = ['Sound 9', 'Sound 2', 'Sound 30', 'Sound 14', 'Sound 5'];
    const [playlist] = await t.ctx.db.insert(staffPlaylists).values({ slug: 'late-night-picks', title: 'Late night picks', published: true }).returning();
    await t.ctx.db.insert(staffPlaylistItems).values(picked.map((name, position) => ({ playlistId: playlist!.id, itemId: byName.get(name)!, position })));
    await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, byName.get('Sound 30')!));
    await t.ctx.db.insert(favorites).values({ userId: stranger.id, itemId: byName.get('Sound 14')! });
    try {
      for (const viewer of [undefined, stranger]) {
        const pages: { name: string; favorited: boolean | null }[][] = [];
        let cursor: string | null = null;
        do {
          const res = await get(`/api/staff-playlists/late-night-picks/items?limit=2${cursor ? `&cursor=${cursor}` : ''}`, viewer);
          expect(res.statusCode).toBe(200);
          pages.push(res.json().items.map((i: { name: string; favorited: boolean | null }) => ({ name: i.name, favorited: i.favorited })));
          cursor = res.json().next_cursor;
        } while (cursor);
        expect(pages.map((page) => page.map((i) => i.name))).toEqual([['Sound 9', 'Sound 2'], ['Sound 14', 'Sound 5']]);
        expect(pages.flat().filter((i) => i.favorited).map((i) => i.name)).toEqual(viewer ? ['Sound 14'] : []);
        expect(pages.flat().every((i) => i.favorited === (viewer ? i.name === 'Sound 14' : null))).toBe(true);
      }
    } finally {
      await t.ctx.db.update(items).set({ takenDownAt: null, takedownReason: null }).where(eq(items.id, byName.get('Sound 30')!));
    }
  });

  it('refuses a forged cursor and an out-of-range limit naming the field', async () => {
    const bad = await get(`/api/packs/${published.id}/items?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('cursor');
    const big = await get(`/api/packs/${published.id}/items?limit=1000`);
    expect(big.statusCode).toBe(400);
    expect(big.json().error.field).toBe('limit');
  });

  it('answers lists with one query however long the page (no N+1)', async () => {
    // The search index's outbox follower queries the same database in the background, so one request's
    // count can include its poll: the fewest of eight is the request's own (three was not enough on a
    // loaded machine, where requests are slow enough for a poll to land in each of three in a row).
    const count = async (url: string) => {
      const counts: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const before = t.ctx.database.queryCount();
        expect((await get(url, stranger)).statusCode).toBe(200);
        counts.push(t.ctx.database.queryCount() - before);
      }
      return Math.min(...counts);
    };
    // The session lookup costs the same in both; the list itself must not grow with the page.
    expect(await count(`/api/packs/${published.id}/items?limit=2`)).toBe(await count(`/api/packs/${published.id}/items?limit=30`));
    expect(await count('/api/packs?limit=1')).toBe(await count('/api/packs?limit=50'));
  });

  it('gives real not-found answers for unknown ids and slugs', async () => {
    for (const url of ['/api/packs/00000000-0000-4000-8000-000000000000', '/api/packs/nope', '/api/items/nope', '/api/bundles/nope', '/api/creators/nope', '/api/staff-playlists/nope']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('serves discover with only published packs', async () => {
    const res = await get('/api/discover');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.new_packs.map((p: { slug: string }) => p.slug)).toEqual(['midnight-drums']);
    expect(body.genres).toEqual([{ slug: 'trap', label: expect.any(String), pack_count: 1 }]);
  });
});
