import { and, eq, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users, verifications } from '../../db/schema/index.ts';

export interface AccountState {
  id: string;
  email: string;
  deactivatedAt: Date | null;
  disabledAt: Date | null;
}

const accountStateColumns = {
  id: users.id,
  email: users.email,
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

/** What a completed password reset or account recovery restores besides the lock: a self-deactivation. */
export async function clearDeactivation(db: DbOrTx, userId: string): Promise<{ wasDeactivated: boolean }> {
  const [before] = await db.select({ deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return { wasDeactivated: Boolean(before?.deactivatedAt) };
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

/** The user a reset or recovery link was made for (better-auth's row `reset-password:<token>`), or null. */
export async function findResetLinkUser(db: DbOrTx, token: string): Promise<string | null> {
  const [row] = await db.select({ userId: verifications.value }).from(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.userId ?? null;
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
