/**
 * The contract test of the in-memory search index (src/features/search/index/, decision 0018): whatever its
 * modules keep inside (typed columns, postings, bitsets, presorted orders, a saved snapshot), every answer
 * must equal the SQL engine's (postgres-search-engine.ts) on the same catalogue — the page's ids, the
 * cursors, the total and every facet count — for random queries over random catalogues, small ones (where
 * words and facet values are lists) and larger ones (where they are bitsets), after changes through the
 * outbox, and after a saved index is loaded. A change to the index is correct when this stays green on both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { FEELS, ITEM_KINDS, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { searchQuerySchema, type SearchQueryInput } from '@crate/contract/search';
import { buildApp } from '../src/app.ts';
import { itemEvents, items, ownedItems, packs, searchOutbox } from '../src/db/schema/index.ts';
import { createIndexedSearchEngine, snapshotKey } from '../src/features/search/indexed-search-engine.ts';
import { SNAPSHOT_FORMAT } from '../src/features/search/index/snapshot.ts';
import { createPostgresSearchEngine } from '../src/features/search/postgres-search-engine.ts';
import type { SearchEngine, SearchScope } from '../src/features/search/search-engine.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { seededRandom } from './seeded-random.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const WORDS = ['dark', 'dusty', 'kick', 'snare', 'warm', 'tape', 'glass', 'vinyl', 'bright', 'keys', 'loop', 'punchy', 'night', 'drum'];
const GENRE_POOL = ['trap', 'house', 'lo-fi-hip-hop', 'drum-and-bass', 'techno', 'soul'];
const INSTRUMENT_POOL = ['kick', 'snare', 'piano', 'pad', 'break', 'clap', '808'];

/**
 * A query on the index and on plain SQL, through up to `pages` pages (first pages carry the total and the
 * facets, later ones follow the cursor): every answer must be equal.
 */
async function expectPagesAsSql(index: SearchEngine, reference: SearchEngine, input: SearchQueryInput, scope: SearchScope, pages: number) {
  let query = searchQuerySchema.parse(input);
  for (let page = 0; page < pages; page++) {
    const [fromIndex, fromSql] = await Promise.all([index.search(query, scope), reference.search(query, scope)]);
    expect(fromIndex, JSON.stringify({ input, scope, page })).toEqual(fromSql);
    if (!fromSql.nextCursor) break;
    query = searchQuerySchema.parse({ ...input, cursor: fromSql.nextCursor, ...(fromSql.seed ? { seed: fromSql.seed } : {}) });
  }
}

/** A query a producer might ask: some words (a prefix or a typo sometimes), up to three filters, any sort. */
function randomQuery(r: ReturnType<typeof seededRandom>, slugs: { creators: string[]; packs: string[] }): SearchQueryInput {
  const q: SearchQueryInput = { limit: 1 + r.int(12) };
  const words = r.some(WORDS, 2);
  if (words.length > 0 && r.next() < 0.7) {
    let text = words.join(' ');
    const roll = r.next();
    if (roll < 0.25) text = text.slice(0, Math.max(1, text.length - 2)); // typing: the last word is a prefix
    else if (roll < 0.35) text = text.replace(/[aeiou]/, ''); // a typo
    q.q = text;
  }
  const filters: (() => void)[] = [
    () => (q.kind = r.some(ITEM_KINDS, 2)),
    () => (q.type = r.some(['sample', 'preset'] as const, 2)),
    () => (q.key = r.some(MUSICAL_KEYS, 3)),
    () => (q.genre = r.some(GENRE_POOL, 2)),
    () => (q.instrument = r.some(INSTRUMENT_POOL, 2)),
    () => (q.bpm_min = 60 + r.int(80)),
    () => (q.bpm_max = 100 + r.int(100)),
    () => (q.time_signature = r.some(TIME_SIGNATURES, 2)),
    () => (q.feel = [r.pick(FEELS)]),
    () => (q.licence_type = [r.pick(LICENCE_TYPES)]),
    () => (q.plugin = [r.pick(PRESET_PLUGINS)]),
    () => (q.has_stems = r.pick(['true', 'false'])),
    () => (q.has_midi = r.pick(['true', 'false'])),
    () => (q.free = 'true'),
    () => (q.not_owned = 'true'),
    () => (q.creator = [r.pick([...slugs.creators, 'nobody'])]),
    () => (q.pack = r.some(slugs.packs, 2)),
  ];
  for (let i = r.int(4); i > 0; i--) r.pick(filters)();
  if (typeof q.bpm_min === 'number' && typeof q.bpm_max === 'number' && q.bpm_min > q.bpm_max) delete q.bpm_min;
  const sort = r.pick(['relevance', 'newest', 'popular', 'bpm', 'random', undefined] as const);
  if (sort) q.sort = sort;
  if (sort === 'random') q.seed = `s${r.int(1000)}`;
  return q;
}

