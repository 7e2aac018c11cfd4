import { asc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';
import { bannerShownSql } from '../../policies/banner-policy.ts';

const bannerColumns = {
  id: banners.id,
  title: banners.title,
  subtitle: banners.subtitle,
  imageFileId: banners.imageFileId,
  position: banners.position,
  linkUrl: banners.linkUrl,
  active: banners.active,
  sortOrder: banners.sortOrder,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
  live: bannerShownSql(),
};
export type BannerRow = Awaited<ReturnType<typeof listBannerRows>>[number];
export type BannerValues = Pick<typeof banners.$inferInsert, 'title' | 'subtitle' | 'imageFileId' | 'position' | 'linkUrl' | 'active' | 'startsAt' | 'endsAt'>;

/** Every banner in Discover's order (ties, which only rows written outside the editor have, by id). */
export async function listBannerRows(db: DbOrTx) {
  return db.select(bannerColumns).from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
}

/** Every banner's id in order, each row locked until the transaction ends: reorders, adds and removals queue behind one another. */
export async function lockBannerOrder(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.select({ id: banners.id }).from(banners).orderBy(asc(banners.sortOrder), asc(banners.id)).for('update');
  return rows.map((row) => row.id);
}

export async function findBannerRow(db: DbOrTx, id: string, lock = false): Promise<BannerRow | null> {
  const query = db.select(bannerColumns).from(banners).where(eq(banners.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function nextSortOrder(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ last: max(banners.sortOrder) }).from(banners);
  return (row?.last ?? -1) + 1;
}

export async function insertBannerRow(tx: DbOrTx, values: BannerValues & { sortOrder: number }): Promise<string> {
  const [row] = await tx.insert(banners).values(values).returning({ id: banners.id });
  return row!.id;
}

export async function updateBannerRow(tx: DbOrTx, id: string, values: BannerValues): Promise<void> {
  await tx.update(banners).set({ ...values, updatedAt: sql`now()` }).where(eq(banners.id, id));
}

export async function deleteBannerRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(banners).where(eq(banners.id, id));
}

/** Writes each banner's place in the order given (0, 1, …); only rows whose place changes are written. */
export async function writeBannerOrder(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await tx.update(banners).set({ sortOrder: index, updatedAt: sql`now()` }).where(sql`${banners.id} = ${id} and ${banners.sortOrder} <> ${index}`);
  }
}
