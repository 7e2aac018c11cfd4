import { eq, sql } from 'drizzle-orm';
import type { TakedownReason } from '@crate/contract/catalogue-enums';
import type { PackStatus } from '@crate/contract/pack-status';
import type { Tx } from '../db/client.ts';
import { creators, packs, users } from '../db/schema/index.ts';

/** The pack a move is about, its row locked until the transaction ends: two moves of one pack queue behind each other. */
export async function lockPackForMove(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: packs.id, status: packs.status, creatorId: packs.creatorId, title: packs.title, publishedAt: packs.publishedAt, takedownReason: packs.takedownReason, withdrawnAt: packs.withdrawnAt })
    .from(packs)
    .where(eq(packs.id, id))
    .for('update');
  return row ?? null;
}
export type LockedPack = NonNullable<Awaited<ReturnType<typeof lockPackForMove>>>;

/**
 * The status, and what goes with it: the first publication's date (kept through re-processing, so a fixed
 * pack is not "new" again), a takedown's reason and time (set when a published pack is archived, cleared
 * when an archived one is restored), the time its creator withdrew it (cleared with the takedown).
 */
export async function writePackStatus(
  tx: Tx,
  id: string,
  change: { status: PackStatus; published?: boolean; takedown?: { reason: TakedownReason } | 'clear'; withdrawn?: boolean },
): Promise<void> {
  await tx
    .update(packs)
    .set({
      status: change.status,
      updatedAt: new Date(),
      ...(change.published ? { publishedAt: sql`coalesce(${packs.publishedAt}, now())` } : {}),
      ...(change.takedown === 'clear' ? { takedownReason: null, takenDownAt: null, withdrawnAt: null } : change.takedown ? { takedownReason: change.takedown.reason, takenDownAt: new Date() } : {}),
      ...(change.withdrawn ? { withdrawnAt: new Date() } : {}),
    })
    .where(eq(packs.id, id));
}

export async function findCreatorEmail(tx: Tx, creatorId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(creators).innerJoin(users, eq(users.id, creators.userId)).where(eq(creators.id, creatorId));
  return row?.email ?? null;
}
