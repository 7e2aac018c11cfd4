import { and, eq, lt, sql } from 'drizzle-orm';
import type { ItemEventKind } from '@crate/contract/tracking-enums';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { items, packs, playBudgets, playDedupe, previewServes } from '../../db/schema/index.ts';

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

/** What the play rules need about an item: who may read it (policy facts), its pack, its preview's source file and how long the preview is. */
export async function findPlayableItem(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({
      id: items.id,
      packId: items.packId,
      packCreatorId: packs.creatorId,
      packStatus: packs.status,
      takenDownAt: items.takenDownAt,
      isFree: items.isFree,
      durationMs: items.durationMs,
      audioFileId: items.audioFileId,
    })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(eq(items.id, itemId));
  return row ?? null;
}

/**
 * Claims the listener's play of the item unless one was counted within `windowSeconds` before `now`: true
 * when this play is to be counted. One statement, so two simultaneous requests for the same listen count once.
 */
async function claimPlay(db: DbOrTx, listener: string, itemId: string, windowSeconds: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(playDedupe)
    .values({ listener, itemId, countedAt: now })
    .onConflictDoUpdate({
      target: [playDedupe.listener, playDedupe.itemId],
      set: { countedAt: now },
      setWhere: lt(playDedupe.countedAt, new Date(now.getTime() - windowSeconds * 1000)),
    })
    .returning({ itemId: playDedupe.itemId });
  return rows.length > 0;
}

/** A listener fetched the preview of `fileId` from its start at `at` (a new listen may begin). */
export async function recordPreviewServed(db: DbOrTx, listener: string, fileId: string, at: Date): Promise<void> {
  await db
    .insert(previewServes)
    .values({ listener, fileId, servedAt: at })
    .onConflictDoUpdate({ target: [previewServes.listener, previewServes.fileId], set: { servedAt: at } });
}

/** When the listener last fetched the preview of `fileId` from its start, or null. */
export async function findPreviewServedAt(db: DbOrTx, listener: string, fileId: string): Promise<Date | null> {
  const [row] = await db
    .select({ servedAt: previewServes.servedAt })
    .from(previewServes)
    .where(and(eq(previewServes.listener, listener), eq(previewServes.fileId, fileId)));
  return row?.servedAt ?? null;
}

export interface PlayCaps {
  item: number;
  pack: number;
  all: number;
}

/**
 * Takes one play from the network's budgets of the day — the item's, the pack's and its total — in one
 * statement: true only when all three had room (the caller rolls back otherwise). Anonymous plays are
 * held to `anonymousCaps` as well as to `caps`, which every play counts against.
 */
async function claimPlayBudget(
  db: DbOrTx,
  claim: { network: string; day: string; itemId: string; packId: string; anonymous: boolean },
  caps: PlayCaps,
  anonymousCaps: PlayCaps,
): Promise<boolean> {
  const anonymous = claim.anonymous ? 1 : 0;
  const capOf = (c: PlayCaps) => sql`case when b.scope like 'item:%' then ${c.item}::int when b.scope like 'pack:%' then ${c.pack}::int else ${c.all}::int end`;
  const result = await db.execute(sql`
    insert into ${playBudgets} as b (network, day, scope, plays, anonymous_plays)
    values (${claim.network}, ${claim.day}, ${`item:${claim.itemId}`}, 1, ${anonymous}::int),
           (${claim.network}, ${claim.day}, ${`pack:${claim.packId}`}, 1, ${anonymous}::int),
           (${claim.network}, ${claim.day}, 'all', 1, ${anonymous}::int)
    on conflict (network, day, scope) do update set
      plays = b.plays + 1,
      anonymous_plays = b.anonymous_plays + excluded.anonymous_plays
    where b.plays < ${capOf(caps)} and (excluded.anonymous_plays = 0 or b.anonymous_plays < ${capOf(anonymousCaps)})
    returning b.scope`);
  return rowsOf(result).length === 3;
}

export interface PlayToCount {
  itemId: string;
  packId: string;
  /** The account, or null for a visitor (whose play is also held to the anonymous caps). */
  userId: string | null;
  /** Whose listens are deduplicated together (item-events-service listenerKey). */
  listener: string;
  network: string;
  now: Date;
}

/**
 * Counts one play in one transaction: the listener's dedupe claim (none within `windowSeconds`), one play
 * from each of the network's budgets for the day, and the play event. Nothing of it is kept unless all
 * hold, so a refused play leaves no claim behind. True when the play was counted.
 */
export async function countPlay(db: Db, play: PlayToCount, windowSeconds: number, caps: PlayCaps, anonymousCaps: PlayCaps): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await claimPlay(tx, play.listener, play.itemId, windowSeconds, play.now))) return false;
      const budget = { network: play.network, day: play.now.toISOString().slice(0, 10), itemId: play.itemId, packId: play.packId, anonymous: play.userId === null };
      if (!(await claimPlayBudget(tx, budget, caps, anonymousCaps))) tx.rollback();
      await insertItemEvents(tx, 'play', play.userId, [{ itemId: play.itemId }]);
      return true;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/**
 * Forgets what no longer holds back a play, as of `now`: listens older than the dedupe window, preview
 * serves older than `serveKeepSeconds`, budgets of days before yesterday. Returns how many rows went.
 */
export async function prunePlayRecords(db: DbOrTx, now: Date, windowSeconds: number, serveKeepSeconds: number): Promise<number> {
  const dedupe = await db
    .delete(playDedupe)
    .where(lt(playDedupe.countedAt, new Date(now.getTime() - windowSeconds * 1000)))
    .returning({ itemId: playDedupe.itemId });
  const serves = await db
    .delete(previewServes)
    .where(lt(previewServes.servedAt, new Date(now.getTime() - serveKeepSeconds * 1000)))
    .returning({ fileId: previewServes.fileId });
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const budgets = await db.delete(playBudgets).where(lt(playBudgets.day, yesterday)).returning({ day: playBudgets.day });
  return dedupe.length + serves.length + budgets.length;
}
