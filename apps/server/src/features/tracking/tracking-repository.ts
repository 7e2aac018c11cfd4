import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { trackingEvents, userAttribution, users } from '../../db/schema/index.ts';

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type UserAttributionRow = typeof userAttribution.$inferSelect;

/** Stores one event unless one with its `event_id` is stored already (a replayed call); true when it was new. */
export async function insertTrackingEvent(db: DbOrTx, event: NewTrackingEvent): Promise<boolean> {
  const inserted = await db.insert(trackingEvents).values(event).onConflictDoNothing({ target: trackingEvents.eventId }).returning({ id: trackingEvents.id });
  return inserted.length > 0;
}

export async function upsertUserAttribution(db: DbOrTx, row: typeof userAttribution.$inferInsert): Promise<void> {
  const { userId: _userId, ...changes } = row;
  await db.insert(userAttribution).values(row).onConflictDoUpdate({ target: userAttribution.userId, set: { ...changes, updatedAt: sql`now()` } });
}

export async function deleteUserAttribution(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userAttribution).where(eq(userAttribution.userId, userId));
}

/** The user's consent snapshot with their e-mail, or null when they have none (no consent known). */
export async function findUserAttribution(db: DbOrTx, userId: string): Promise<(UserAttributionRow & { email: string }) | null> {
  const [row] = await db
    .select({ attribution: userAttribution, email: users.email })
    .from(userAttribution)
    .innerJoin(users, eq(users.id, userAttribution.userId))
    .where(eq(userAttribution.userId, userId));
  return row ? { ...row.attribution, email: row.email } : null;
}

const unsent = and(isNull(trackingEvents.forwardedAt), isNull(trackingEvents.failedAt));

/**
 * Claims up to `limit` due events for one send (FOR UPDATE SKIP LOCKED, so two workers never take the same rows):
 * counts the attempt and pushes `next_attempt_at` to `leaseUntil`, so a worker that dies mid-send leaves them due
 * again after the lease rather than lost.
 */
export async function claimDueEvents(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<TrackingEventRow[]> {
  const due = db
    .select({ id: trackingEvents.id })
    .from(trackingEvents)
    .where(and(unsent, lte(trackingEvents.nextAttemptAt, now)))
    .orderBy(asc(trackingEvents.nextAttemptAt), asc(trackingEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(trackingEvents)
    .set({ attempts: sql`${trackingEvents.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(trackingEvents.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Marks events sent: only those not marked yet, so `forwarded_at` is set once per event. Returns how many. */
export async function markForwarded(db: DbOrTx, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(trackingEvents)
    .set({ forwardedAt: now, lastError: null })
    .where(and(inArray(trackingEvents.id, ids), isNull(trackingEvents.forwardedAt)))
    .returning({ id: trackingEvents.id });
  return changed.length;
}

/** Events of one failed send that are due again at `retryAt`, or given up (`failed_at`) when `retryAt` is null. */
export async function markSendFailed(db: DbOrTx, ids: string[], error: string, now: Date, retryAt: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(trackingEvents)
    .set(retryAt ? { nextAttemptAt: retryAt, lastError: error } : { failedAt: now, lastError: error })
    .where(and(inArray(trackingEvents.id, ids), isNull(trackingEvents.forwardedAt)));
}

/** The admin panel's numbers: events waiting, sent since `since`, given up, and the latest give-up's error. */
export async function attributionCounts(db: DbOrTx, since: Date): Promise<{ waiting: number; forwarded: number; failed: number; lastError: string | null; lastFailedAt: Date | null }> {
  const [[waiting], [forwarded], [failed], [latest]] = await Promise.all([
    db.select({ n: count() }).from(trackingEvents).where(unsent),
    db.select({ n: count() }).from(trackingEvents).where(and(isNotNull(trackingEvents.forwardedAt), gte(trackingEvents.forwardedAt, since))),
    db.select({ n: count() }).from(trackingEvents).where(and(isNotNull(trackingEvents.failedAt), isNull(trackingEvents.forwardedAt))),
    db
      .select({ error: trackingEvents.lastError, at: trackingEvents.failedAt })
      .from(trackingEvents)
      .where(and(isNotNull(trackingEvents.failedAt), isNull(trackingEvents.forwardedAt)))
      .orderBy(desc(trackingEvents.failedAt))
      .limit(1),
  ]);
  return { waiting: waiting?.n ?? 0, forwarded: forwarded?.n ?? 0, failed: failed?.n ?? 0, lastError: latest?.error ?? null, lastFailedAt: latest?.at ?? null };
}

/** Puts every given-up event back in line from a fresh count of attempts; returns how many. */
export async function requeueFailedEvents(db: DbOrTx, now: Date): Promise<number> {
  const changed = await db
    .update(trackingEvents)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: now })
    .where(and(isNotNull(trackingEvents.failedAt), isNull(trackingEvents.forwardedAt)))
    .returning({ id: trackingEvents.id });
  return changed.length;
}
