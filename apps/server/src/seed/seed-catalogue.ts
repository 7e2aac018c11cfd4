/**
 * Writes the demo catalogue that @crate/demo-catalogue (tools/demo-catalogue) plans and renders into this
 * database and object storage: creators with avatars, packs with covers, items with real synthesized
 * audio (stems, MIDI, preset files where planned), bundles, staff picks, staff playlists, banners, the
 * payments catalogue and a play history. Rows go in with multi-row inserts inside transactions; originals
 * go to object storage; every audio file, cover, avatar and banner gets a derive-media job, so the site is
 * usable at once and previews, peaks and art appear as the workers make them.
 *
 * Past the planner's distinct packs, packs are echoes that reuse their source pack's files (see
 * tools/demo-catalogue/src/catalogue/catalogue-plan.ts); their items copy the source items' probed
 * duration and features, which is why `deriveSources` runs between the two.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { eq, inArray, count as countRows } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import type { InstrumentSlug } from '@crate/contract/taxonomy';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { generateArtSvg } from '@crate/demo-catalogue/art/generated-art';
import { PLAYLISTS, pickStaffPicks, planBanners, planBundles, playlistItems } from '@crate/demo-catalogue/catalogue/catalogue-extras';
import { type CatalogueOptions, createCataloguePlanner, type PlannedItem, type PlannedPack } from '@crate/demo-catalogue/catalogue/catalogue-plan';
import { presetSheet, type RenderedCatalogueSound } from '@crate/demo-catalogue/catalogue/render-catalogue-sounds';
import { createRenderPool } from '@crate/demo-catalogue/catalogue/render-pool';
import { DEMO_CREATOR_SLUG } from '@crate/demo-catalogue/demo-accounts';
import { createRandom } from '@crate/demo-catalogue/seeded-random';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  banners,
  bundlePacks,
  bundles,
  creators,
  files,
  itemEvents,
  items,
  packs,
  paymentPrices,
  paymentProducts,
  staffPicks,
  staffPlaylistItems,
  staffPlaylists,
  userRoles,
  users,
} from '../db/schema/index.ts';
import type { AppJobQueue } from '../jobs/job-catalogue.ts';
import { newStorageKey, type ObjectStorage } from '../storage/object-storage.ts';

/** The stored files that get a preview and peaks; items' own sounds and pack demos before stems, in the order written. */
const AUDIO_KINDS = new Set<PackFileKind>(['Sample audio', 'Preset preview audio', 'Pack preview audio', 'Stem audio']);

export interface CatalogueSeedDeps {
  db: Db;
  storage: ObjectStorage;
  jobs: AppJobQueue;
  log?: Logger;
}

export interface SeedCatalogueOptions extends CatalogueOptions {
  /** Runs a unit of work in a transaction (default: a new one each); the first start passes its own open transaction. */
  transaction?: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  /** Makes the derivatives of everything stored so far; called before echo packs copy their sources' durations and features. */
  deriveSources?: () => Promise<void>;
  onProgress?: (message: string) => void;
  /** Packs rendered and written per transaction (default 5). */
  sourceBatch?: number;
  /** Echo packs written per transaction (default 100, ~2,000 items). */
  echoBatch?: number;
  /** Storage writes in flight at once (default 8). */
  storageConcurrency?: number;
  /** Worker threads rendering sounds (default: one per core, at most 8). */
  renderThreads?: number;
}

export interface CatalogueSeedSummary {
  seed: string;
  creators: number;
  packs: number;
  unpublishedPacks: number;
  items: number;
  /** Items whose audio is their own; the rest share it with an earlier pack. */
  distinctItems: number;
  files: number;
  bytes: number;
  jobs: number;
  events: number;
  bundles: number;
  staffPicks: number;
  staffPlaylists: number;
  banners: number;
  products: number;
  seconds: { pictures: number; sources: number; derive: number; echoes: number; extras: number; total: number };
}

export class CatalogueAlreadySeededError extends Error {
  constructor(seed: string, slug: string) {
    super(`A catalogue from seed "${seed}" is already in this database (creator "${slug}" exists); pass another --seed to add one more.`);
    this.name = 'CatalogueAlreadySeededError';
  }
}

type FileRow = typeof files.$inferInsert;
type ItemRow = typeof items.$inferInsert;
type EventRow = typeof itemEvents.$inferInsert;

