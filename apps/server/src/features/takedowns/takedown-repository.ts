import { eq, sql } from 'drizzle-orm';
import type { TakedownReason } from '@crate/contract/catalogue-enums';
import type { DbOrTx } from '../../db/client.ts';
import { items, packs } from '../../db/schema/index.ts';

/** A sound with what the item policy and a takedown's e-mail need, locked for the move. */
export async function lockItem(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: items.id,
      name: items.name,
      slug: items.slug,
      takenDownAt: items.takenDownAt,
      takedownReason: items.takedownReason,
      isFree: items.isFree,
      packStatus: packs.status,
      packCreatorId: packs.creatorId,
    })
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

/** Out of the catalogue (the search outbox follows by trigger); owners keep it. */
export async function setItemTakenDown(tx: DbOrTx, id: string, reason: TakedownReason) {
  await tx.update(items).set({ takenDownAt: sql`now()`, takedownReason: reason, updatedAt: sql`now()` }).where(eq(items.id, id));
}

export async function setItemRestored(tx: DbOrTx, id: string) {
  await tx.update(items).set({ takenDownAt: null, takedownReason: null, updatedAt: sql`now()` }).where(eq(items.id, id));
}
