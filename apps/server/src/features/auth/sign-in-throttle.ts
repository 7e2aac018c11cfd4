import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInThrottles } from '../../db/schema/index.ts';

/** Consecutive failed sign-ins for one e-mail address that lock it (docs/decisions/0016)… */
export const MAX_FAILED_SIGN_INS = 10;
/** …for this long. Failures during the lock are not even checked, so they cannot extend it. */
export const SIGN_IN_LOCK_MINUTES = 15;

/**
 * When the e-mail address is locked out of password sign-in, else null. Kept per address, whether or
 * not an account has it, so a locked address and an unknown one answer alike.
 */
export async function signInLockedUntil(db: DbOrTx, email: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(sql`${signInThrottles.email} = ${email} and ${signInThrottles.lockedUntil} > now()`);
  return row?.lockedUntil ?? null;
}

/**
 * Counts one more failure for the address, in one statement so concurrent attempts all count; the
 * failure that reaches MAX_FAILED_SIGN_INS locks it for SIGN_IN_LOCK_MINUTES and starts the count
 * again. `lockedNow` is true for exactly that failure (one lock e-mail per lock).
 */
export async function recordFailedSignIn(db: DbOrTx, email: string): Promise<{ lockedNow: boolean }> {
  const reachesMax = sql`${signInThrottles.failures} + 1 >= ${MAX_FAILED_SIGN_INS}`;
  const [row] = await db
    .insert(signInThrottles)
    .values({ email, failures: 1 })
    .onConflictDoUpdate({
      target: signInThrottles.email,
      set: {
        failures: sql`case when ${reachesMax} then 0 else ${signInThrottles.failures} + 1 end`,
        lockedUntil: sql`case when ${reachesMax} then now() + make_interval(mins => ${SIGN_IN_LOCK_MINUTES}) else ${signInThrottles.lockedUntil} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: signInThrottles.failures, lockedUntil: signInThrottles.lockedUntil });
  return { lockedNow: row !== undefined && row.failures === 0 && row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now() };
}

/** A successful sign-in or a completed reset forgets the failures; true when the address was locked. */
export async function clearSignInFailures(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.delete(signInThrottles).where(eq(signInThrottles.email, email)).returning({ lockedUntil: signInThrottles.lockedUntil });
  return row?.lockedUntil !== null && row?.lockedUntil !== undefined && row.lockedUntil.getTime() > Date.now();
}