interface PendingObject {
  row: FileRow & { id: string };
  body: Buffer;
}

/** What an echo pack needs from the pack whose sounds it reuses. */
interface SourcePackFiles {
  coverFileId: string;
  previewFileId: string | null;
  items: { id: string; audioFileId: string | null; presetFileId: string | null; previewFileId: string | null; instruments: InstrumentSlug[]; durationMs?: number | null; features?: number[] | null }[];
}

/** Keeps every statement well under PostgreSQL's 65,535 bind parameters. */
async function insertRows<T extends PgTable>(db: DbOrTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(1, Object.keys(rows[0] as object).length);
  const chunk = Math.max(1, Math.floor(30_000 / perRow));
  for (let start = 0; start < rows.length; start += chunk) await db.insert(table).values(rows.slice(start, start + chunk) as never);
}

async function mapLimit<T>(list: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, list.length) }, async () => {
      while (next < list.length) await work(list[next++]!);
    }),
  );
}

const DAY = 24 * 60 * 60 * 1000;

export async function seedCatalogue(deps: CatalogueSeedDeps, options: SeedCatalogueOptions): Promise<CatalogueSeedSummary> {
  const started = performance.now();
  const planner = createCataloguePlanner(options);
  const now = options.now ?? new Date();
  const run = options.transaction ?? (<T>(work: (tx: DbOrTx) => Promise<T>) => deps.db.transaction(work));
  const progress = options.onProgress ?? ((message: string) => deps.log?.info(message));
  const r = createRandom(`catalogue/${planner.seed}/extras`);
  const summary: CatalogueSeedSummary = {
    seed: planner.seed,
    creators: planner.creators.length,
    packs: 0,
    unpublishedPacks: 0,
    items: 0,
    distinctItems: 0,
    files: 0,
    bytes: 0,
    jobs: 0,
    events: 0,
    bundles: 0,
    staffPicks: 0,
    staffPlaylists: 0,
    banners: 0,
    products: 0,
    seconds: { pictures: 0, sources: 0, derive: 0, echoes: 0, extras: 0, total: 0 },
  };
  const elapsed = (from: number) => Math.round((performance.now() - from) / 100) / 10;

  const firstCreator = planner.creators[0]!;
  const context = await run(async (tx) => {
    const [existing] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.slug, firstCreator.slug));
    if (existing) throw new CatalogueAlreadySeededError(planner.seed, firstCreator.slug);
    const [demo] = await tx.select({ id: creators.id, userId: creators.userId, name: creators.name }).from(creators).where(eq(creators.slug, DEMO_CREATOR_SLUG));
    const [admin] = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
    const [products] = await tx.select({ n: countRows() }).from(paymentProducts);
    return { demo: demo ?? null, adminUserId: admin?.userId ?? null, hasProducts: (products?.n ?? 0) > 0 };
  });

  // ── ids known up front, so rows can reference each other without round trips ──
  const creatorIds = planner.creators.map(() => randomUUID());
  const creatorUserIds = planner.creators.map(() => randomUUID());
  const packIds = Array.from({ length: planner.packCount }, () => randomUUID());
  const sourcePlans = Array.from({ length: planner.distinctPacks }, (_, i) => planner.pack(i));
  const demoPlans = context.demo ? planner.demoCreatorPacks() : [];
  const demoPackIds = demoPlans.map(() => randomUUID());
  const creatorOf = (pack: PlannedPack) =>
    pack.creator === 'demo' ? { id: context.demo!.id, userId: context.demo!.userId, name: context.demo!.name } : { id: creatorIds[pack.creator]!, userId: creatorUserIds[pack.creator]!, name: planner.creators[pack.creator]!.name };
  /** Objects whose rows are not committed yet (with an outer transaction, none are until it commits). */
  const stored: string[] = [];
  const committed = () => {
    if (!options.transaction) stored.length = 0;
  };

  /** Stores the bodies (several at once), returning the rows to insert; on failure removes what it stored. */
  async function putObjects(pending: PendingObject[]): Promise<FileRow[]> {
    await mapLimit(pending, options.storageConcurrency ?? 8, async (object) => {
      const result = await deps.storage.put(object.row.storageKey, object.body, { contentType: object.row.contentType! });
      stored.push(object.row.storageKey);
      object.row.size = result.size;
      object.row.md5 = result.md5;
      summary.bytes += result.size;
    });
    summary.files += pending.length;
    return pending.map((p) => p.row);
  }

  const fileObject = (body: Buffer, fields: Omit<FileRow, 'storageKey' | 'id'>): PendingObject => ({
    row: { id: randomUUID(), storageKey: newStorageKey(), customMetadata: { source: 'demo-catalogue', seed: planner.seed }, ...fields },
    body,
  });
  const svg = (seed: string, title: string, width: number, height: number) => Buffer.from(generateArtSvg({ seed, title, width, height }));

  try {
    // ── 1. creators, avatars, covers and banner art: the pictures the first screens show, derived first ──
    let phase = performance.now();
    const pictures: PendingObject[] = [];
    const avatarFileIds: string[] = [];
    planner.creators.forEach((creator, i) => {
      if (creator.avatarSource !== i) return;
      const object = fileObject(svg(`${planner.seed}/avatar/${i}`, creator.name, 600, 600), {
        ownerUserId: creatorUserIds[i],
        originalName: `${creator.name} avatar.svg`,
        contentType: 'image/svg+xml',
      });
      avatarFileIds[i] = object.row.id;
      pictures.push(object);
    });
    const coverFileIds = new Map<number, string>();
    for (const [n, plan] of [...sourcePlans.map((p, i) => [i, p] as const), ...demoPlans.map((p, i) => [-1 - i, p] as const)]) {
      const object = fileObject(svg(plan.coverSeed, plan.title, 1000, 1000), {
        ownerUserId: creatorOf(plan).userId,
        packId: n >= 0 ? packIds[n] : demoPackIds[-1 - n],
        kind: 'Cover art',
        originalName: `${plan.title} cover.svg`,
        contentType: 'image/svg+xml',
      });
      coverFileIds.set(n, object.row.id);
      pictures.push(object);
    }
    const bundlePlans = planBundles(r.fork('bundles'), sourcePlans, planner.packCount, planner.slugSuffix);
    const playlistPlans = PLAYLISTS.slice(0, sourcePlans.length >= 4 ? 4 : 3);
    const extraCovers = [...bundlePlans.map((b) => b.title), ...playlistPlans.map((p) => p.title)].map((title) => {
      const object = fileObject(svg(`${planner.seed}/art/${title}`, title, 1000, 1000), { originalName: `${title} cover.svg`, contentType: 'image/svg+xml' });
      pictures.push(object);
      return object.row.id;
    });
    const picks = pickStaffPicks(r.fork('picks'), sourcePlans);
    const bannerRows = planBanners(sourcePlans, picks, bundlePlans, planner.creators).map((banner, i) => {
      const object = fileObject(svg(`${planner.seed}/banner/${i}`, banner.title, 1632, 600), { originalName: `${banner.title} banner.svg`, contentType: 'image/svg+xml' });
      pictures.push(object);
      return { ...banner, imageFileId: object.row.id, sortOrder: i };
    });
    const pictureRows = await putObjects(pictures);
    await run(async (tx) => {
      await insertRows(
        tx,
        users,
        planner.creators.map((c, i) => ({ id: creatorUserIds[i]!, name: c.name, email: `${c.slug}@creators.demo.crate.test`, emailVerified: true, claimsUpdatedAt: now })),
      );
      await insertRows(tx, userRoles, creatorUserIds.map((userId) => ({ userId, role: 'creator' as const })));
      await insertRows(tx, files, pictureRows);
      await insertRows(
        tx,
        creators,
        planner.creators.map((c, i) => ({
          id: creatorIds[i]!,
          userId: creatorUserIds[i]!,
          slug: c.slug,
          name: c.name,
          bio: c.bio,
          location: c.location,
          links: c.website ? [c.website] : [],
          featured: c.featured,
          avatarFileId: avatarFileIds[c.avatarSource] ?? null,
          createdAt: new Date(now.getTime() - (800 - i) * DAY),
        })),
      );
      // In the same transaction as their images, so a banner's art is derived as a banner, never as a square cover.
      await insertRows(tx, banners, bannerRows.map((b) => ({ title: b.title, subtitle: b.subtitle, imageFileId: b.imageFileId, size: '1632x600' as const, position: b.position, linkUrl: b.linkUrl, sortOrder: b.sortOrder })));
      summary.banners = bannerRows.length;
      summary.jobs += await deps.jobs.enqueueMany('derive-media', pictureRows.map((f) => ({ fileId: f.id! })), { tx });
    });
    committed();
    summary.seconds.pictures = elapsed(phase);
    progress(`[seed] ${planner.creators.length} creators, ${pictureRows.length} pictures (${summary.seconds.pictures} s)`);

    // ── 2. packs with sounds of their own: render, store, insert ──
    phase = performance.now();
    const sources: SourcePackFiles[] = [];
    const work = [...sourcePlans.map((plan, i) => ({ plan, packId: packIds[i]!, coverFileId: coverFileIds.get(i)! })), ...demoPlans.map((plan, i) => ({ plan, packId: demoPackIds[i]!, coverFileId: coverFileIds.get(-1 - i)! }))];
    const batchSize = Math.max(1, options.sourceBatch ?? 5);
    const pool = createRenderPool(options.renderThreads);
    type Renders = { items: Promise<RenderedCatalogueSound>[]; demo: Promise<RenderedCatalogueSound> | null }[];
    // The next batch renders on the workers while this one is stored and inserted.
    const startRendering = (batch: typeof work): Renders =>
      batch.map(({ plan }) => ({
        items: plan.items.map((item) => pool.render(item.recipe, plan.music, { stems: item.stems, midi: item.midi })),
        demo: plan.demo ? pool.render(plan.demo, plan.music) : null,
      }));
    // A failed render must not go unobserved while an earlier batch is being written.
    const observed = (renders: Renders) => {
      for (const r of renders) for (const p of [...r.items, ...(r.demo ? [r.demo] : [])]) p.catch(() => undefined);
      return renders;
    };
    let nextRenders = observed(startRendering(work.slice(0, batchSize)));
    try {
      for (let start = 0; start < work.length; start += batchSize) {
        const batch = work.slice(start, start + batchSize);
        const renders = nextRenders;
        nextRenders = observed(startRendering(work.slice(start + batchSize, start + 2 * batchSize)));
        const pending: PendingObject[] = [];
        const later: PendingObject[] = []; // stems: derived after every item's own sound
        const packRows: (typeof packs.$inferInsert)[] = [];
        const itemRows: ItemRow[] = [];
        const events: EventRow[] = [];
        for (const [n, { plan, packId, coverFileId }] of batch.entries()) {
          const creator = creatorOf(plan);
          const owner = { ownerUserId: creator.userId, packId };
          const source: SourcePackFiles = { coverFileId, previewFileId: null, items: [] };
          for (const [i, item] of plan.items.entries()) {
            const itemId = randomUUID();
            const sound = await renders[n]!.items[i]!;
            const audio = fileObject(sound.wav, { ...owner, itemId, kind: item.type === 'preset' ? 'Preset preview audio' : 'Sample audio', originalName: `${item.name}${item.type === 'preset' ? ' (preview)' : ''}.wav`, contentType: 'audio/wav' });
            pending.push(audio);
            let presetFileId: string | null = null;
            if (item.type === 'preset') {
              const sheet = fileObject(presetSheet(item, plan, creator.name), { ...owner, itemId, kind: 'Preset', originalName: `${item.plugin} - ${item.name}.json`, contentType: 'application/json' });
              pending.push(sheet);
              presetFileId = sheet.row.id;
            }
            for (const stem of sound.stems) {
              later.push(fileObject(stem.wav, { ...owner, itemId, kind: 'Stem audio', originalName: `${item.name} (${stem.layer} stem).wav`, contentType: 'audio/wav' }));
            }
            if (sound.midi) pending.push(fileObject(sound.midi, { ...owner, itemId, kind: 'Midi', originalName: `${item.name}.mid`, contentType: 'audio/midi' }));
            const isPreset = item.type === 'preset';
            const ids = { id: itemId, audioFileId: isPreset ? null : audio.row.id, presetFileId, previewFileId: isPreset ? audio.row.id : null };
            source.items.push({ ...ids, instruments: sound.instruments });
            itemRows.push(itemRow(plan, item, packId, creator.id, ids, sound.instruments, sound.stems.length > 0, sound.midi !== null));
            if (item.kind === 'Composition' && !source.previewFileId) source.previewFileId = audio.row.id;
          }
          const demoRender = renders[n]!.demo;
          if (demoRender) {
            const demo = await demoRender;
            const object = fileObject(demo.wav, { ...owner, kind: 'Pack preview audio', originalName: `${plan.title} (demo).wav`, contentType: 'audio/wav' });
            pending.push(object);
            source.previewFileId = object.row.id;
          }
          if (plan.creator !== 'demo') sources[plan.index] = source;
          packRows.push(packRow(plan, packId, creator.id, coverFileId, source.previewFileId));
          events.push(...playHistory(plan, packId, source.items.map((i) => i.id), now));
          summary.distinctItems += plan.items.length;
        }
        const rows = await putObjects([...pending, ...later]);
        await run(async (tx) => {
          await insertRows(tx, files, rows);
          await insertRows(tx, packs, packRows);
          await insertRows(tx, items, itemRows);
          await insertRows(tx, itemEvents, events);
          // What a pack card plays (its demo, or its first composition) is queued like Discover's pictures, ahead of
          // any backfill. The other sounds, then stems, are backfill (docs/decisions/0075): a creator's pack goes first.
          const audio = rows.filter((f) => f.kind && AUDIO_KINDS.has(f.kind));
          const cardPreviews = new Set(packRows.map((p) => p.previewFileId).filter((id): id is string => Boolean(id)));
          const derive = (files: typeof rows) => files.map((f) => ({ fileId: f.id! }));
          summary.jobs += await deps.jobs.enqueueMany('derive-media', derive(audio.filter((f) => cardPreviews.has(f.id!))), { tx });
          summary.jobs += await deps.jobs.enqueueMany('derive-media', derive(audio.filter((f) => !cardPreviews.has(f.id!))), { tx, backfill: true });
        });
        committed();
        for (const { plan } of batch) {
          if (plan.status === PACK_STATUS.published) summary.packs += 1;
          else summary.unpublishedPacks += 1;
        }
        summary.items += itemRows.length;
        summary.events += events.length;
        progress(`[seed] packs with their own sounds: ${Math.min(start + batchSize, work.length)}/${work.length}, ${summary.items} items, ${(summary.bytes / 1e6).toFixed(0)} MB stored (${elapsed(phase)} s)`);
      }
    } finally {
      await pool.close();
    }
    summary.seconds.sources = elapsed(phase);

    // ── 3. echoes: more packs over the same sounds, once those have their durations and features ──
    if (planner.packCount > planner.distinctPacks) {
      phase = performance.now();
      await options.deriveSources?.();
      summary.seconds.derive = elapsed(phase);
      phase = performance.now();
      const probed = new Map<string, { durationMs: number | null; audioFeatures: number[] | null }>();
      const sourceItemIds = sources.flatMap((s) => s.items.map((i) => i.id));
      for (let start = 0; start < sourceItemIds.length; start += 1000) {
        const rows = await run((tx) => tx.select({ id: items.id, durationMs: items.durationMs, audioFeatures: items.audioFeatures }).from(items).where(inArray(items.id, sourceItemIds.slice(start, start + 1000))));
        for (const row of rows) probed.set(row.id, row);
      }
      const echoBatch = Math.max(1, options.echoBatch ?? 100);
      for (let start = planner.distinctPacks; start < planner.packCount; start += echoBatch) {
        const packRows: (typeof packs.$inferInsert)[] = [];
        const itemRows: ItemRow[] = [];
        const events: EventRow[] = [];
        for (let index = start; index < Math.min(planner.packCount, start + echoBatch); index++) {
          const plan = planner.pack(index);
          const source = sources[plan.soundSource]!;
          const creator = creatorOf(plan);
          const ids: string[] = [];
          plan.items.forEach((item, n) => {
            const from = source.items[n]!;
            const id = randomUUID();
            ids.push(id);
            const probe = probed.get(from.id);
            itemRows.push({
              ...itemRow(plan, item, packIds[index]!, creator.id, { id, audioFileId: from.audioFileId, presetFileId: from.presetFileId, previewFileId: from.previewFileId }, from.instruments, false, false),
              durationMs: probe?.durationMs ?? null,
              audioFeatures: probe?.audioFeatures ?? null,
            });
          });
          packRows.push(packRow(plan, packIds[index]!, creator.id, source.coverFileId, source.previewFileId));
          events.push(...playHistory(plan, packIds[index]!, ids, now));
        }
        await run(async (tx) => {
          await insertRows(tx, packs, packRows);
          await insertRows(tx, items, itemRows);
          await insertRows(tx, itemEvents, events);
        });
        summary.packs += packRows.length;
        summary.items += itemRows.length;
        summary.events += events.length;
        const done = start + packRows.length;
        if (done === planner.packCount || Math.floor(done / echoBatch) % 10 === 0) {
          const seconds = elapsed(phase);
          progress(`[seed] echo packs: ${done}/${planner.packCount} packs, ${summary.items} items (${seconds} s, ${Math.round((summary.items - summary.distinctItems) / Math.max(seconds, 0.1))} items/s)`);
        }
      }
      summary.seconds.echoes = elapsed(phase);
    }

    // ── 4. bundles, staff picks, staff playlists, pricing ──
    phase = performance.now();
    await run(async (tx) => {
      const bundleIds = bundlePlans.map(() => randomUUID());
      await insertRows(
        tx,
        bundles,
        bundlePlans.map((b, i) => ({ id: bundleIds[i]!, slug: b.slug, title: b.title, description: b.description, coverFileId: extraCovers[i]!, priceCents: b.priceCents, creditCost: b.creditCost, createdBy: context.adminUserId, createdAt: new Date(now.getTime() - (bundlePlans.length - i) * DAY) })),
      );
      await insertRows(tx, bundlePacks, bundlePlans.flatMap((b, i) => b.packs.map((p, position) => ({ bundleId: bundleIds[i]!, packId: packIds[p]!, position }))));
      await insertRows(tx, staffPicks, picks.map((p, position) => ({ packId: packIds[p]!, position, pickedBy: context.adminUserId })));
      const playlistIds = playlistPlans.map(() => randomUUID());
      await insertRows(
        tx,
        staffPlaylists,
        playlistPlans.map((p, i) => ({ id: playlistIds[i]!, slug: `${p.slug}${planner.slugSuffix}`, title: p.title, description: p.description, coverFileId: extraCovers[bundlePlans.length + i]!, published: true, createdBy: context.adminUserId, createdAt: new Date(now.getTime() - (i + 1) * 3 * DAY) })),
      );
      await insertRows(tx, staffPlaylistItems, playlistPlans.flatMap((p, i) => playlistItems(r.fork(p.slug), p.accepts, sourcePlans, sources).map((itemId, position) => ({ playlistId: playlistIds[i]!, itemId, position }))));
      if (!context.hasProducts) summary.products = await insertPaymentCatalogue(tx);
    });
    summary.bundles = bundlePlans.length;
    summary.staffPicks = picks.length;
    summary.staffPlaylists = playlistPlans.length;
    summary.seconds.extras = elapsed(phase);
  } catch (error) {
    // Rows that rolled back leave their objects unreferenced: remove them (committed batches stay, with theirs).
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  summary.seconds.total = elapsed(started);
  return summary;
}

