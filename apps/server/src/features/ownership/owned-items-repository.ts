import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, items, licences, ownedItems, packs } from '../../db/schema/index.ts';
import { itemRowColumns } from '../../read-models/catalogue-rows.ts';

export interface OwnedItemsFilter {
  limit: number;
  after: { value: string; id: string } | null;
  q?: string | undefined;
  type?: 'sample' | 'preset' | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The items a user owns, newest first, whatever became of them since: a pack unpublished or a sound
 * taken down stays in its owners' library (they keep their licence and their downloads).
 */
export async function listOwnedItems(db: DbOrTx, userId: string, filter: OwnedItemsFilter) {
  const conditions: SQL[] = [eq(ownedItems.userId, userId)];
  if (filter.q) conditions.push(ilike(items.name, `%${escapeLike(filter.q)}%`));
  if (filter.type) conditions.push(eq(items.type, filter.type));
  if (filter.after) conditions.push(sql`(${ownedItems.acquiredAt}, ${ownedItems.id}) < (${filter.after.value}::timestamptz, ${filter.after.id}::uuid)`);
  return db
    .select({ ...itemRowColumns(userId), acquiredAt: ownedItems.acquiredAt, ownedId: ownedItems.id, certificateNumber: licences.certificateNumber })
    .from(ownedItems)
    .innerJoin(items, eq(items.id, ownedItems.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .innerJoin(licences, eq(licences.ownedItemId, ownedItems.id))
    .where(and(...conditions))
    .orderBy(desc(ownedItems.acquiredAt), desc(ownedItems.id))
    .limit(filter.limit + 1);
}
