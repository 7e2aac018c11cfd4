import { and, asc, desc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listedItemSql, publishedPackSql } from '../../db/listed-items.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared, runPrepared } from '../../db/prepared.ts';
import {
  banners,
  bundlePacks,
  bundles,
  creators,
  items,
  packs,
  staffPicks,
  staffPlaylistItems,
  staffPlaylists,
} from '../../db/schema/index.ts';
import { bannerShownSql } from '../../policies/banner-policy.ts';
import { itemListedSql } from '../../policies/item-policy.ts';
import { packPublishedSql, packReadableSql } from '../../policies/pack-policy.ts';
import type { PolicyViewer } from '../../policies/policy-viewer.ts';
import { bundleCardColumns, creatorCardColumns, itemRowColumns, itemRows, packCardColumns, type PackCardRow } from '../../read-models/catalogue-rows.ts';

/**
 * Catalogue reads. Every list is one query (counts are correlated subqueries, never a query per row).
 * Correlated subqueries name the outer table literally (`packs.id`): drizzle leaves columns unqualified
 * in single-table selects, where a bare "id" would bind to the subquery's own table.
 */

const packCards = (db: DbOrTx) => db.select(packCardColumns).from(packs).innerJoin(creators, eq(creators.id, packs.creatorId));

export async function listNewPacks(db: DbOrTx, opts: { limit: number; after?: { value: string; id: string } | null; genre?: string; creatorId?: string }): Promise<PackCardRow[]> {
  const conditions: SQL[] = [packPublishedSql];
  if (opts.genre) conditions.push(sql`${opts.genre} = any(${packs.genres})`);
  if (opts.creatorId) conditions.push(eq(packs.creatorId, opts.creatorId));
  if (opts.after) conditions.push(sql`(${packs.publishedAt}, ${packs.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return runPrepared(
    packCards(db)
      .where(and(...conditions))
      .orderBy(desc(packs.publishedAt), desc(packs.id))
      .limit(opts.limit + 1),
  );
}

/**
 * What an anonymous play weighs in Trending against a signed-in one, a download, a heart, a playlist add
 * or a get (docs/decisions/0034): a visitor costs nothing to become again, an account does.
 */
export const ANONYMOUS_PLAY_WEIGHT = 0.25;

/** Trending: what happened to a pack's items in the last 14 days (anonymous plays weighed down), newest first among equals. */
export async function listTrendingPacks(db: DbOrTx, limit: number): Promise<PackCardRow[]> {
  const score = sql<number>`(select coalesce(sum(case when e.kind = 'play' and e.user_id is null then ${sql.raw(String(ANONYMOUS_PLAY_WEIGHT))} else 1 end), 0)
    from item_events e where e.pack_id = packs.id and e.created_at > now() - interval '14 days')`;
  return packCards(db).where(packPublishedSql).orderBy(desc(score), desc(packs.publishedAt), desc(packs.id)).limit(limit);
}

/** A creator's packs that the viewer may read (the creator, collaborators and admins get the unpublished ones too). */
export async function listCreatorPacks(db: DbOrTx, viewer: PolicyViewer, opts: { creatorId: string; limit: number; after?: { value: string; id: string } | null }) {
  const conditions: SQL[] = [eq(packs.creatorId, opts.creatorId), packReadableSql(viewer)];
  if (opts.after) conditions.push(sql`(${packs.createdAt}, ${packs.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return runPrepared(
    packCards(db)
      .where(and(...conditions))
      .orderBy(desc(packs.createdAt), desc(packs.id))
      .limit(opts.limit + 1),
  );
}

export async function listStaffPicks(db: DbOrTx, opts: { limit: number; after?: { value: number; id: string } | null }) {
  const conditions: SQL[] = [packPublishedSql];
  if (opts.after) conditions.push(sql`(${staffPicks.position}, ${staffPicks.packId}) > (${opts.after.value}, ${opts.after.id}::uuid)`);
  return runPrepared(
    db
      .select({ ...packCardColumns, position: staffPicks.position })
      .from(staffPicks)
      .innerJoin(packs, eq(packs.id, staffPicks.packId))
      .innerJoin(creators, eq(creators.id, packs.creatorId))
      .where(and(...conditions))
      .orderBy(asc(staffPicks.position), asc(staffPicks.packId))
      .limit(opts.limit + 1),
  );
}

/** A later page (`later`) continues after the position and id of the last row shown. */
const afterPosition = (position: SQLWrapper) => sql`(${position}, ${items.id}) > (${sql.placeholder('afterValue')}, ${sql.placeholder('afterId')}::uuid)`;
const pageValues = (limit: number, after: { value: number; id: string } | null | undefined) => ({
  limit: limit + 1,
  afterValue: after?.value,
  afterId: after?.id,
});

/**
 * A pack's page of sounds, kept prepared (read on every pack page) per page: the public part only, the same for
 * every viewer (their favourites are laid over it from the viewer-state cache, decision 0077).
 */
const packItemsQuery = keptPrepared((db, later: boolean) =>
  itemRows(db, null)
    .where(and(eq(items.packId, sql.placeholder('packId')), isNull(items.takenDownAt), later ? afterPosition(items.position) : undefined))
    .orderBy(asc(items.position), asc(items.id))
    .limit(sql.placeholder('limit'))
    .prepare(AUTO_NAMED_STATEMENT),
);

/** The items of a pack the caller has authorized the viewer to read; taken-down items are left out for everybody. */
export async function listPackItems(db: DbOrTx, opts: { packId: string; limit: number; after?: { value: number; id: string } | null }) {
  return packItemsQuery(db, !!opts.after).execute({ packId: opts.packId, ...pageValues(opts.limit, opts.after) });
}

/** An item by slug, kept prepared (read on every item page): the public part only, as a pack's page of sounds. */
const itemQuery = keptPrepared((db) =>
  db
    .select({ ...itemRowColumns(null), description: items.description, takenDownAt: items.takenDownAt, packCreatorId: packs.creatorId })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(eq(items.slug, sql.placeholder('slug')))
    .prepare(AUTO_NAMED_STATEMENT),
);

/** An item by slug, whoever may read it: callers authorize the viewer (src/policies). */
export async function findItem(db: DbOrTx, slug: string) {
  const [row] = await itemQuery(db).execute({ slug });
  return row ?? null;
}

/** A staff playlist's page of sounds, kept prepared per page: the public part only, as a pack's page of sounds. */
const staffPlaylistItemsQuery = keptPrepared((db, later: boolean) =>
  db
    .select({ ...itemRowColumns(null), listPosition: staffPlaylistItems.position })
    .from(staffPlaylistItems)
    .innerJoin(items, eq(items.id, staffPlaylistItems.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(and(eq(staffPlaylistItems.playlistId, sql.placeholder('playlistId')), itemListedSql, later ? afterPosition(staffPlaylistItems.position) : undefined))
    .orderBy(asc(staffPlaylistItems.position), asc(items.id))
    .limit(sql.placeholder('limit'))
    .prepare(AUTO_NAMED_STATEMENT),
);

export async function listStaffPlaylistItems(db: DbOrTx, opts: { playlistId: string; limit: number; after?: { value: number; id: string } | null }) {
  return staffPlaylistItemsQuery(db, !!opts.after).execute({ playlistId: opts.playlistId, ...pageValues(opts.limit, opts.after) });
}

// ───────────── bundles ─────────────


export type BundleCardRow = Awaited<ReturnType<typeof listBundles>>[number];

export async function listBundles(db: DbOrTx, opts: { limit: number; after?: { value: string; id: string } | null }) {
  const conditions: SQL[] = [eq(bundles.active, true)];
  if (opts.after) conditions.push(sql`(${bundles.createdAt}, ${bundles.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return runPrepared(db.select(bundleCardColumns).from(bundles).where(and(...conditions)).orderBy(desc(bundles.createdAt), desc(bundles.id)).limit(opts.limit + 1));
}

export async function findBundle(db: DbOrTx, ref: { id?: string; slug?: string }) {
  const match = ref.id ? eq(bundles.id, ref.id) : eq(bundles.slug, ref.slug!);
  const [row] = await runPrepared(db.select(bundleCardColumns).from(bundles).where(and(match, eq(bundles.active, true))));
  return row ?? null;
}

export async function listBundlesOfPack(db: DbOrTx, packId: string) {
  return runPrepared(
    db
      .select(bundleCardColumns)
      .from(bundles)
      .innerJoin(bundlePacks, eq(bundlePacks.bundleId, bundles.id))
      .where(and(eq(bundlePacks.packId, packId), eq(bundles.active, true)))
      .orderBy(asc(bundles.title)),
  );
}

export async function listPacksOfBundle(db: DbOrTx, bundleId: string) {
  return runPrepared(
    db
      .select(packCardColumns)
      .from(bundlePacks)
      .innerJoin(packs, eq(packs.id, bundlePacks.packId))
      .innerJoin(creators, eq(creators.id, packs.creatorId))
      .where(and(eq(bundlePacks.bundleId, bundleId), packPublishedSql))
      .orderBy(asc(bundlePacks.position), asc(packs.id)),
  );
}

// ───────────── creators, genres, playlists, banners ─────────────


export type CreatorCardRow = Awaited<ReturnType<typeof listCreators>>[number];

export async function listCreators(db: DbOrTx, opts: { limit: number; after?: { value: string; id: string } | null; featuredOnly?: boolean }) {
  const conditions: SQL[] = [sql`exists (select 1 from packs p where p.creator_id = creators.id and ${publishedPackSql('p')})`];
  if (opts.featuredOnly) conditions.push(eq(creators.featured, true));
  if (opts.after) conditions.push(sql`(${creators.name}, ${creators.id}) > (${opts.after.value}, ${opts.after.id}::uuid)`);
  // Featured creators stand in the order admins gave them; the full list goes by name.
  const order = opts.featuredOnly ? [asc(creators.featuredPosition), asc(creators.name), asc(creators.id)] : [asc(creators.name), asc(creators.id)];
  return runPrepared(db.select(creatorCardColumns).from(creators).where(and(...conditions)).orderBy(...order).limit(opts.limit + 1));
}

export async function findCreator(db: DbOrTx, ref: { id?: string; slug?: string }) {
  const match = ref.id ? eq(creators.id, ref.id) : eq(creators.slug, ref.slug!);
  const [row] = await runPrepared(db.select(creatorCardColumns).from(creators).where(match));
  return row ?? null;
}

/** Pack counts per genre over published packs, in one aggregate. */
export async function countPacksByGenre(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ genre: sql<string>`g.genre`, count: sql<number>`count(*)::int` })
    .from(sql`${packs}, unnest(${packs.genres}) as g(genre)`)
    .where(packPublishedSql)
    .groupBy(sql`g.genre`);
  return new Map(rows.map((r) => [r.genre, r.count]));
}

const staffPlaylistCardColumns = {
  id: staffPlaylists.id,
  slug: staffPlaylists.slug,
  title: staffPlaylists.title,
  description: staffPlaylists.description,
  coverFileId: staffPlaylists.coverFileId,
  itemCount: sql<number>`(select count(*)::int from staff_playlist_items spi join items i on i.id = spi.item_id join packs p on p.id = i.pack_id where spi.playlist_id = staff_playlists.id and ${listedItemSql('i', 'p')})`,
};
export type StaffPlaylistCardRow = Awaited<ReturnType<typeof listStaffPlaylists>>[number];

export async function listStaffPlaylists(db: DbOrTx, limit: number) {
  return db.select(staffPlaylistCardColumns).from(staffPlaylists).where(eq(staffPlaylists.published, true)).orderBy(desc(staffPlaylists.createdAt)).limit(limit);
}

export async function findStaffPlaylist(db: DbOrTx, ref: { id?: string; slug?: string }) {
  const match = ref.id ? eq(staffPlaylists.id, ref.id) : eq(staffPlaylists.slug, ref.slug!);
  const [row] = await runPrepared(db.select(staffPlaylistCardColumns).from(staffPlaylists).where(and(match, eq(staffPlaylists.published, true))));
  return row ?? null;
}

export async function listActiveBanners(db: DbOrTx) {
  return db
    .select()
    .from(banners)
    .where(bannerShownSql())
    .orderBy(asc(banners.sortOrder), asc(banners.id))
    .limit(5);
}