function packRow(plan: PlannedPack, id: string, creatorId: string, coverFileId: string, previewFileId: string | null): typeof packs.$inferInsert {
  return {
    id,
    slug: plan.slug,
    creatorId,
    title: plan.title,
    description: plan.description,
    status: plan.status,
    licenceType: plan.licenceType,
    genres: plan.genres,
    tags: plan.tags,
    coverFileId,
    previewFileId,
    priceCents: plan.priceCents,
    creditCost: plan.creditCost,
    isFree: plan.isFree,
    publishedAt: plan.publishedAt,
    createdAt: plan.createdAt,
    updatedAt: plan.publishedAt ?? plan.createdAt,
  };
}

function itemRow(
  plan: PlannedPack,
  item: PlannedItem,
  packId: string,
  creatorId: string,
  ids: { id: string; audioFileId: string | null; presetFileId: string | null; previewFileId: string | null },
  instruments: InstrumentSlug[],
  hasStems: boolean,
  hasMidi: boolean,
): ItemRow {
  const createdAt = new Date(plan.createdAt.getTime() + item.position * 1000);
  return {
    ...ids,
    slug: `${plan.slug}-${slugOf(item.name)}`,
    creatorId,
    packId,
    position: item.position,
    type: item.type,
    kind: item.kind,
    name: item.name,
    description: item.description,
    key: item.key,
    bpm: item.bpm,
    timeSignature: item.timeSignature,
    feel: item.feel,
    genres: plan.genres,
    instruments,
    tags: item.tags,
    licenceType: plan.licenceType,
    plugin: item.plugin,
    isFree: plan.isFree,
    creditCost: item.creditCost,
    hasStems,
    hasMidi,
    createdAt,
    updatedAt: createdAt,
  };
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/#/g, '-sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Plays, downloads and favourites over the last five weeks, more for popular packs; nothing before a pack came out. */
function playHistory(plan: PlannedPack, packId: string, itemIds: string[], now: Date): EventRow[] {
  if (plan.status !== PACK_STATUS.published || !plan.publishedAt || itemIds.length === 0) return [];
  const r = createRandom(`${plan.slug}/history`);
  const ageDays = (now.getTime() - plan.publishedAt.getTime()) / DAY;
  const window = Math.min(35, ageDays);
  const count = Math.round(plan.popularity * (plan.index < 40 ? 120 : 12));
  const events: EventRow[] = [];
  for (let n = 0; n < count; n++) {
    const roll = r.next();
    events.push({
      itemId: itemIds[Math.floor(r.next() ** 1.5 * itemIds.length)]!,
      packId,
      kind: roll < 0.85 ? 'play' : roll < 0.97 ? 'download' : 'favorite',
      createdAt: new Date(now.getTime() - r.range(0, window) * DAY),
    });
  }
  return events;
}

/** Writes the demo payments catalogue (plans and refills); answers how many products. */
export async function insertPaymentCatalogue(db: DbOrTx): Promise<number> {
  await insertRows(db, paymentProducts, PRODUCTS.map(({ prices: _prices, ...product }) => product));
  await insertRows(db, paymentPrices, PRODUCTS.flatMap((p) => p.prices.map((price) => ({ ...price, productId: p.id }))));
  return PRODUCTS.length;
}

/** The plan the demo subscriber pays for when the demo accounts are made (its 100 credits a month). */
export const DEMO_SUBSCRIBER_PRICE = 'price_crate_starter_monthly';

/**
 * The payments catalogue Pricing and Credit refill read: three plans with monthly credits, two refills. Every
 * plan's unused credits roll over while it lasts (decision 0074).
 */
const PRODUCTS: ((typeof paymentProducts.$inferInsert) & { prices: Omit<typeof paymentPrices.$inferInsert, 'productId'>[] })[] = [
  {
    id: 'prod_crate_starter',
    name: 'Starter',
    description: '100 credits every month for one-shots, loops and presets. Cancel any time.',
    kind: 'subscription',
    sortOrder: 1,
    metadata: { highlight: 'false' },
    prices: [{ id: 'price_crate_starter_monthly', unitAmount: 999, interval: 'month', credits: 100 }],
  },
  {
    id: 'prod_crate_pro',
    name: 'Pro',
    description: '300 credits every month for producers who release often. Unused credits roll over while you stay subscribed.',
    kind: 'subscription',
    sortOrder: 2,
    metadata: { highlight: 'true' },
    prices: [
      { id: 'price_crate_pro_monthly', unitAmount: 1999, interval: 'month', credits: 300 },
      { id: 'price_crate_pro_yearly', unitAmount: 19_900, interval: 'year', credits: 3600 },
    ],
  },
  {
    id: 'prod_crate_studio',
    name: 'Studio',
    description: '800 credits every month for teams and studios, with stems and MIDI in every download.',
    kind: 'subscription',
    sortOrder: 3,
    metadata: { highlight: 'false' },
    prices: [{ id: 'price_crate_studio_monthly', unitAmount: 3999, interval: 'month', credits: 800 }],
  },
  {
    id: 'prod_crate_refill_50',
    name: '50 credit refill',
    description: 'Top up 50 credits; like your plan credits, they last as long as your plan.',
    kind: 'credits',
    sortOrder: 10,
    metadata: {},
    prices: [{ id: 'price_crate_refill_50', unitAmount: 599, interval: null, credits: 50 }],
  },
  {
    id: 'prod_crate_refill_150',
    name: '150 credit refill',
    description: 'Top up 150 credits at a better rate; they last as long as your plan.',
    kind: 'credits',
    sortOrder: 11,
    metadata: {},
    prices: [{ id: 'price_crate_refill_150', unitAmount: 1499, interval: null, credits: 150 }],
  },
];