describe(`the in-memory search index on ${TEST_DB}`, () => {
  let t: TestApp;
  let viewer: TestUser;
  let index: SearchEngine;
  let reference: SearchEngine;
  const itemIds: string[] = [];
  const slugs = { creators: [] as string[], packs: [] as string[] };

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createUser(t.ctx, { roles: ['subscriber'] });
    index = t.app.searchIndex!;
    reference = createPostgresSearchEngine(t.ctx.db);
    const r = seededRandom(20261123);
    for (let c = 0; c < 3; c++) {
      const owner = await createUser(t.ctx, { roles: ['creator'] });
      const creator = await createCreator(t.ctx, owner.id, { name: `${r.pick(WORDS)} ${r.pick(['Audio', 'Lab', 'Kits'])}`, slug: `creator-${c}` });
      slugs.creators.push(creator.slug);
      for (let p = 0; p < 3; p++) {
        const status = r.pick([PACK_STATUS.published, PACK_STATUS.published, PACK_STATUS.published, PACK_STATUS.draft, PACK_STATUS.archived]);
        const pack = await createPack(t.ctx, creator.id, {
          title: `${r.pick(WORDS)} ${r.pick(WORDS)} ${r.pick(['Vol 1', 'Sessions', 'Stash'])}`,
          slug: `pack-${c}-${p}`,
          status,
          publishedAt: status === PACK_STATUS.draft ? null : new Date(Date.UTC(2026, r.int(12), 1 + r.int(28), r.int(24), r.int(60), r.int(60), r.int(1000))),
        });
        slugs.packs.push(pack.slug);
        for (let n = 0; n < 14; n++) {
          const preset = r.next() < 0.15;
          const [row] = await createItems(t.ctx, pack, 1, {
            name: `${r.pick(WORDS)} ${r.pick(WORDS)}${r.next() < 0.5 ? ` ${r.int(20)}` : ''}`,
            type: preset ? ('preset' as const) : ('sample' as const),
            kind: preset ? null : r.pick(ITEM_KINDS),
            plugin: preset ? r.pick(PRESET_PLUGINS) : null,
            key: r.next() < 0.6 ? r.pick(MUSICAL_KEYS) : null,
            bpm: r.next() < 0.7 ? 55 + r.int(140) + r.pick([0, 0.4, 0.5, 0.6]) : null,
            timeSignature: r.next() < 0.6 ? r.pick(TIME_SIGNATURES) : null,
            feel: r.next() < 0.5 ? r.pick(FEELS) : null,
            licenceType: r.pick(LICENCE_TYPES),
            tags: r.some(WORDS, 2),
            // Up to four: the index keeps a sound's first two apart from the rest.
            genres: r.some(GENRE_POOL, 4),
            instruments: r.some(INSTRUMENT_POOL, 4),
            isFree: r.next() < 0.25,
            hasStems: r.next() < 0.3,
            hasMidi: r.next() < 0.3,
            takenDownAt: r.next() < 0.08 ? new Date() : null,
            takedownReason: null,
          });
          itemIds.push(row!.id);
        }
      }
    }
    await t.ctx.db.insert(ownedItems).values(itemIds.filter(() => r.next() < 0.1).map((itemId) => ({ userId: viewer.id, itemId, source: 'purchase' as const })));
    await t.ctx.db.insert(itemEvents).values(itemIds.filter(() => r.next() < 0.3).map((itemId) => ({ itemId, kind: r.pick(['play', 'download', 'favorite'] as const) })));
    await t.app.searchIndex!.catchUp();
  });
  afterAll(() => t.close());

  it('answers random queries exactly as plain SQL does: every page, the total and every facet count', async () => {
    const r = seededRandom(7);
    for (let n = 0; n < 120; n++) {
      const input = randomQuery(r, slugs);
      const scope: SearchScope = { corpus: r.pick(['paid', 'paid', 'free', 'archived'] as const), userId: r.next() < 0.6 ? viewer.id : null };
      await expectPagesAsSql(index, reference, input, scope, 4);
    }
  });

  it('answers a search asked while it is still being built, from PostgreSQL', async () => {
    const building = createIndexedSearchEngine(t.ctx.db, { pollMs: 50, logger: t.app.log });
    const query = searchQuerySchema.parse({ q: 'dusty', genre: 'trap' });
    const scope: SearchScope = { corpus: 'paid', userId: viewer.id };
    const answer = building.search(query, scope);
    expect(building.status().ready).toBe(false);
    expect(await answer).toEqual(await reference.search(query, scope));
    await building.ready;
    expect(building.status()).toMatchObject({ ready: true });
    expect(await building.search(query, scope)).toEqual(await reference.search(query, scope));
    await building.stop();
  });

  it('shows publications, edits, takedowns and restores to a second API process within a second', async () => {
    // Another process on the same database: its own app and index, told about nothing but the outbox.
    const second = await buildApp(t.ctx);
    await second.ready();
    await second.searchIndex!.ready;
    const totalOf = async (q: string) => {
      const res = await second.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie: viewer.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { total: number }).total;
    };
    const within = (check: () => Promise<unknown>) => expect.poll(check, { timeout: 1500, interval: 50 });
    try {
      const owner = await createUser(t.ctx, { roles: ['creator'] });
      const creator = await createCreator(t.ctx, owner.id, { name: 'Zephyr House', slug: 'zephyr-house' });
      const pack = await createPack(t.ctx, creator.id, { title: 'Quasar Tools', slug: 'quasar-tools', status: PACK_STATUS.draft, publishedAt: null });
      const [one, two] = await createItems(t.ctx, pack, 2, { name: 'Quasar Hit' });
      expect(await totalOf('quasar')).toBe(0);

      await t.ctx.db.update(packs).set({ status: PACK_STATUS.published, publishedAt: new Date() }).where(eq(packs.id, pack.id));
      await within(() => totalOf('quasar')).toBe(2);

      await t.ctx.db.update(items).set({ name: 'Nebula Hit' }).where(eq(items.id, one!.id));
      await within(() => totalOf('nebula')).toBe(1);

      await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, two!.id));
      await within(() => totalOf('quasar')).toBe(1); // the pack title still matches the renamed one

      const admin = await createUser(t.ctx, { roles: ['admin'] });
      const restored = await t.app.inject({ method: 'POST', url: `/api/admin/archive/items/${two!.id}/restore`, headers: { cookie: admin.cookie } });
      expect(restored.statusCode, restored.body).toBe(200);
      await within(() => totalOf('quasar')).toBe(2);

      await t.ctx.db.update(packs).set({ status: PACK_STATUS.archived }).where(eq(packs.id, pack.id));
      await within(() => totalOf('quasar')).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('keeps its whole-corpus facet counts exact through the changes it follows', async () => {
    // Searches matching most of a corpus are counted as the whole corpus minus the rest; the whole corpus is
    // counted once and then changed one item at a time, so each change must land in those counts exactly.
    const broad = [{}, { sort: 'popular' }, { has_midi: 'false' }, { has_stems: 'false', sort: 'bpm' }] as SearchQueryInput[];
    const expectSameAsSql = async () => {
      for (const corpus of ['paid', 'archived', 'free'] as const) {
        for (const input of broad) {
          const query = searchQuerySchema.parse(input);
          const scope: SearchScope = { corpus, userId: null };
          expect(await index.search(query, scope), JSON.stringify({ input, corpus })).toEqual(await reference.search(query, scope));
        }
      }
    };
    // The tests before wrote straight to the database: the index learns of that by polling, so read the outbox first.
    await (index as ReturnType<typeof createIndexedSearchEngine>).catchUp();
    await expectSameAsSql();

    const owner = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Late Arrival', slug: 'late-arrival' });
    const pack = await createPack(t.ctx, creator.id, { title: 'Late Pack', slug: 'late-pack', status: PACK_STATUS.published, publishedAt: new Date() });
    await createItems(t.ctx, pack, 6, { kind: 'Loop', key: 'C#/Db minor', bpm: 128, genres: ['techno', 'soul'], instruments: ['808'], hasMidi: true });
    const [listed] = await t.ctx.db.select({ id: items.id }).from(items).innerJoin(packs, eq(packs.id, items.packId)).where(eq(packs.status, PACK_STATUS.published)).limit(1);
    await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, listed!.id));
    await (index as ReturnType<typeof createIndexedSearchEngine>).catchUp();
    await expectSameAsSql();
  });

  it('follows plays, downloads and favourites in popular order, and tells the caches of rows and shared answers nothing', async () => {
    const engine = t.app.searchIndex!;
    await engine.catchUp();
    const heard: (readonly string[] | 'all')[] = [];
    engine.onChange((changed) => heard.push(changed));
    const query = searchQuerySchema.parse({ sort: 'popular' });
    const scope: SearchScope = { corpus: 'paid', userId: null };
    const before = await engine.search(query, scope);
    // The last sound of the first page is downloaded until it leads.
    const risen = before.itemIds[before.itemIds.length - 1]!;
    expect(before.itemIds[0]).not.toBe(risen);
    await t.ctx.db.insert(itemEvents).values(Array.from({ length: 50 }, () => ({ itemId: risen, kind: 'download' as const })));
    const [queued] = await t.ctx.db.select({ entity: searchOutbox.entity, entityId: searchOutbox.entityId }).from(searchOutbox).orderBy(desc(searchOutbox.id)).limit(1);
    expect(queued).toEqual({ entity: 'popularity', entityId: risen });
    await engine.catchUp();
    const after = await engine.search(query, scope);
    expect(after.itemIds[0]).toBe(risen);
    expect(after).toEqual(await reference.search(query, scope));
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((changed) => changed !== 'all' && changed.length === 0)).toBe(true);
  });

  describe('saved between starts', () => {
    const broadAndNarrow = [{}, { sort: 'popular' }, { q: 'dusty' }, { genre: 'trap', sort: 'bpm' }, { has_midi: 'false' }] as SearchQueryInput[];
    const expectSameAsSql = async (engine: SearchEngine) => {
      for (const corpus of ['paid', 'archived'] as const) {
        for (const input of broadAndNarrow) {
          const query = searchQuerySchema.parse(input);
          const scope: SearchScope = { corpus, userId: viewer.id };
          expect(await engine.search(query, scope), JSON.stringify({ input, corpus })).toEqual(await reference.search(query, scope));
        }
      }
    };
    const start = async () => {
      const engine = createIndexedSearchEngine(t.ctx.db, { pollMs: 50, logger: t.app.log, snapshots: t.ctx.storage });
      await engine.ready;
      return engine;
    };

    it('a new process loads the saved index, reads only the outbox since, and answers exactly as SQL does', async () => {
      // The suite's app saved its index when it started, before the catalogue was written: loading it means
      // replaying every change since from the outbox.
      const owner = await createUser(t.ctx, { roles: ['creator'] });
      const creator = await createCreator(t.ctx, owner.id, { name: 'Saved Later', slug: 'saved-later' });
      const pack = await createPack(t.ctx, creator.id, { title: 'Snapshot Pack', slug: 'snapshot-pack', status: PACK_STATUS.published, publishedAt: new Date() });
      await createItems(t.ctx, pack, 3, { name: 'Xylosnap Hit', genres: ['trap'] });
      const loaded = await start();
      try {
        expect(loaded.status()).toMatchObject({ ready: true, source: 'snapshot' });
        expect((await loaded.search(searchQuerySchema.parse({ q: 'xylosnap' }), { corpus: 'paid', userId: null })).total).toBe(3);
        await expectSameAsSql(loaded);
      } finally {
        await loaded.stop();
      }
    });

    it('reads the catalogue again when the saved index is unreadable or older than the outbox keeps', async () => {
      // Saved anew by the start above; now the outbox forgets what followed it (pruned), as after a long gap.
      await t.ctx.db.execute(sql`delete from search_outbox`);
      await createItems(t.ctx, (await t.ctx.db.select().from(packs).where(eq(packs.slug, 'snapshot-pack')))[0]!, 1, { name: 'Gapfill Hit' });
      await t.ctx.db.execute(sql`delete from search_outbox`);
      const afterGap = await start();
      try {
        expect(afterGap.status()).toMatchObject({ ready: true, source: 'database' });
        expect((await afterGap.search(searchQuerySchema.parse({ q: 'gapfill' }), { corpus: 'paid', userId: null })).total).toBe(1);
        await expectSameAsSql(afterGap);
      } finally {
        await afterGap.stop();
      }

      await t.ctx.storage.put(snapshotKey(SNAPSHOT_FORMAT), Buffer.from('CRATESIX but not really'), { contentType: 'application/octet-stream' });
      // An index an older release saved, in a format this one cannot read.
      await t.ctx.storage.put(snapshotKey(SNAPSHOT_FORMAT - 1), Buffer.from('an older format'), { contentType: 'application/octet-stream' });
      const afterDamage = await start();
      try {
        expect(afterDamage.status()).toMatchObject({ ready: true, source: 'database' });
        await expectSameAsSql(afterDamage);
        // It saved its own again, and the older format's is gone from storage.
        expect((await t.ctx.storage.head(snapshotKey(SNAPSHOT_FORMAT)))!.size).toBeGreaterThan(100);
        expect(await t.ctx.storage.head(snapshotKey(SNAPSHOT_FORMAT - 1))).toBeNull();
      } finally {
        await afterDamage.stop();
      }
    });
  });
});

