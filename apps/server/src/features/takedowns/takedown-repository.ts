import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { items, packs } from '../../db/schema/index.ts';

export async function lockItem(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: items.id, takenDownAt: items.takenDownAt, takedownReason: items.takedownReason, isFree: items.isFree, packStatus: packs.status, packCreatorId: packs.creatorId })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(eq(items.id, id))
    .for('update', { of: items });
  return row ?? null;
}

/** What the pack policy asks about a pack. */
export async function findPackFacts(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ creatorId: packs.creatorId, status: packs.status }).from(packs).where(eq(packs.id, id));
  return row ?? null;
}

export async function setItemRestored(tx: DbOrTx, id: string) {
  await tx.update(items).set({ takenDownAt: null, takedownReason: null, updatedAt: sql`now()` }).where(eq(items.id, id));
}
