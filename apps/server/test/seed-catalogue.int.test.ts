import { and, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { type MusicalKey, PRESET_PLUGINS } from '@crate/contract/catalogue-enums';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterOf } from '@crate/demo-catalogue/synth/meter';
import { parseMusicalKey, scalePitchClasses } from '@crate/demo-catalogue/synth/music-theory';
import { banners, bundlePacks, bundles, creators, files, itemEvents, items, jobs, packs, paymentPrices, paymentProducts, staffPicks, staffPlaylistItems } from '../src/db/schema/index.ts';
import { BANNER_VARIANTS } from '../src/media/cover-art.ts';
import { seedCatalogue, type CatalogueSeedSummary } from '../src/seed/seed-catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_CREATOR_SLUG, DEMO_PASSWORD } from '@crate/demo-catalogue/demo-accounts';
import { DEMO_CATALOGUE_PACKS, seedDemoAccounts, seedDemoCatalogue } from '../src/seed/seed-demo.ts';
import type { AppContext } from '../src/app-context.ts';
import { call, cookieFrom } from './auth-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

function groupBy<T, K>(list: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of list) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Runs the derive-media jobs with two workers until none is left, as the server's in-process workers do. */
async function deriveAll(ctx: AppContext): Promise<void> {
  ctx.jobs.start({ pollIntervalMs: 50, concurrency: { bulk: 2 } });
  for (;;) {
    const [left] = await ctx.db.select({ n: count() }).from(jobs).where(and(eq(jobs.queue, 'derive-media'), inArray(jobs.status, ['queued', 'running'])));
    if ((left?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await ctx.jobs.stop();
}

describe(`demo catalogue generator on ${TEST_DB}`, () => {
  let t: TestApp;
  let summary: CatalogueSeedSummary;
  // 10 packs of ~5 items; the first 8 have sounds of their own (4 of them preset packs, one per plugin
  // group), the last 2 reuse them.
  const options = { seed: 'test', packs: 10, itemsPerPack: 5, distinctItems: 40 };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(t.ctx);
    summary = await seedCatalogue(t.ctx, { ...options, deriveSources: () => deriveAll(t.ctx), onProgress: () => undefined });
    await deriveAll(t.ctx);
  }, 600_000);
  afterAll(() => t.close());

  const publishedItems = () =>
    t.ctx.db
      .select({ item: items, packSlug: packs.slug })
      .from(items)
      .innerJoin(packs, eq(packs.id, items.packId))
      .where(eq(packs.status, PACK_STATUS.published));

  it('writes the planned catalogue and says what it wrote', async () => {
    expect(summary).toMatchObject({ seed: 'test', creators: 8, packs: 10, unpublishedPacks: 2, staffPicks: 8 });
    expect(summary.items).toBeGreaterThan(40);
    const [published] = await t.ctx.db.select({ n: count() }).from(packs).where(eq(packs.status, PACK_STATUS.published));
    expect(published!.n).toBe(10);
    const [itemCount] = await t.ctx.db.select({ n: count() }).from(items);
    expect(itemCount!.n).toBe(summary.items);
    expect(await t.ctx.db.select().from(jobs).where(and(eq(jobs.queue, 'derive-media'), ne(jobs.status, 'done')))).toEqual([]);
  });

  it('gives every pack one key, tempo, meter and feel that its items share, across many genres and meters', async () => {
    const rows = await publishedItems();
    const byPack = groupBy(rows, (r) => r.packSlug);
    const meters = new Set<string>();
    const feels = new Set<string>();
    for (const [slug, list] of byPack) {
      const distinct = (pick: (i: (typeof rows)[number]['item']) => unknown) => new Set(list.map((r) => pick(r.item)).filter((v) => v !== null));
      expect(distinct((i) => i.key).size, slug).toBe(1);
      expect(distinct((i) => i.bpm).size, slug).toBe(1);
      expect(distinct((i) => i.timeSignature).size, slug).toBe(1);
      expect(distinct((i) => i.feel).size, slug).toBe(1);
      for (const m of distinct((i) => i.timeSignature)) meters.add(m as string);
      for (const f of distinct((i) => i.feel)) feels.add(f as string);
    }
    expect([...meters].sort()).toEqual(['3/4', '4/4', '6/8']);
    expect([...feels].sort()).toEqual(['straight', 'swing']);
    const genres = await t.ctx.db.selectDistinct({ genre: packs.genres }).from(packs);
    expect(new Set(genres.map((g) => g.genre[0])).size).toBeGreaterThanOrEqual(8);
  });

  it('renders loops exactly bars × beats × 60 / BPM long, in the key they declare', async () => {
    const loops = (await publishedItems()).map((r) => r.item).filter((i) => i.kind === 'Loop' && i.type === 'sample');
    expect(loops.length).toBeGreaterThanOrEqual(8);
    for (const loop of loops) {
      const bars = Number(/^(\d+)-bar/.exec(loop.description)?.[1]);
      const expected = ((bars * meterOf(loop.timeSignature!).beatsPerBar * 60) / loop.bpm!) * 1000;
      expect(Math.abs(loop.durationMs! - expected), `${loop.name}: ${loop.durationMs} ms for ${bars} bars`).toBeLessThanOrEqual(1);
      if (loop.key && !loop.instruments.includes('drum-loop')) {
        // Chroma (features 10–21, C…B) of a tonal loop sits on its key's scale.
        const scale = scalePitchClasses(parseMusicalKey(loop.key as MusicalKey));
        const inKey = scale.reduce((sum, pc) => sum + loop.audioFeatures![10 + pc]!, 0);
        expect(inKey, `${loop.name} chroma ${loop.audioFeatures!.slice(10).map((v) => v.toFixed(2)).join(' ')}`).toBeGreaterThan(0.75);
      }
    }
  });

  it('names things the way a store does', async () => {
    const rows = (await publishedItems()).map((r) => r.item);
    for (const item of rows) {
      if (item.kind === 'Loop') expect(item.name).toMatch(/ Loop \d+ BPM( [A-G][#b]?m?)?( [36]\/[48])?$/);
      if (item.kind === 'One-Shot') expect(item.name).toMatch(/^[A-Z][\w -]* \d{2} [A-Z]/);
    }
    expect(rows.some((i) => /^Kick 0\d [A-Z][a-z]+$/.test(i.name))).toBe(true);
  });

  it('stores stem files for items flagged with stems and a MIDI file for items flagged with MIDI', async () => {
    const rows = (await publishedItems()).map((r) => r.item);
    const stemmed = rows.filter((i) => i.hasStems);
    const withMidi = rows.filter((i) => i.hasMidi);
    expect(stemmed.length).toBeGreaterThan(0);
    expect(withMidi.length).toBeGreaterThan(0);
    const filesOf = async (kind: 'Stem audio' | 'Midi') =>
      groupBy(await t.ctx.db.select().from(files).where(and(eq(files.kind, kind), isNotNull(files.itemId))), (f) => f.itemId!);
    const stems = await filesOf('Stem audio');
    const midi = await filesOf('Midi');
    for (const item of rows) {
      expect(stems.get(item.id)?.length ?? 0, item.name).toSatisfy((n: number) => (item.hasStems ? n >= 2 : n === 0));
      expect(midi.get(item.id)?.length ?? 0, item.name).toBe(item.hasMidi ? 1 : 0);
    }
    const probedStems = [...stems.values()].flat();
    for (const stem of probedStems) expect(stem.durationMs).toBeGreaterThan(0);
  });

  it('has presets for every plugin target, each with a settings file naming its plugin and a synthesized preview', async () => {
    const presets = (await publishedItems()).map((r) => r.item).filter((i) => i.type === 'preset');
    expect(new Set(presets.map((p) => p.plugin))).toEqual(new Set(PRESET_PLUGINS));
    const presetFiles = new Map((await t.ctx.db.select().from(files).where(eq(files.kind, 'Preset'))).map((f) => [f.id, f]));
    for (const preset of presets) {
      const file = presetFiles.get(preset.presetFileId!)!;
      expect(file.originalName).toContain(preset.plugin!);
      const got = await t.ctx.storage.get(file.storageKey);
      const chunks: Buffer[] = [];
      for await (const chunk of got!.body) chunks.push(chunk as Buffer);
      expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toMatchObject({ format: 'crate-preset-sheet', plugin: preset.plugin, name: preset.name });
      expect(preset.previewFileId).not.toBeNull();
      expect(preset.durationMs).toBeGreaterThan(0);
    }
  });

  it('keeps the demo creator’s draft and awaiting-approval packs from the public, and shows them to the creator', async () => {
    const [demo] = await t.ctx.db.select().from(creators).where(eq(creators.slug, DEMO_CREATOR_SLUG));
    const own = await t.ctx.db.select().from(packs).where(eq(packs.creatorId, demo!.id));
    expect(own.map((p) => p.status).sort()).toEqual([PACK_STATUS.draft, PACK_STATUS.awaitingApproval]);
    const creatorAccount = DEMO_ACCOUNTS.find((a) => a.kind === 'creator')!;
    const cookie = cookieFrom(await call(t, 'POST', '/api/auth/login', { email: creatorAccount.email, password: DEMO_PASSWORD }));
    for (const pack of own) {
      expect((await call(t, 'GET', `/api/packs/${pack.id}`)).statusCode).toBe(404);
      const mine = await call(t, 'GET', `/api/packs/${pack.id}/items`, undefined, { cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().items.length).toBeGreaterThan(0);
    }
  });

  it('lets later packs share the sounds, durations and features of earlier ones', async () => {
    const rows = await t.ctx.db.select().from(items).where(isNotNull(items.audioFileId));
    const byFile = groupBy(rows, (i) => i.audioFileId!);
    const shared = [...byFile.values()].filter((list) => list.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const list of shared) {
      expect(new Set(list.map((i) => i.durationMs)).size).toBe(1);
      expect(new Set(list.map((i) => i.key)).size).toBe(1);
      expect(new Set(list.map((i) => i.packId)).size).toBe(list.length);
    }
  });

  it('serves a preview for every published item once the queue is drained', async () => {
    const published = await t.ctx.db.select().from(packs).where(eq(packs.status, PACK_STATUS.published));
    let served = 0;
    for (const pack of published) {
      const res = await call(t, 'GET', `/api/packs/${pack.id}/items?limit=50`);
      expect(res.statusCode).toBe(200);
      for (const item of res.json().items) {
        expect(item.preview, item.name).not.toBeNull();
        const audio = await call(t, 'GET', item.preview.url, undefined, { headers: { range: 'bytes=0-1' } });
        expect(audio.statusCode, item.name).toBe(206);
        expect(audio.headers['content-type']).toBe('audio/mpeg');
        expect((await call(t, 'GET', item.preview.peaks_url)).statusCode).toBe(200);
        served += 1;
      }
      const detail = (await call(t, 'GET', `/api/packs/${pack.id}`)).json();
      expect((await call(t, 'GET', detail.cover['250x250'])).statusCode).toBe(200);
      expect(detail.preview, pack.title).not.toBeNull();
    }
    expect(served).toBe(summary.items - (await t.ctx.db.select({ id: items.id }).from(items).innerJoin(packs, eq(packs.id, items.packId)).where(ne(packs.status, PACK_STATUS.published))).length);
  });

  it('fills Discover: banners with art, staff picks in order, bundles of 2–4 packs, staff playlists across packs, trending unlike new', async () => {
    const discover = (await call(t, 'GET', '/api/discover')).json();
    expect(discover.banners.length).toBeGreaterThanOrEqual(2);
    for (const banner of discover.banners) {
      expect(['Top-Right', 'Top-Left', 'Bottom-Right', 'Bottom-Left']).toContain(banner.position);
      expect(banner.image_url).toMatch(new RegExp(`/${BANNER_VARIANTS['1632x600']}$`));
      expect((await call(t, 'GET', banner.image_url)).statusCode).toBe(200);
      expect(banner.link_url).toMatch(/^\//);
    }
    const picks = await t.ctx.db.select().from(staffPicks).orderBy(staffPicks.position);
    expect(picks.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(discover.staff_picks.map((p: { id: string }) => p.id).slice(0, 8)).toEqual(picks.map((p) => p.packId).slice(0, discover.staff_picks.length));
    for (const bundle of await t.ctx.db.select().from(bundles)) {
      const members = await t.ctx.db.select().from(bundlePacks).where(eq(bundlePacks.bundleId, bundle.id));
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.length).toBeLessThanOrEqual(4);
    }
    expect(discover.staff_playlists.length).toBeGreaterThanOrEqual(3);
    for (const playlist of discover.staff_playlists) {
      const entries = await t.ctx.db.select({ packId: items.packId }).from(staffPlaylistItems).innerJoin(items, eq(items.id, staffPlaylistItems.itemId)).where(eq(staffPlaylistItems.playlistId, playlist.id));
      expect(new Set(entries.map((e) => e.packId)).size, playlist.title).toBeGreaterThanOrEqual(2);
    }
    const [events] = await t.ctx.db.select({ n: count() }).from(itemEvents);
    expect(events!.n).toBeGreaterThan(0);
    expect(discover.trending_packs.map((p: { id: string }) => p.id)).not.toEqual(discover.new_packs.map((p: { id: string }) => p.id));
    expect(discover.featured_creators.length).toBeGreaterThan(0);
    for (const creator of discover.featured_creators) expect((await call(t, 'GET', creator.avatar['75x75'])).statusCode).toBe(200);
  });

  it('sells plans with monthly credits and credit refills', async () => {
    const products = (await call(t, 'GET', '/api/pricing/products')).json();
    const plans = products.filter((p: { kind: string }) => p.kind === 'subscription');
    const refills = products.filter((p: { kind: string }) => p.kind === 'credits');
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(refills).toHaveLength(2);
    for (const plan of plans) expect(plan.prices.some((p: { interval: string; credits: number }) => p.interval === 'month' && p.credits > 0)).toBe(true);
    expect(await t.ctx.db.select({ n: count() }).from(paymentPrices)).toEqual([{ n: 6 }]);
    expect(await t.ctx.db.select({ n: count() }).from(paymentProducts)).toEqual([{ n: 5 }]);
  });

  it('refuses to seed the same catalogue twice', async () => {
    await expect(seedCatalogue(t.ctx, options)).rejects.toThrow(/already in this database/);
  });
});

describe(`first start on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(t.ctx);
  });
  afterAll(() => t.close());

  it(`seeds ~${DEMO_CATALOGUE_PACKS} packs / ~400 items with their audio at once, queues their derivatives, and only once`, async () => {
    const started = performance.now();
    const summary = await seedDemoCatalogue(t.ctx);
    const seconds = (performance.now() - started) / 1000;
    expect(summary).toMatchObject({ packs: DEMO_CATALOGUE_PACKS, unpublishedPacks: 2 });
    expect(summary!.items).toBeGreaterThanOrEqual(350);
    const [queued] = await t.ctx.db.select({ n: count() }).from(jobs).where(and(eq(jobs.queue, 'derive-media'), eq(jobs.status, 'queued')));
    expect(queued!.n).toBe(summary!.jobs);
    const [stored] = await t.ctx.db.select({ n: count() }).from(files);
    expect(stored!.n).toBe(summary!.files);
    expect(await t.ctx.db.select({ n: count() }).from(banners)).toEqual([{ n: summary!.banners }]);
    console.info(`[first start on ${TEST_DB}] ${summary!.packs} packs, ${summary!.items} items, ${summary!.files} files (${Math.round(summary!.bytes / 1e6)} MB), ${summary!.jobs} jobs in ${seconds.toFixed(1)} s`);
    expect(await seedDemoCatalogue(t.ctx)).toBeNull();
  }, 180_000);
});