describe(`the in-memory search index at a scale where words and facet values are bitsets, on ${TEST_DB}`, () => {
  // 2,400 sounds: words in more than 1/32 of them and facet values in 256 or more are kept as bitsets, rarer
  // ones as lists (features/search/index/), and a query's matches go from dense to sparse; the small catalogue above
  // keeps almost everything as lists. Every path has to answer as plain SQL does.
  let t: TestApp;
  let viewer: TestUser;
  const slugs = { creators: [] as string[], packs: [] as string[] };

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createUser(t.ctx, { roles: ['subscriber'] });
    const r = seededRandom(20261125);
    // Rare words and values beside common ones: some sounds carry a word only a few others have.
    const rareWords = Array.from({ length: 40 }, (_, i) => `rare${i}`);
    const itemIds: string[] = [];
    for (let c = 0; c < 4; c++) {
      const owner = await createUser(t.ctx, { roles: ['creator'] });
      const creator = await createCreator(t.ctx, owner.id, { name: `${r.pick(WORDS)} Works ${c}`, slug: `big-creator-${c}` });
      slugs.creators.push(creator.slug);
      for (let p = 0; p < 4; p++) {
        const status = r.pick([PACK_STATUS.published, PACK_STATUS.published, PACK_STATUS.published, PACK_STATUS.archived]);
        const pack = await createPack(t.ctx, creator.id, { title: `${r.pick(WORDS)} ${r.pick(rareWords)} Vol ${p}`, slug: `big-pack-${c}-${p}`, status });
        slugs.packs.push(pack.slug);
        const rows = Array.from({ length: 150 }, (_, position) => {
          const preset = r.next() < 0.1;
          const takenDownAt = r.next() < 0.03 ? new Date() : null;
          return {
            packId: pack.id,
            creatorId: creator.id,
            slug: `big-${c}-${p}-${position}`,
            position,
            name: `${r.pick(WORDS)} ${r.next() < 0.2 ? r.pick(rareWords) : r.pick(WORDS)} ${r.int(30)}`,
            type: preset ? ('preset' as const) : ('sample' as const),
            kind: preset ? null : r.next() < 0.7 ? ('One-Shot' as const) : r.pick(ITEM_KINDS),
            plugin: preset ? r.pick(PRESET_PLUGINS) : null,
            key: r.next() < 0.5 ? (r.next() < 0.5 ? 'C minor' : r.pick(MUSICAL_KEYS)) : null,
            bpm: r.next() < 0.6 ? 60 + r.int(130) + r.pick([0, 0.5]) : null,
            timeSignature: r.next() < 0.6 ? (r.next() < 0.8 ? '4/4' : r.pick(TIME_SIGNATURES)) : null,
            feel: r.next() < 0.5 ? r.pick(FEELS) : null,
            licenceType: r.pick(LICENCE_TYPES),
            tags: [...r.some(WORDS, 2), ...(r.next() < 0.05 ? [r.pick(rareWords)] : [])],
            genres: r.next() < 0.6 ? [...new Set(['trap', ...r.some(GENRE_POOL, 1)])] : r.some(GENRE_POOL, 2),
            instruments: r.some(INSTRUMENT_POOL, 2),
            isFree: r.next() < 0.15,
            hasStems: r.next() < 0.3,
            hasMidi: r.next() < 0.05,
            takenDownAt,
            takedownReason: takenDownAt ? ('Technical Issue' as const) : null,
          };
        });
        for (const row of await t.ctx.db.insert(items).values(rows).returning({ id: items.id })) itemIds.push(row.id);
      }
    }
    await t.ctx.db.insert(ownedItems).values(itemIds.filter(() => r.next() < 0.05).map((itemId) => ({ userId: viewer.id, itemId, source: 'purchase' as const })));
    await t.app.searchIndex!.catchUp();
  });
  afterAll(() => t.close());

  it('answers random queries exactly as plain SQL does, on common and rare words and values alike', async () => {
    const index = t.app.searchIndex!;
    const reference = createPostgresSearchEngine(t.ctx.db);
    const r = seededRandom(11);
    for (let n = 0; n < 150; n++) {
      const input = randomQuery(r, slugs);
      if (r.next() < 0.3) input.q = `${input.q ?? r.pick(WORDS)} rare${r.int(40)}`.trim();
      const scope: SearchScope = { corpus: r.pick(['paid', 'paid', 'free', 'archived'] as const), userId: r.next() < 0.6 ? viewer.id : null };
      await expectPagesAsSql(index, reference, input, scope, 3);
    }
  });
});
