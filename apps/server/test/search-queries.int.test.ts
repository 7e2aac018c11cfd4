import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { searchQuerySchema, type SearchFacets } from '@crate/contract/search';
import type { items } from '../src/db/schema/index.ts';
import { createSearchService } from '../src/features/search/search-service.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Queries musicians type (issue 32) against a small catalogue, on both search engines: the in-memory index
 * (through the API) and PostgreSQL alone (the same service configured with SEARCH_INDEX=postgres).
 */
type Params = Record<string, string | number | string[]>;
interface Answer {
  names: string[];
  total: number | null;
  facets: SearchFacets | null;
  corrected: { word: string }[];
}

describe(`what a musician types, on ${TEST_DB}`, () => {
  let t: TestApp;
  let subscriber: TestUser;
  let engines: { name: string; search(params: Params): Promise<Answer> }[];

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    const owner = await createUser(t.ctx, { roles: ['creator'] });
    const creator = await createCreator(t.ctx, owner.id, { name: 'Studio North', slug: 'studio-north' });
    const drums = await createPack(t.ctx, creator.id, { title: 'Night Drums', slug: 'night-drums', genres: ['trap'] });
    const synths = await createPack(t.ctx, creator.id, { title: 'Synth Shelf', slug: 'synth-shelf', genres: ['house'] });
    const loops = await createPack(t.ctx, creator.id, { title: 'Chord Room', slug: 'chord-room', genres: ['house'] });
    const add = (pack: { id: string; creatorId: string }, name: string, o: Partial<typeof items.$inferInsert>) =>
      createItems(t.ctx, pack, 1, { name, slug: name.toLowerCase().replaceAll(' ', '-'), ...o });

    await add(drums, 'Kick 01', { instruments: ['kick'], tags: ['punchy'], genres: ['trap'] });
    // A kick whose name does not say so: what it is (its instrument) still ranks it above tags.
    await add(drums, 'Boom', { instruments: ['kick'], tags: ['deep'], genres: ['trap'] });
    await add(drums, 'Snare 01', { instruments: ['snare'], tags: ['crisp'], genres: ['trap'] });
    for (const name of ['Punch Bass', 'Glass Lead', 'Wide Pluck']) {
      await add(synths, name, { type: 'preset', kind: null, plugin: 'Serum', instruments: ['synth'], tags: ['kick', 'layer'], genres: ['house'] });
    }
    await add(synths, 'Tape Wobble', { type: 'preset', kind: null, plugin: 'RC20', instruments: ['synth'], tags: ['lofi'], genres: ['lo-fi-hip-hop'] });
    await add(loops, 'Dark Piano Loop', { kind: 'Loop', key: 'C minor', bpm: 120, instruments: ['piano'], tags: ['dark'], genres: ['lo-fi-hip-hop'] });
    // 120 BPM by its tempo, not its name (120.3 is 120 as the BPM filter compares).
    await add(loops, 'Midnight Chords', { kind: 'Loop', key: 'C minor', bpm: 120.3, instruments: ['piano'], tags: ['dark'], genres: ['house'] });
    await add(loops, 'Sunny Strum', { kind: 'Loop', key: 'C major', bpm: 120, instruments: ['guitar'], tags: ['bright'], genres: ['house'] });
    await add(loops, 'Warm Keys', { kind: 'Loop', key: 'A minor', bpm: 122, instruments: ['piano'], tags: ['dark'], genres: ['house'] });
    await add(loops, 'Rush Groove', { kind: 'Loop', key: 'C minor', bpm: 126, instruments: ['synth'], tags: ['dark'], genres: ['house'] });
    await add(loops, 'Jungle Break', { kind: 'Loop', bpm: 170, instruments: ['break'], tags: ['dark'], genres: ['drum-and-bass'] });
    await add(loops, 'Lazy Swing', { kind: 'Loop', key: 'F#/Gb minor', bpm: 95, instruments: ['guitar'], genres: ['lo-fi-hip-hop'] });
    await add(loops, 'Dark Stab', { kind: 'One-Shot', key: 'C minor', instruments: ['synth'], tags: ['dark'], genres: ['house'] });

    await t.app.searchIndex?.catchUp();
    const postgres = createSearchService({ ...t.ctx, config: { ...t.ctx.config, searchIndex: { kind: 'postgres' } } }, pino({ level: 'silent' }));
    engines = [
      {
        name: 'in-memory index, through the API',
        async search(params) {
          const qs = new URLSearchParams();
          for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
          const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}`, headers: { cookie: subscriber.cookie } });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<{ items: { name: string }[]; total: number | null; facets: SearchFacets | null; corrected: { word: string }[] }>();
          return { names: body.items.map((i) => i.name), total: body.total, facets: body.facets, corrected: body.corrected };
        },
      },
      {
        name: 'PostgreSQL alone',
        async search(params) {
          // As a visitor: the rows and counts are everyone's (only "not yet owned" is a viewer's own).
          const { rows, page } = await postgres.find(searchQuerySchema.parse(params), null, null, 'paid');
          return { names: rows.map((r) => r.name), total: page.total, facets: page.facets, corrected: page.corrected };
        },
      },
    ];
    expect(t.app.searchIndex?.status().ready).toBe(true);
  });
  afterAll(() => t.close());

  /** Query → the results expected first, in order (`top`), or exactly the set of results (`only`). */
  const TABLE: { q: string; params?: Params; top?: string[]; only?: string[] }[] = [
    { q: 'C minor', only: ['Dark Piano Loop', 'Midnight Chords', 'Rush Groove', 'Dark Stab'] },
    { q: 'Cm', only: ['Dark Piano Loop', 'Midnight Chords', 'Rush Groove', 'Dark Stab'] },
    { q: 'Am', only: ['Warm Keys'] },
    { q: 'F♯m', only: ['Lazy Swing'] },
    { q: 'c#maj', only: [] },
    // Never read as a typo: 122, 126 and 170 BPM are not 120.
    { q: '120 bpm', only: ['Dark Piano Loop', 'Midnight Chords', 'Sunny Strum'] },
    { q: '120bpm', only: ['Dark Piano Loop', 'Midnight Chords', 'Sunny Strum'] },
    { q: '90-100 bpm', only: ['Lazy Swing'] },
    { q: '118–124bpm', only: ['Dark Piano Loop', 'Midnight Chords', 'Sunny Strum', 'Warm Keys'] },
    { q: 'chords 120 bpm', only: ['Midnight Chords'] },
    { q: 'dark 120 bpm loop in C minor', top: ['Dark Piano Loop', 'Midnight Chords'], only: ['Dark Piano Loop', 'Midnight Chords'] },
    { q: 'dark loop', top: ['Dark Piano Loop'], only: ['Dark Piano Loop', 'Midnight Chords', 'Warm Keys', 'Rush Groove', 'Jungle Break'] },
    // The kicks themselves before presets whose tags mention kick.
    { q: 'kick', top: ['Kick 01', 'Boom'], only: ['Kick 01', 'Boom', 'Punch Bass', 'Glass Lead', 'Wide Pluck'] },
    { q: 'one-shot kick', only: ['Kick 01', 'Boom'] },
    { q: 'one shot', only: ['Kick 01', 'Boom', 'Snare 01', 'Dark Stab'] },
    { q: 'serum presets', only: ['Punch Bass', 'Glass Lead', 'Wide Pluck'] },
    { q: 'rc-20', only: ['Tape Wobble'] },
    { q: 'piano loop', top: ['Dark Piano Loop'], only: ['Dark Piano Loop', 'Midnight Chords', 'Warm Keys'] },
    // Decision 0061: a typed key, kind or plugin joins that facet's chosen values; a chosen BPM range replaces a typed tempo.
    { q: 'C minor', params: { key: 'A minor' }, only: ['Dark Piano Loop', 'Midnight Chords', 'Rush Groove', 'Dark Stab', 'Warm Keys'] },
    { q: '120 bpm', params: { bpm_min: 160, bpm_max: 180 }, only: ['Jungle Break'] },
  ];

  for (const row of TABLE) {
    it(`${JSON.stringify(row.q)}${row.params ? ` with ${JSON.stringify(row.params)}` : ''} finds ${JSON.stringify(row.top ?? row.only)}`, async () => {
      for (const engine of engines) {
        const answer = await engine.search({ q: row.q, ...row.params, limit: 50 });
        const where = `${engine.name}: ${row.q}`;
        expect(answer.corrected, where).toEqual([]);
        if (row.top) expect(answer.names.slice(0, row.top.length), where).toEqual(row.top);
        if (row.only) expect([...answer.names].sort(), where).toEqual([...row.only].sort());
        expect(answer.total, where).toBe(answer.names.length);
      }
    });
  }

  it('keeps every genre in the genre facet when one is chosen, counting what choosing it instead would find', async () => {
    for (const engine of engines) {
      const all = (await engine.search({})).facets!;
      const chosen = await engine.search({ genre: 'house' });
      expect(chosen.names, engine.name).toHaveLength(all.genre.find((g) => g.value === 'house')!.count);
      // The genre facet is counted as if no genre were chosen; the other facets over the house sounds.
      expect(chosen.facets!.genre, engine.name).toEqual(all.genre);
      expect(chosen.facets!.genre.map((g) => g.value).sort(), engine.name).toEqual(['drum-and-bass', 'house', 'lo-fi-hip-hop', 'trap']);
      for (const genre of chosen.facets!.genre) expect((await engine.search({ genre: genre.value })).total, `${engine.name} ${genre.value}`).toBe(genre.count);
      expect(chosen.facets!.type, engine.name).toEqual([{ value: 'sample', label: 'sample', count: 5 }, { value: 'preset', label: 'preset', count: 3 }]);
    }
  });

  it('counts every filtered facet drill-sideways, typed filters too', async () => {
    for (const engine of engines) {
      const params: Params = { q: 'dark loop in C minor', instrument: 'piano', bpm_min: 100, bpm_max: 125 };
      const answer = await engine.search(params);
      expect(answer.names.sort(), engine.name).toEqual(['Dark Piano Loop', 'Midnight Chords']);
      const facets = answer.facets!;
      // Kind: dark C minor piano sounds at 100–125 BPM of any kind (none but loops); key: dark piano loops at 100–125 of any key.
      expect(facets.kind, engine.name).toEqual([{ value: 'Loop', label: 'Loop', count: 2 }]);
      expect(facets.key.map((k) => [k.value, k.count]), engine.name).toEqual([['A minor', 1], ['C minor', 2]]);
      // Instrument: dark C minor loops at 100–125 with any instrument; BPM: dark C minor piano loops at any tempo.
      expect(facets.instrument.map((i) => [i.value, i.count]).sort(), engine.name).toEqual([['piano', 2]]);
      const dark = await engine.search({ q: 'dark loop in C minor', bpm_min: 100, bpm_max: 125 });
      expect(dark.names.sort(), engine.name).toEqual(['Dark Piano Loop', 'Midnight Chords']);
      const anyTempo = await engine.search({ q: 'dark loop in C minor', instrument: 'piano' });
      expect(facets.bpm, engine.name).toEqual(anyTempo.facets!.bpm);
      expect(facets.genre.map((g) => [g.value, g.count]).sort(), engine.name).toEqual([['house', 1], ['lo-fi-hip-hop', 1]]);
    }
  });
});
