import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { publishedPackSql } from '../../db/listed-items.ts';
import { creators, packs, staffPicks } from '../../db/schema/index.ts';
import { packPublishedSql } from '../../policies/pack-policy.ts';
import { creatorCardColumns, packCardColumns } from '../../read-models/catalogue-rows.ts';

/** Discover's two curated shelves, staff picks (table staff_picks) and featured creators (creators.featured, in featured_position order). */

export type Shelf = 'staff_picks' | 'featured_creators';

/** One change to a shelf at a time: its version is read and written under this lock (the shelf has no row of its own to lock). */
export async function lockShelf(tx: DbOrTx, shelf: Shelf) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`curation:${shelf}`}))`);
}

// ───────────── staff picks ─────────────

export async function listStaffPicks(db: DbOrTx) {
  return db
    .select(packCardColumns)
    .from(staffPicks)
    .innerJoin(packs, eq(packs.id, staffPicks.packId))
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .orderBy(asc(staffPicks.position), asc(staffPicks.packId));
}

export async function listStaffPickIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: staffPicks.packId }).from(staffPicks).orderBy(asc(staffPicks.position), asc(staffPicks.packId));
  return rows.map((r) => r.id);
}

/** What the pack policy asks about a pack. */
export async function findPackFacts(db: DbOrTx, id: string) {
  const [row] = await db.select({ creatorId: packs.creatorId, status: packs.status }).from(packs).where(eq(packs.id, id));
  return row ?? null;
}

/** Picks the pack last in the order; false when it already is a pick. */
export async function appendStaffPick(tx: DbOrTx, packId: string, pickedBy: string): Promise<boolean> {
  const rows = await tx
    .insert(staffPicks)
    .values({ packId, pickedBy, position: sql`(select coalesce(max(position), -1) + 1 from staff_picks)` })
    .onConflictDoNothing()
    .returning({ id: staffPicks.packId });
  return rows.length > 0;
}

export async function deleteStaffPick(tx: DbOrTx, packId: string): Promise<boolean> {
  const rows = await tx.delete(staffPicks).where(eq(staffPicks.packId, packId)).returning({ id: staffPicks.packId });
  return rows.length > 0;
}

export async function setStaffPickPositions(tx: DbOrTx, packIds: readonly string[]) {
  await tx.execute(sql`
    update staff_picks sp set position = o.ord - 1
    from unnest(${sql.param(packIds)}::uuid[]) with ordinality as o(pack_id, ord)
    where sp.pack_id = o.pack_id`);
}

// ───────────── featured creators ─────────────

export async function listFeaturedCreators(db: DbOrTx) {
  return db.select(creatorCardColumns).from(creators).where(eq(creators.featured, true)).orderBy(asc(creators.featuredPosition), asc(creators.name), asc(creators.id));
}

export async function listFeaturedCreatorIds(db: DbOrTx): Promise<string[]> {
  return (await listFeaturedCreators(db)).map((r) => r.id);
}

export async function findCreatorFacts(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: creators.id, featured: creators.featured, packCount: creatorCardColumns.packCount }).from(creators).where(eq(creators.id, id));
  return row ?? null;
}

/** Features the creator last in the order. */
export async function featureCreator(tx: DbOrTx, creatorId: string) {
  await tx
    .update(creators)
    .set({ featured: true, featuredPosition: sql`(select coalesce(max(c.featured_position), -1) + 1 from creators c where c.featured)`, updatedAt: sql`now()` })
    .where(eq(creators.id, creatorId));
}

export async function unfeatureCreator(tx: DbOrTx, creatorId: string): Promise<boolean> {
  const rows = await tx
    .update(creators)
    .set({ featured: false, featuredPosition: 0, updatedAt: sql`now()` })
    .where(and(eq(creators.id, creatorId), eq(creators.featured, true)))
    .returning({ id: creators.id });
  return rows.length > 0;
}

export async function setFeaturedPositions(tx: DbOrTx, creatorIds: readonly string[]) {
  await tx.execute(sql`
    update creators c set featured_position = o.ord - 1
    from unnest(${sql.param(creatorIds)}::uuid[]) with ordinality as o(creator_id, ord)
    where c.id = o.creator_id`);
}

// ───────────── lookups ─────────────

/** `q` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function lookUpPublishedPacks(db: DbOrTx, q: string, limit: number) {
  const pattern = containing(q);
  return db
    .select(packCardColumns)
    .from(packs)
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(and(packPublishedSql, or(ilike(packs.title, pattern), ilike(creators.name, pattern))))
    .orderBy(asc(packs.title), asc(packs.id))
    .limit(limit);
}

export async function lookUpCreators(db: DbOrTx, q: string, limit: number) {
  return db
    .select(creatorCardColumns)
    .from(creators)
    .where(and(ilike(creators.name, containing(q)), sql`exists (select 1 from packs p where p.creator_id = creators.id and ${publishedPackSql('p')})`))
    .orderBy(asc(creators.name), asc(creators.id))
    .limit(limit);
}
