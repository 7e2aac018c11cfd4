import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared, runPrepared } from '../db/prepared.ts';
import { bundles, creators, items, packs } from '../db/schema/index.ts';
import { publishedPackSql } from '../db/listed-items.ts';

/**
 * The item and pack read model several features share: the columns of an item row and a pack card (the
 * catalogue lists them, the library, search and ownership list them for a viewer) and the lookups the
 * policies need. Queries that belong to one feature stay in that feature's repository.
 */

const itemCountSql = sql<number>`(select count(*)::int from items i where i.pack_id = packs.id and i.taken_down_at is null)`;

export const packCardColumns = {
  id: packs.id,
  slug: packs.slug,
  title: packs.title,
  status: packs.status,
  licenceType: packs.licenceType,
  genres: packs.genres,
  isFree: packs.isFree,
  publishedAt: packs.publishedAt,
  createdAt: packs.createdAt,
  coverFileId: packs.coverFileId,
  previewFileId: packs.previewFileId,
  previewDurationMs: sql<number | null>`(select f.duration_ms from files f where f.id = packs.preview_file_id)`,
  creatorId: creators.id,
  creatorSlug: creators.slug,
  creatorName: creators.name,
  itemCount: itemCountSql,
};
export type PackCardRow = {
  id: string;
  slug: string;
  title: string;
  status: number;
  licenceType: (typeof packs.licenceType.enumValues)[number];
  genres: string[];
  isFree: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  coverFileId: string | null;
  previewFileId: string | null;
  previewDurationMs: number | null;
  creatorId: string;
  creatorSlug: string;
  creatorName: string;
  itemCount: number;
};

/** A bundle card's columns (its pack count over published packs). */
export const bundleCardColumns = {
  id: bundles.id,
  slug: bundles.slug,
  title: bundles.title,
  description: bundles.description,
  coverFileId: bundles.coverFileId,
  priceCents: bundles.priceCents,
  currency: bundles.currency,
  creditCost: bundles.creditCost,
  createdAt: bundles.createdAt,
  packCount: sql<number>`(select count(*)::int from bundle_packs bp join packs p on p.id = bp.pack_id where bp.bundle_id = bundles.id and ${publishedPackSql('p')})`,
};

/** A creator card's columns (its pack count over published packs). */
export const creatorCardColumns = {
  id: creators.id,
  slug: creators.slug,
  name: creators.name,
  bio: creators.bio,
  location: creators.location,
  links: creators.links,
  avatarFileId: creators.avatarFileId,
  bannerFileId: creators.bannerFileId,
  featured: creators.featured,
  createdAt: creators.createdAt,
  packCount: sql<number>`(select count(*)::int from packs p where p.creator_id = creators.id and ${publishedPackSql('p')})`,
};

/** A pack by id or by slug, the same for every viewer (their heart comes from the viewer-state cache): kept prepared, it is read on every pack page. */
const packQuery = keptPrepared((db, by: 'id' | 'slug') =>
  db
    .select({
      ...packCardColumns,
      description: packs.description,
      tags: packs.tags,
      creditCost: packs.creditCost,
      priceCents: packs.priceCents,
      currency: packs.currency,
      takedownReason: packs.takedownReason,
    })
    .from(packs)
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(eq(by === 'id' ? packs.id : packs.slug, sql.placeholder('ref')))
    .prepare(AUTO_NAMED_STATEMENT),
);

/** A pack by id or slug, whoever may read it: callers authorize the viewer (src/policies). */
export async function findPack(db: DbOrTx, ref: { id?: string; slug?: string }) {
  const [row] = await packQuery(db, ref.id ? 'id' : 'slug').execute({ ref: ref.id ?? ref.slug });
  return row ?? null;
}

/** An item row's columns; `favorited` for the signed-in user `userId` (null for visitors; a placeholder in a prepared query). */
export const itemRowColumns = (userId: string | Placeholder | null) => ({
  id: items.id,
  slug: items.slug,
  name: items.name,
  type: items.type,
  kind: items.kind,
  key: items.key,
  bpm: items.bpm,
  timeSignature: items.timeSignature,
  feel: items.feel,
  genres: items.genres,
  instruments: items.instruments,
  tags: items.tags,
  licenceType: items.licenceType,
  plugin: items.plugin,
  isFree: items.isFree,
  creditCost: items.creditCost,
  durationMs: items.durationMs,
  hasStems: items.hasStems,
  hasMidi: items.hasMidi,
  audioFileId: sql<string | null>`coalesce(${items.previewFileId}, ${items.audioFileId})`,
  takedownReason: items.takedownReason,
  position: items.position,
  packId: packs.id,
  packSlug: packs.slug,
  packTitle: packs.title,
  packCoverFileId: packs.coverFileId,
  packStatus: packs.status,
  creatorId: creators.id,
  creatorSlug: creators.slug,
  creatorName: creators.name,
  favorited: userId ? sql<boolean>`exists (select 1 from favorites f where f.user_id = ${userId} and f.item_id = items.id)` : sql<null>`null`,
});

export const itemRows = (db: DbOrTx, userId: string | Placeholder | null) =>
  db
    .select(itemRowColumns(userId))
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId));

export type ItemRowData = Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number];
/** What the item rules look at, by item id (null when there is no such item). */
export async function findItemFacts(db: DbOrTx, id: string) {
  const [row] = await runPrepared(
    db
      .select({ packCreatorId: packs.creatorId, packStatus: packs.status, takenDownAt: items.takenDownAt, isFree: items.isFree })
      .from(items)
      .innerJoin(packs, eq(packs.id, items.packId))
      .where(eq(items.id, id)),
  );
  return row ?? null;
}

