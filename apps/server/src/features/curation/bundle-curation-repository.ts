import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bundlePacks, bundles, creators, packs } from '../../db/schema/index.ts';
import { packPublishedSql } from '../../policies/pack-policy.ts';
import { bundleCardColumns, packCardColumns } from '../../read-models/catalogue-rows.ts';

/** Bundles as admins edit them: active or not, with every pack in them, published or not. */

const adminBundleColumns = { ...bundleCardColumns, active: bundles.active, updatedAt: bundles.updatedAt };
export type AdminBundleRow = NonNullable<Awaited<ReturnType<typeof findBundle>>>;

export async function listBundles(db: DbOrTx, opts: { limit: number; after: { value: string; id: string } | null }) {
  const conditions: SQL[] = [];
  if (opts.after) conditions.push(sql`(${bundles.updatedAt}, ${bundles.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select(adminBundleColumns)
    .from(bundles)
    .where(and(...conditions))
    .orderBy(desc(bundles.updatedAt), desc(bundles.id))
    .limit(opts.limit + 1);
}

export async function findBundle(db: DbOrTx, id: string) {
  const [row] = await db.select(adminBundleColumns).from(bundles).where(eq(bundles.id, id));
  return row ?? null;
}

/** The bundle row, locked until the transaction ends. */
export async function lockBundle(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: bundles.id, active: bundles.active, coverFileId: bundles.coverFileId }).from(bundles).where(eq(bundles.id, id)).for('update');
  return row ?? null;
}

export async function listBundlePacks(db: DbOrTx, bundleId: string) {
  return db
    .select(packCardColumns)
    .from(bundlePacks)
    .innerJoin(packs, eq(packs.id, bundlePacks.packId))
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(eq(bundlePacks.bundleId, bundleId))
    .orderBy(asc(bundlePacks.position), asc(packs.id));
}

export async function listBundlePackIds(db: DbOrTx, bundleId: string): Promise<string[]> {
  const rows = await db.select({ packId: bundlePacks.packId }).from(bundlePacks).where(eq(bundlePacks.bundleId, bundleId));
  return rows.map((r) => r.packId);
}

/** Which of these packs are published. */
export async function findPublishedPackIds(db: DbOrTx, packIds: readonly string[]): Promise<Set<string>> {
  if (packIds.length === 0) return new Set();
  const rows = await db
    .select({ id: packs.id })
    .from(packs)
    .where(and(inArray(packs.id, [...packIds]), packPublishedSql));
  return new Set(rows.map((r) => r.id));
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: bundles.id })
    .from(bundles)
    .where(and(eq(bundles.slug, slug), exceptId ? ne(bundles.id, exceptId) : undefined));
  return row !== undefined;
}

type BundleValues = { slug: string; title: string; description: string; coverFileId: string | null; creditCost: number | null; priceCents: number | null; active: boolean };

export async function insertBundle(tx: DbOrTx, values: BundleValues & { createdBy: string }): Promise<string> {
  const [row] = await tx.insert(bundles).values(values).returning({ id: bundles.id });
  return row!.id;
}

export async function updateBundle(tx: DbOrTx, id: string, values: Partial<BundleValues>) {
  await tx
    .update(bundles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bundles.id, id));
}

export async function deleteBundle(tx: DbOrTx, id: string) {
  await tx.delete(bundles).where(eq(bundles.id, id));
}

/** The bundle's packs become exactly these, in this order. */
export async function replaceBundlePacks(tx: DbOrTx, bundleId: string, packIds: readonly string[]) {
  await tx.delete(bundlePacks).where(eq(bundlePacks.bundleId, bundleId));
  await tx.insert(bundlePacks).values(packIds.map((packId, position) => ({ bundleId, packId, position })));
}
