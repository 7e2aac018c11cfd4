import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { SearchFacets, SearchResponse } from '@crate/contract/search';
import { GENRES, INSTRUMENTS } from '@crate/contract/taxonomy';
import { auditLog, creators, favorites, itemEvents, items, ownedItems, packs, searchTaxonomyLabels } from '../src/db/schema/index.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

type Params = Record<string, string | number | boolean | string[]>;
type Page = SearchResponse;

describe(`search on ${TEST_DB}`, () => {
  let t: TestApp;
  let subscriber: TestUser;
  let admin: TestUser;
  let owner: TestUser;
  let collaborator: TestUser;
  let affiliate: TestUser;
  let packIds: { drums: string; loops: string; free: string; archived: string; draft: string };
  const id: Record<string, string> = {};

  beforeAll(async () => {
    // Hundreds of searches from one user and address: the budgets are rate-limits.int.test.ts's subject.
    t = await createTestApp({ rateLimits: false });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    owner = await createUser(t.ctx, { roles: ['creator'] });
    collaborator = await createUser(t.ctx, { roles: ['collaborator'] });
    affiliate = await createUser(t.ctx, { roles: ['affiliate'] });
    const nova = await createCreator(t.ctx, owner.id, { name: 'Nova Kits', slug: 'nova-kits' });
    await addCollaborator(t.ctx, nova.id, collaborator.id);
    const otherUser = await createUser(t.ctx, { roles: ['creator'] });
    const echo = await createCreator(t.ctx, otherUser.id, { name: 'Echo Lab', slug: 'echo-lab' });

    const drums = await createPack(t.ctx, nova.id, { title: 'Midnight Drums', slug: 'midnight-drums', genres: ['trap'] });
    const loops = await createPack(t.ctx, echo.id, { title: 'Velvet Keys', slug: 'velvet-keys', genres: ['lo-fi-hip-hop'], licenceType: 'Royalty A' });
    const free = await createPack(t.ctx, echo.id, { title: 'Free Vibes', slug: 'free-vibes', isFree: true });
    const archived = await createPack(t.ctx, nova.id, { title: 'Old Vault', slug: 'old-vault', status: PACK_STATUS.published });
    const draft = await createPack(t.ctx, nova.id, { title: 'Secret Draft', slug: 'secret-draft', status: PACK_STATUS.draft });
    packIds = { drums: drums.id, loops: loops.id, free: free.id, archived: archived.id, draft: draft.id };

    // Audio features: kicks around one point, snares around another (what the media pipeline computes).
    const kick = (n: number) => [1, 0.1 * n, 0, 0, 0.2, 0];
    const snare = (n: number) => [0, 0.1 * n, 1, 0, 0.2, 0];
    const add = async (pack: { id: string; creatorId: string }, name: string, o: Partial<typeof items.$inferInsert>) => {
      const [row] = await createItems(t.ctx, pack, 1, { name, slug: name.toLowerCase().replaceAll(' ', '-'), ...o });
      id[name] = row!.id;
      return row!;
    };
    await add(drums, 'Thunder Kick', { instruments: ['kick'], tags: ['punchy'], genres: ['trap'], durationMs: 500, audioFeatures: kick(0) });
    await add(drums, 'Thunder Kick Long Tail', { instruments: ['kick'], tags: ['boomy'], genres: ['trap'], durationMs: 900, audioFeatures: kick(1) });
    for (let n = 1; n <= 4; n++) {
      await add(drums, `Dusty Kick ${n}`, { instruments: ['kick'], tags: ['dusty'], genres: ['trap'], durationMs: 400 + n * 50, audioFeatures: kick(n + 1) });
      await add(drums, `Crisp Snare ${n}`, { instruments: ['snare'], tags: ['crisp'], genres: ['trap'], durationMs: 400 + n * 50, audioFeatures: snare(n) });
    }
    await add(drums, 'Hollow Clap', { instruments: ['clap'], genres: ['trap'], durationMs: 300, audioFeatures: [0.5, 0, 0.5, 0, 0.2, 0] });
    await add(drums, 'Stolen Vocal', { instruments: ['vocal-chops'], genres: ['trap'], takedownReason: "Creator doesn't own rights", takenDownAt: new Date() });
    await add(loops, 'Dark Piano Loop', {
      kind: 'Loop', key: 'C minor', bpm: 90, timeSignature: '4/4', feel: 'swing', instruments: ['piano'], genres: ['lo-fi-hip-hop'],
      licenceType: 'Royalty A', hasMidi: true, hasStems: true, durationMs: 8000,
    });
    await add(loops, 'Bright Piano Loop', {
      kind: 'Loop', key: 'A minor', bpm: 128.4, timeSignature: '4/4', feel: 'straight', instruments: ['piano'], genres: ['lo-fi-hip-hop', 'house'],
      licenceType: 'Royalty A', hasMidi: true, durationMs: 7500,
    });
    await add(loops, 'Waltz Strings', {
      kind: 'Composition', key: 'D major', bpm: 72, timeSignature: '3/4', feel: 'straight', instruments: ['string-section'], genres: ['lo-fi-hip-hop'],
      licenceType: 'Royalty A', durationMs: 20000,
    });
    await add(loops, 'Swing Break', {
      kind: 'Loop', bpm: 174, timeSignature: '6/8', feel: 'swing', instruments: ['break'], genres: ['drum-and-bass'], licenceType: 'Royalty A', durationMs: 5000,
    });
    await add(loops, 'Glass Pad', { type: 'preset', kind: null, plugin: 'Serum', instruments: ['pad'], genres: ['lo-fi-hip-hop'], licenceType: 'Royalty A', audioFeatures: kick(0) });
    // Far from every kick, so it is a kick's nearest free sound only when free ones are all that is asked for.
    await add(free, 'Free Clap', { instruments: ['clap'], isFree: true, durationMs: 350, audioFeatures: kick(20) });
    await add(free, 'Free Rim', { instruments: ['rim'], isFree: true, durationMs: 250 });
    await add(archived, 'Vault Bass', { instruments: ['808'] });
    await add(draft, 'Hidden Draft Kick', { instruments: ['kick'] });
    // Archive the pack after its items exist: the trigger must take its items out of the index.
    await t.ctx.db.update(packs).set({ status: PACK_STATUS.archived, takedownReason: 'Technical Issue' }).where(eq(packs.id, archived.id));
  });
  afterAll(() => t.close());

  const url = (path: string, params: Params = {}) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
    const s = qs.toString();
    return s ? `${path}?${s}` : path;
  };
  const get = (path: string, params: Params = {}, user: TestUser | null = subscriber) =>
    t.app.inject({ method: 'GET', url: url(path, params), headers: user ? { cookie: user.cookie } : {} });
  const search = async (params: Params = {}, user: TestUser | null = subscriber, path = '/api/search'): Promise<Page> => {
    // These tests write straight to the database, behind the API: the index reads the outbox now rather than at its next poll.
    await t.app.searchIndex?.catchUp();
    const res = await get(path, params, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (page: Page) => page.items.map((i) => i.name);
  /** Every result of a search, through every page. */
  const all = async (params: Params, user: TestUser | null = subscriber, path = '/api/search') => {
    const seen: string[] = [];
    let first: Page | null = null;
    let cursor: string | null = null;
    do {
      const page = await search({ ...params, limit: 3, ...(cursor ? { cursor } : {}), ...(first?.seed ? { seed: first.seed } : {}) }, user, path);
      first ??= page;
      seen.push(...names(page));
      cursor = page.next_cursor;
    } while (cursor);
    return { names: seen, first: first! };
  };

  it("marks each signed-in viewer's own favourites in the results, and no one else's", async () => {
    const fan = await createUser(t.ctx, { roles: ['subscriber'] });
    await t.ctx.db.insert(favorites).values({ userId: fan.id, itemId: id['Thunder Kick']! });
    const favorited = (page: Page) => Object.fromEntries(page.items.map((i) => [i.name, i.favorited]));
    expect(favorited(await search({ q: 'thunder kick' }, fan))).toEqual({ 'Thunder Kick': true, 'Thunder Kick Long Tail': false });
    expect(favorited(await search({ q: 'thunder kick' }, subscriber))).toEqual({ 'Thunder Kick': false, 'Thunder Kick Long Tail': false });
    expect(favorited(await search({ q: 'free clap' }, null, '/api/search/free'))).toEqual({ 'Free Clap': null });
  });

  describe('relevance', () => {
    it('puts the exact name first', async () => {
      const page = await search({ q: 'thunder kick' });
      expect(names(page)[0]).toBe('Thunder Kick');
      expect(names(page)).toContain('Thunder Kick Long Tail');
      expect(page.sort).toBe('relevance');
    });

    it('still finds a sound with a one-letter typo, and says which words it searched', async () => {
      for (const q of ['thundr kick', 'thunder kcik', 'thumder kick']) {
        const page = await search({ q });
        expect(names(page)[0], q).toMatch(/^Thunder Kick/);
        expect(page.corrected.length, q).toBe(1);
      }
      const page = await search({ q: 'thunder kcik' });
      expect(page.corrected).toEqual([{ word: 'kcik', searched: expect.arrayContaining(['kick']) }]);
    });

    it('matches the last word as a prefix while typing', async () => {
      expect(names(await search({ q: 'kic' }))).toEqual(expect.arrayContaining(['Thunder Kick', 'Dusty Kick 1', 'Dusty Kick 4']));
      expect(names(await search({ q: 'thunder ki' }))).toEqual(expect.arrayContaining(['Thunder Kick', 'Thunder Kick Long Tail']));
      expect(names(await search({ q: 'velv' })).length).toBe(5); // the pack title "Velvet Keys"
    });

    it('searches tags, instrument and genre labels, the pack title and the creator name', async () => {
      expect(names(await search({ q: 'dusty' }))).toHaveLength(4); // tag
      expect(names(await search({ q: 'breakbeat' }))).toEqual(['Swing Break']); // instrument label of "break"
      expect(names(await search({ q: 'drum bass' }))).toEqual(['Swing Break']); // genre label "Drum & Bass"
      expect((await search({ q: 'midnight drums' })).total).toBe(11); // pack title
      expect(names(await search({ q: 'echo lab', limit: 50 }))).toHaveLength(7); // creator name
      expect(names(await search({ q: 'serum' }))).toEqual(['Glass Pad']); // preset plugin
    });

    it('finds nothing for words that are nowhere near the index', async () => {
      const page = await search({ q: 'qqqqzzzz' });
      expect(page.items).toEqual([]);
      expect(page.total).toBe(0);
    });

    it('never lists taken-down sounds, archived or draft packs in paid search', async () => {
      const everything = await all({});
      expect(everything.names).not.toContain('Stolen Vocal');
      expect(everything.names).not.toContain('Vault Bass');
      expect(everything.names).not.toContain('Hidden Draft Kick');
      expect(everything.names).toHaveLength(18);
      expect(everything.first.total).toBe(18);
    });
  });

  describe('filters', () => {
    it('narrow by each filter', async () => {
      const cases: [Params, string[]][] = [
        [{ kind: 'Loop' }, ['Bright Piano Loop', 'Dark Piano Loop', 'Swing Break']],
        [{ kind: 'Loop,Composition' }, ['Bright Piano Loop', 'Dark Piano Loop', 'Swing Break', 'Waltz Strings']],
        [{ kind: ['Loop', 'Composition'] }, ['Bright Piano Loop', 'Dark Piano Loop', 'Swing Break', 'Waltz Strings']],
        [{ key: 'C minor' }, ['Dark Piano Loop']],
        [{ bpm_min: 85, bpm_max: 130 }, ['Bright Piano Loop', 'Dark Piano Loop']],
        [{ bpm_min: 128, bpm_max: 128 }, ['Bright Piano Loop']], // 128.4 counts as 128
        [{ time_signature: '3/4' }, ['Waltz Strings']],
        [{ time_signature: '6/8' }, ['Swing Break']],
        [{ feel: 'swing' }, ['Dark Piano Loop', 'Swing Break']],
        [{ genre: ['lo-fi-hip-hop', 'house'] }, ['Bright Piano Loop']], // every genre asked for
        [{ instrument: 'piano' }, ['Bright Piano Loop', 'Dark Piano Loop']],
        [{ licence_type: 'Royalty A', type: 'preset' }, ['Glass Pad']],
        [{ plugin: 'Serum' }, ['Glass Pad']],
        [{ has_stems: true }, ['Dark Piano Loop']],
        [{ has_midi: true }, ['Bright Piano Loop', 'Dark Piano Loop']],
        [{ free: true }, ['Free Clap', 'Free Rim']],
        [{ creator: 'echo-lab', instrument: 'clap' }, ['Free Clap']],
        [{ pack: 'midnight-drums', q: 'snare' }, ['Crisp Snare 1', 'Crisp Snare 2', 'Crisp Snare 3', 'Crisp Snare 4']],
        [{ pack: 'no-such-pack' }, []],
      ];
      for (const [params, expected] of cases) {
        const { names: got } = await all(params);
        expect(got.sort(), JSON.stringify(params)).toEqual(expected);
      }
    });

    it('narrows further with every filter added', async () => {
      const steps: Params[] = [{ q: 'loop' }, { q: 'loop', feel: 'swing' }, { q: 'loop', feel: 'swing', has_stems: true }];
      let previous: string[] | null = null;
      for (const params of steps) {
        const { names: got } = await all(params);
        if (previous) {
          expect(got.length).toBeLessThan(previous.length);
          for (const name of got) expect(previous).toContain(name);
        }
        previous = got;
      }
      expect(previous).toEqual(['Dark Piano Loop']);
    });

    it('leaves out what the signed-in user owns when asked', async () => {
      await t.ctx.db.insert(ownedItems).values({ userId: subscriber.id, itemId: id['Thunder Kick']!, source: 'grant' });
      const page = await search({ q: 'thunder', not_owned: true });
      expect(names(page)).toEqual(['Thunder Kick Long Tail']);
      const facets = (await search({ q: 'thunder' })).facets!;
      expect(facets.not_owned).toBe(1);
      expect((await search({ q: 'thunder' }, admin)).facets!.not_owned).toBe(2);
    });
  });

  describe('facets', () => {
    const FACET_PARAM: Record<string, string> = {
      type: 'type', kind: 'kind', key: 'key', time_signature: 'time_signature', feel: 'feel', genre: 'genre',
      instrument: 'instrument', licence_type: 'licence_type', plugin: 'plugin', creator: 'creator', pack: 'pack',
    };

    // A facet the search filters on counts each value as chosen in place of the facet's own choice (drill-sideways).
    it('count exactly what choosing each value returns', async () => {
      for (const base of [{}, { kind: 'Loop' }, { q: 'kick', genre: 'trap' }, { instrument: 'piano' }] as Params[]) {
        const first = await search(base, admin);
        const facets = first.facets as SearchFacets;
        let checked = 0;
        for (const [dim, param] of Object.entries(FACET_PARAM)) {
          for (const value of (facets as unknown as Record<string, { value: string; count: number }[]>)[dim]!) {
            const narrowed = await search({ ...base, [param]: value.value, limit: 1 }, admin);
            expect(narrowed.total, `${JSON.stringify(base)} ${dim}=${value.value}`).toBe(value.count);
            checked++;
          }
        }
        for (const bucket of facets.bpm) {
          expect((await search({ ...base, bpm_min: bucket.min, bpm_max: bucket.max, limit: 1 }, admin)).total).toBe(bucket.count);
        }
        for (const flag of ['has_stems', 'has_midi', 'free', 'not_owned'] as const) {
          expect((await search({ ...base, [flag]: true, limit: 1 }, admin)).total, flag).toBe(facets[flag]);
        }
        expect(checked).toBeGreaterThan(0);
      }
    });

    it('label values for people and keep taxonomy order for enumerations', async () => {
      const facets = (await search({})).facets!;
      expect(facets.creator.map((c) => c.label).sort()).toEqual(['Echo Lab', 'Nova Kits']);
      expect(facets.genre.find((g) => g.value === 'drum-and-bass')).toEqual({ value: 'drum-and-bass', label: 'Drum & Bass', count: 1 });
      expect(facets.kind.map((k) => k.value)).toEqual(['One-Shot', 'Loop', 'Composition']);
      expect(facets.bpm).toEqual([
        { min: 70, max: 79, count: 1 },
        { min: 90, max: 99, count: 1 },
        { min: 120, max: 129, count: 1 },
        { min: 170, max: 179, count: 1 },
      ]);
    });

    it('come with the first page only', async () => {
      const first = await search({ limit: 2 });
      expect(first.total).toBe(18);
      const second = await search({ limit: 2, cursor: first.next_cursor! });
      expect(second.total).toBeNull();
      expect(second.facets).toBeNull();
    });
  });

  describe('sorts', () => {
    beforeAll(async () => {
      // Plays and downloads, counted into item_popularity by the item_events trigger.
      const events = [
        ...Array.from({ length: 5 }, () => ({ itemId: id['Crisp Snare 2']!, kind: 'play' as const })),
        ...Array.from({ length: 2 }, () => ({ itemId: id['Dusty Kick 3']!, kind: 'download' as const })),
        { itemId: id['Hollow Clap']!, kind: 'play' as const },
      ];
      await t.ctx.db.insert(itemEvents).values(events);
      await t.ctx.db.insert(itemEvents).values({ itemId: id['Hollow Clap']!, kind: 'play' });
    });

    it('page through every sort without repeats or gaps', async () => {
      const expected = (await all({})).names.sort();
      for (const params of [{ q: 'kick' }, { sort: 'newest' }, { sort: 'popular' }, { sort: 'bpm' }, { sort: 'random', seed: 'abc' }, { sort: 'relevance', q: 'trap' }] as Params[]) {
        const { names: got } = await all(params);
        expect(new Set(got).size, JSON.stringify(params)).toBe(got.length);
        if (!params.q) expect([...got].sort(), JSON.stringify(params)).toEqual(expected);
      }
    });

    it('orders popular by downloads and plays, BPM ascending with unknown BPM last', async () => {
      expect(names(await search({ sort: 'popular', limit: 3 }))).toEqual(['Dusty Kick 3', 'Crisp Snare 2', 'Hollow Clap']);
      const byBpm = (await all({ sort: 'bpm' })).names;
      expect(byBpm.slice(0, 4)).toEqual(['Waltz Strings', 'Dark Piano Loop', 'Bright Piano Loop', 'Swing Break']);
    });

    it('orders newest by when the pack was published', async () => {
      await t.ctx.db.update(packs).set({ publishedAt: new Date(Date.now() + 60_000) }).where(eq(packs.id, packIds.free));
      expect(names(await search({ sort: 'newest', limit: 2 })).sort()).toEqual(['Free Clap', 'Free Rim']);
    });

    it('keeps a random order stable for a seed, across pages', async () => {
      const a = await all({ sort: 'random', seed: 'seed-one' });
      const b = await all({ sort: 'random', seed: 'seed-one' });
      const c = await all({ sort: 'random', seed: 'seed-two' });
      expect(a.names).toEqual(b.names);
      expect(c.names).not.toEqual(a.names);
      expect(a.first.seed).toBe('seed-one');
      const unseeded = await search({ sort: 'random' });
      expect(unseeded.seed).toMatch(/^[A-Za-z0-9_-]+$/);
    });
  });

  describe('access', () => {
    it('refuses visitors with 401 and non-subscribers with 403; subscribers and admins search', async () => {
      expect((await get('/api/search', {}, null)).statusCode).toBe(401);
      for (const user of [affiliate, owner, collaborator]) expect((await get('/api/search', {}, user)).statusCode).toBe(403);
      for (const user of [subscriber, admin]) expect((await get('/api/search', {}, user)).statusCode).toBe(200);
    });

    it('lets everybody use free search, which finds free sounds only', async () => {
      for (const user of [null, affiliate, subscriber]) {
        const { names: got } = await all({}, user, '/api/search/free');
        expect(got.sort()).toEqual(['Free Clap', 'Free Rim']);
      }
      expect((await search({ q: 'clap' }, null, '/api/search/free')).items.map((i) => i.is_free)).toEqual([true]);
      const res = await get('/api/search/free', {}, null);
      expect(res.headers['cache-control']).toContain('public');
    });

    it('keeps archived search for admins', async () => {
      expect((await get('/api/search/archived', {}, null)).statusCode).toBe(401);
      for (const user of [subscriber, owner, affiliate]) expect((await get('/api/search/archived', {}, user)).statusCode).toBe(403);
      expect((await get('/api/search/archived', {}, admin)).statusCode).toBe(200);
    });
  });

  describe('validation', () => {
    it('refuses unknown parameters and bad values naming the field', async () => {
      const cases: [Params, string][] = [
        [{ colour: 'red' }, 'colour'],
        [{ kind: 'Drone' }, 'kind.0'],
        [{ key: 'H minor' }, 'key.0'],
        [{ bpm_min: 'fast' }, 'bpm_min'],
        [{ bpm_min: 140, bpm_max: 90 }, 'bpm_min'],
        [{ sort: 'loudest' }, 'sort'],
        [{ has_stems: 'maybe' }, 'has_stems'],
        [{ genre: 'not-a-genre' }, 'genre.0'],
        [{ cursor: 'garbage' }, 'cursor'],
      ];
      for (const [params, field] of cases) {
        const res = await get('/api/search', params);
        expect(res.statusCode, JSON.stringify(params)).toBe(400);
        expect(res.json().error, JSON.stringify(params)).toMatchObject({ code: 'VALIDATION_FAILED', field });
      }
    });
  });

  describe('the index follows the catalogue in the same transaction', () => {
    it('re-indexes items when their pack or creator is renamed, and drops them when the pack is unpublished', async () => {
      await t.ctx.db.transaction(async (tx) => {
        await tx.update(packs).set({ title: 'Moonlit Percussion' }).where(eq(packs.id, packIds.drums));
        // Inside the same transaction the index already says so.
        const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(items).where(sql`search_vector @@ 'moonlit'::tsquery`);
        expect(row!.n).toBe(12); // the taken-down one too: listing is decided apart
      });
      expect((await search({ q: 'moonlit', limit: 50 })).total).toBe(11);
      expect((await search({ q: 'midnight' })).total).toBe(0);
      await t.ctx.db.update(creators).set({ name: 'Aurora Samples' }).where(eq(creators.slug, 'echo-lab'));
      expect((await search({ q: 'aurora', limit: 50 })).total).toBe(7);
      await t.ctx.db.update(items).set({ name: 'Velour Pad', tags: ['silky'] }).where(eq(items.id, id['Glass Pad']!));
      expect(names(await search({ q: 'silky velour' }))).toEqual(['Velour Pad']);
      await t.ctx.db.update(packs).set({ status: PACK_STATUS.processing }).where(eq(packs.id, packIds.loops));
      expect((await search({ q: 'piano' })).total).toBe(0);
      await t.ctx.db.update(packs).set({ status: PACK_STATUS.published }).where(eq(packs.id, packIds.loops));
      expect((await search({ q: 'piano' })).total).toBe(2);
    });

    it('holds the taxonomy labels of @crate/contract/taxonomy', async () => {
      const rows = await t.ctx.db.select().from(searchTaxonomyLabels);
      const stored = rows.map((r) => `${r.kind}:${r.slug}:${r.label}`).sort();
      const expected = [...GENRES.map((g) => `genre:${g.slug}:${g.label}`), ...INSTRUMENTS.map((i) => `instrument:${i.slug}:${i.label}`)].sort();
      expect(stored).toEqual(expected);
    });
  });

  describe('archive', () => {
    it('lists archived packs and taken-down sounds with their reasons', async () => {
      const { names: got } = await all({}, admin, '/api/search/archived');
      expect(got.sort()).toEqual(['Stolen Vocal', 'Vault Bass']);
      const page = (await search({}, admin, '/api/search/archived')) as unknown as { items: Record<string, unknown>[] };
      const vocal = page.items.find((i) => i.name === 'Stolen Vocal')!;
      expect(vocal).toMatchObject({ takedown_reason: "Creator doesn't own rights", taken_down_at: expect.any(String), pack_archived: false });
      const bass = page.items.find((i) => i.name === 'Vault Bass')!;
      expect(bass).toMatchObject({ pack_archived: true, pack_status: PACK_STATUS.archived, pack_takedown_reason: 'Technical Issue', taken_down_at: null });
      expect(names(await search({ q: 'stolen' }, admin, '/api/search/archived'))).toEqual(['Stolen Vocal']);
    });

    it('restores a taken-down sound and an archived pack, with an audit row each', async () => {
      const post = (path: string, user: TestUser = admin) => t.app.inject({ method: 'POST', url: path, headers: { cookie: user.cookie } });
      expect((await post(`/api/admin/archive/items/${id['Stolen Vocal']}/restore`, subscriber)).statusCode).toBe(403);

      const item = await post(`/api/admin/archive/items/${id['Stolen Vocal']}/restore`);
      expect(item.statusCode, item.body).toBe(200);
      expect(item.json()).toEqual({ id: id['Stolen Vocal'], target: 'item', pack_status: PACK_STATUS.published, listed: true });
      expect(names(await search({ q: 'stolen' }))).toEqual(['Stolen Vocal']);
      expect((await post(`/api/admin/archive/items/${id['Stolen Vocal']}/restore`)).statusCode).toBe(409);

      const pack = await post(`/api/admin/archive/packs/${packIds.archived}/restore`);
      expect(pack.statusCode, pack.body).toBe(200);
      expect(pack.json()).toEqual({ id: packIds.archived, target: 'pack', pack_status: PACK_STATUS.published, listed: true });
      expect(names(await search({ q: 'vault' }))).toEqual(['Vault Bass']);
      expect((await post(`/api/admin/archive/packs/${packIds.archived}/restore`)).statusCode).toBe(409);
      expect((await post(`/api/admin/archive/packs/${packIds.draft}/restore`)).statusCode).toBe(409);
      expect((await post('/api/admin/archive/packs/00000000-0000-4000-8000-000000000000/restore')).statusCode).toBe(404);

      const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, admin.id)));
      expect(audits.map((a) => `${a.action}:${a.targetId}`).sort()).toEqual([`item.restore:${id['Stolen Vocal']}`, `pack.restore:${packIds.archived}`].sort());
      expect((await search({}, admin, '/api/search/archived')).total).toBe(0);
    });
  });

  describe('similar sounds', () => {
    it("returns a kick's nearest neighbours by audio features: kicks, same type, never itself", async () => {
      const res = await get('/api/items/thunder-kick/similar', { limit: 5 }, null);
      expect(res.statusCode, res.body).toBe(200);
      const got = (res.json() as { items: { name: string; type: string }[] }).items;
      expect(got.map((i) => i.name)).toEqual(['Thunder Kick Long Tail', 'Dusty Kick 1', 'Dusty Kick 2', 'Dusty Kick 3', 'Dusty Kick 4']);
      const snares = (await get('/api/items/crisp-snare-1/similar', { limit: 3 }, null)).json().items.map((i: { name: string }) => i.name);
      expect(snares).toEqual(['Crisp Snare 2', 'Crisp Snare 3', 'Crisp Snare 4']);
    });

    it('offers only free sounds when asked (free search), still nearest first', async () => {
      const res = await get('/api/items/thunder-kick/similar', { limit: 5, free: 'true' }, null);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { items: { name: string; is_free: boolean }[] }).items.map((i) => [i.name, i.is_free])).toEqual([['Free Clap', true]]);
      expect((await get('/api/items/thunder-kick/similar', { free: 'maybe' }, null)).statusCode).toBe(400);
    });

    it('answers 404 for a sound that is not listed', async () => {
      expect((await get('/api/items/hidden-draft-kick/similar', {}, null)).statusCode).toBe(404);
      expect((await get('/api/items/no-such-sound/similar', {}, null)).statusCode).toBe(404);
    });
  });
});
