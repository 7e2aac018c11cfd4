import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInFailures, type SIGN_IN_FAILURE_SCOPES } from '../../db/schema/index.ts';

export type SignInScope = (typeof SIGN_IN_FAILURE_SCOPES)[number];

/** One row of sign_in_failures: a scope and its key (docs/decisions/0036). */
export interface SignInCounter {
  scope: SignInScope;
  /** Keyed hash of the client network, or the trusted device's id. */
  client: string;
  /** The e-mail tried; '' for the network scope. */
  email: string;
}

const keyOf = (c: SignInCounter) => and(eq(signInFailures.scope, c.scope), eq(signInFailures.client, c.client), eq(signInFailures.email, c.email));

/** Until when any of the counters is paused at `now`, or null. */
export async function findPausedUntil(db: DbOrTx, counters: readonly SignInCounter[], now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${signInFailures.pausedUntil})`.mapWith(signInFailures.pausedUntil) })
    .from(signInFailures)
    .where(and(or(...counters.map(keyOf)), gt(signInFailures.pausedUntil, now)));
  return row?.until ?? null;
}

/**
 * Counts one failure in the counter at `now`, in one upsert so concurrent failures all count; the count
 * starts again when the last failure is older than `quietSince`. Returns the count.
 */
export async function countFailure(db: DbOrTx, counter: SignInCounter, now: Date, quietSince: Date): Promise<number> {
  const [row] = await db
    .insert(signInFailures)
    .values({ ...counter, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [signInFailures.scope, signInFailures.client, signInFailures.email],
      set: {
        failures: sql`case when ${signInFailures.lastFailureAt} < ${quietSince} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInFailures.failures });
  return row?.failures ?? 1;
}

/** Pauses the counter until `until`, or later if a concurrent failure already paused it longer. */
export async function pauseUntil(db: DbOrTx, counter: SignInCounter, until: Date): Promise<void> {
  await db
    .update(signInFailures)
    .set({ pausedUntil: sql`greatest(coalesce(${signInFailures.pausedUntil}, ${until}), ${until})` })
    .where(keyOf(counter));
}

/** Marks the counter's e-mail as told at `now` unless any row of that e-mail was told after `since`: true when this call did. */
export async function claimNotice(db: DbOrTx, counter: SignInCounter, now: Date, since: Date): Promise<boolean> {
  const claimed = await db
    .update(signInFailures)
    .set({ notifiedAt: now })
    .where(and(keyOf(counter), sql`not exists (select 1 from ${signInFailures} n where n.email = ${counter.email} and n.notified_at > ${since})`))
    .returning({ email: signInFailures.email });
  return claimed.length > 0;
}

export async function deleteCounters(db: DbOrTx, counters: readonly SignInCounter[]): Promise<void> {
  if (counters.length > 0) await db.delete(signInFailures).where(or(...counters.map(keyOf)));
}

/** Deletes every pair and device counter of the e-mail (not network ones); returns how many there were. */
export async function deleteEmailCounters(db: DbOrTx, email: string): Promise<number> {
  const removed = await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.email, email), inArray(signInFailures.scope, ['pair', 'device'])))
    .returning({ scope: signInFailures.scope });
  return removed.length;
}

/** Deletes up to `batch` rows whose last failure is before `lapsed` and whose pause is over at `now`. */
export async function sweepLapsedCounters(db: DbOrTx, now: Date, lapsed: Date, batch: number): Promise<void> {
  await db.execute(sql`
    delete from ${signInFailures} where (scope, client, email) in (
      select scope, client, email from ${signInFailures}
      where last_failure_at < ${lapsed} and (paused_until is null or paused_until < ${now})
      limit ${batch})`);
}
