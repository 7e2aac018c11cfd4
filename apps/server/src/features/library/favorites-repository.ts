import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, favorites, items, packs } from '../../db/schema/index.ts';
import { itemListedSql } from '../../policies/item-policy.ts';
import { packPublishedSql } from '../../policies/pack-policy.ts';
import { itemRowColumns, packCardColumns } from '../../read-models/catalogue-rows.ts';

/** Sets or clears the heart; true when this call added it (it was not there before). */
export async function setItemFavorite(db: DbOrTx, userId: string, itemId: string, on: boolean): Promise<boolean> {
  if (!on) {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId)));
    return false;
  }
  const added = await db.insert(favorites).values({ userId, itemId }).onConflictDoNothing().returning({ id: favorites.id });
  return added.length > 0;
}

export async function setPackFavorite(db: DbOrTx, userId: string, packId: string, on: boolean): Promise<void> {
  if (on) await db.insert(favorites).values({ userId, packId }).onConflictDoNothing();
  else await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.packId, packId)));
}

/** Hearted items still public, newest heart first; cursor on (hearted at, favorite id). */
export async function listFavoriteItems(db: DbOrTx, userId: string, opts: { limit: number; after: { value: string; id: string } | null }) {
  const conditions: SQL[] = [eq(favorites.userId, userId), itemListedSql];
  if (opts.after) conditions.push(sql`(${favorites.createdAt}, ${favorites.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select({ ...itemRowColumns(userId), favoriteId: favorites.id, favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(items, eq(items.id, favorites.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(and(...conditions))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(opts.limit + 1);
}

export async function listFavoritePacks(db: DbOrTx, userId: string, opts: { limit: number; after: { value: string; id: string } | null }) {
  const conditions: SQL[] = [eq(favorites.userId, userId), packPublishedSql];
  if (opts.after) conditions.push(sql`(${favorites.createdAt}, ${favorites.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select({ ...packCardColumns, favoriteId: favorites.id, favoritedAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(packs, eq(packs.id, favorites.packId))
    .innerJoin(creators, eq(creators.id, packs.creatorId))
    .where(and(...conditions))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(opts.limit + 1);
}
