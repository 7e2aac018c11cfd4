import { and, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users, verifications } from '../../db/schema/index.ts';

/** Consecutive failed sign-ins that lock an account until it is recovered by e-mail. */
export const MAX_FAILED_LOGINS = 10;

export interface AccountState {
  id: string;
  email: string;
  lockedAt: Date | null;
  deactivatedAt: Date | null;
  disabledAt: Date | null;
}

const accountStateColumns = {
  id: users.id,
  email: users.email,
  lockedAt: users.lockedAt,
  deactivatedAt: users.deactivatedAt,
  disabledAt: users.disabledAt,
};

export async function findAccountStateByEmail(db: DbOrTx, email: string): Promise<AccountState | null> {
  const [row] = await db.select(accountStateColumns).from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findAccountStateById(db: DbOrTx, userId: string): Promise<AccountState | null> {
  const [row] = await db.select(accountStateColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Counts one more failed sign-in for the e-mail (a no-op when it has no account) and locks the
 * account when the count reaches MAX_FAILED_LOGINS, in one statement so concurrent attempts all count.
 */
export async function recordFailedLogin(db: DbOrTx, email: string): Promise<{ userId: string; lockedNow: boolean } | null> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedAt: sql`case when ${users.lockedAt} is null and ${users.failedLoginCount} + 1 >= ${MAX_FAILED_LOGINS} then now() else ${users.lockedAt} end`,
    })
    .where(eq(users.email, email))
    .returning({ userId: users.id, failedLoginCount: users.failedLoginCount, lockedAt: users.lockedAt });
  if (!row) return null;
  return { userId: row.userId, lockedNow: row.lockedAt !== null && row.failedLoginCount === MAX_FAILED_LOGINS };
}

export async function clearFailedLogins(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, userId));
}

/** What a completed password reset or account recovery restores: the lock and a self-deactivation. */
export async function clearLockAndDeactivation(db: DbOrTx, userId: string): Promise<{ wasLocked: boolean; wasDeactivated: boolean }> {
  const [before] = await db.select({ lockedAt: users.lockedAt, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ lockedAt: null, failedLoginCount: 0, deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return { wasLocked: Boolean(before?.lockedAt), wasDeactivated: Boolean(before?.deactivatedAt) };
}

export async function markDeactivated(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs the user out everywhere. */
export async function deleteAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Voids every outstanding reset and recovery link of the user: better-auth keeps each as a
 * verification row `reset-password:<token>` whose value is the user id (recovery links are reset
 * links landing on another page). Called after any password change or completed reset.
 */
export async function voidPasswordLinks(db: DbOrTx, userId: string): Promise<number> {
  const voided = await db.delete(verifications).where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId))).returning({ id: verifications.id });
  return voided.length;
}
