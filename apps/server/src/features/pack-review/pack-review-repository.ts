import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { PackReviewDecision } from '@crate/contract/pack-review';
import type { DbOrTx } from '../../db/client.ts';
import { creators, files, items, packReviews, packs, users } from '../../db/schema/index.ts';
import { AUDIO_VARIANTS } from '../../media/audio-derivatives.ts';

/**
 * When it was sent for approval: the trigger's stamp, else (rows from before it) its last change. To the
 * millisecond, as the page cursor carries it (JavaScript dates): microseconds would repeat a row across pages.
 */
const submittedAt = sql<Date>`date_trunc('milliseconds', coalesce(${packs.submittedAt}, ${packs.updatedAt}))`;

export interface WaitingPackRow {
  id: string;
  slug: string;
  title: string;
  creatorId: string;
  creatorSlug: string;
  creatorName: string;
  itemCount: number;
  fileCount: number;
  submittedAt: Date;
}

/** Packs awaiting approval, oldest submission first, a page at a time (limit + 1 rows: the extra tells a next page exists). */
export async function listAwaitingReview(db: DbOrTx, opts: { limit: number; after?: { value: string; id: string } | null }): Promise<WaitingPackRow[]> {
  const conditions = [eq(packs.status, PACK_STATUS.awaitingApproval)];
  if (opts.after) conditions.push(sql`(${submittedAt}, ${packs.id}) > (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  const rows = await db
    .select({
      id: packs.id,
      slug: packs.slug,
      title: packs.title,
      creatorId: creators.id,
      creatorSlug: creators.slug,
      creatorName: creators.name,
      itemCount: sql<number>`(select count(*) from ${items} where ${items.packId} = ${packs.id})`.mapWith(Number),
      fileCount: sql<number>`(select count(*) from ${files} where ${files.packId} = ${packs.id} and ${files.derivedFromFileId} is null)`.mapWith(Number),
      submittedAt: sql<string>`${submittedAt}`,
    })
    .from(packs)
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(and(...conditions))
    .orderBy(asc(submittedAt), asc(packs.id))
    .limit(opts.limit + 1);
  // A raw expression comes back as text on one driver and a Date on the other: one shape here.
  return rows.map((r) => ({ ...r, submittedAt: new Date(r.submittedAt) }));
}

export type PackRow = typeof packs.$inferSelect;

export async function findPack(db: DbOrTx, id: string): Promise<PackRow | null> {
  const [row] = await db.select().from(packs).where(eq(packs.id, id));
  return row ?? null;
}

export async function lockPack(db: DbOrTx, id: string): Promise<PackRow | null> {
  const [row] = await db.select().from(packs).where(eq(packs.id, id)).for('update');
  return row ?? null;
}

export async function findCreatorWithEmail(db: DbOrTx, creatorId: string) {
  const [row] = await db
    .select({ id: creators.id, slug: creators.slug, name: creators.name, email: users.email })
    .from(creators)
    .innerJoin(users, eq(users.id, creators.userId))
    .where(eq(creators.id, creatorId));
  return row ?? null;
}

export async function listItemsOfPack(db: DbOrTx, packId: string) {
  return db.select().from(items).where(eq(items.packId, packId)).orderBy(asc(items.position), asc(items.id));
}

export async function listOriginalsOfPack(db: DbOrTx, packId: string) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.packId, packId), isNull(files.derivedFromFileId)))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** A file of the pack (an original) and, if made, its MP3 preview. */
export async function findPackFileForPlaying(db: DbOrTx, packId: string, fileId: string) {
  const [original] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.packId, packId), isNull(files.derivedFromFileId)));
  if (!original) return null;
  const [preview] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.derivedFromFileId, fileId), eq(files.variant, AUDIO_VARIANTS.preview)));
  return { original, preview: preview ?? null };
}

export type PackReviewRow = typeof packReviews.$inferSelect;

export async function insertReview(
  db: DbOrTx,
  review: { packId: string; reviewerUserId: string; decision: PackReviewDecision; notes: string | null; fromStatus: number; toStatus: number },
): Promise<PackReviewRow> {
  const [row] = await db.insert(packReviews).values(review).returning();
  return row!;
}

/** Newest first. */
export async function listReviews(db: DbOrTx, packId: string): Promise<PackReviewRow[]> {
  return db.select().from(packReviews).where(eq(packReviews.packId, packId)).orderBy(desc(packReviews.createdAt), desc(packReviews.id));
}
