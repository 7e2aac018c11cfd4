import { eq, lt, sql } from 'drizzle-orm';
import type { ItemEventKind } from '@crate/contract/tracking-enums';
import type { DbOrTx } from '../../db/client.ts';
import { items, packs, playDedupe } from '../../db/schema/index.ts';

/** One event per item (with the credits its creator earned, gets only), stamped now; the item's pack is looked up in the same statement. */
export async function insertItemEvents(db: DbOrTx, kind: ItemEventKind, userId: string | null, events: readonly { itemId: string; credits?: number }[]): Promise<void> {
  if (events.length === 0) return;
  const ids = events.map((e) => e.itemId);
  const credits = events.map((e) => e.credits ?? 0);
  await db.execute(sql`
    insert into item_events (item_id, pack_id, user_id, kind, credits)
    select i.id, i.pack_id, ${userId}, ${kind}, e.credits
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(credits)}::int[]) as e(item_id, credits)
    join items i on i.id = e.item_id`);
}

/** What the play rules need about an item: who may read it (policy facts) and how long its preview is. */
export async function findPlayableItem(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({ id: items.id, packCreatorId: packs.creatorId, packStatus: packs.status, takenDownAt: items.takenDownAt, isFree: items.isFree, durationMs: items.durationMs })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(eq(items.id, itemId));
  return row ?? null;
}

/**
 * Claims the listener's play of the item unless one was counted within `windowSeconds`: true when this
 * play is to be counted. One statement, so two simultaneous requests for the same listen count once.
 */
export async function claimPlay(db: DbOrTx, listener: string, itemId: string, windowSeconds: number): Promise<boolean> {
  const rows = await db
    .insert(playDedupe)
    .values({ listener, itemId, countedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [playDedupe.listener, playDedupe.itemId],
      set: { countedAt: sql`now()` },
      setWhere: sql`${playDedupe.countedAt} <= now() - make_interval(secs => ${windowSeconds})`,
    })
    .returning({ itemId: playDedupe.itemId });
  return rows.length > 0;
}

/** Forgets listens older than the window: they no longer hold back a play. Returns how many were removed. */
export async function pruneDedupe(db: DbOrTx, windowSeconds: number): Promise<number> {
  const removed = await db
    .delete(playDedupe)
    .where(lt(playDedupe.countedAt, sql`now() - make_interval(secs => ${windowSeconds})`))
    .returning({ itemId: playDedupe.itemId });
  return removed.length;
}
