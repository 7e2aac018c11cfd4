import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailVerificationLinks, users } from '../../db/schema/index.ts';

export interface VerificationLink {
  userId: string;
  email: string;
  expiresAt: Date;
}

/** Keeps a new link's token hash, for the address it is sent to. */
export async function insertVerificationLink(db: DbOrTx, link: VerificationLink & { tokenHash: string; createdAt: Date }): Promise<void> {
  await db.insert(emailVerificationLinks).values(link);
}

/** Takes the link out (so it works once): the row it was, or null for a token nobody made or one already followed. */
export async function takeVerificationLink(db: DbOrTx, tokenHash: string): Promise<VerificationLink | null> {
  const [row] = await db
    .delete(emailVerificationLinks)
    .where(eq(emailVerificationLinks.tokenHash, tokenHash))
    .returning({ userId: emailVerificationLinks.userId, email: emailVerificationLinks.email, expiresAt: emailVerificationLinks.expiresAt });
  return row ?? null;
}

/** Every open link of the user goes (the address is confirmed, or no longer theirs). */
export async function deleteVerificationLinks(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(emailVerificationLinks).where(eq(emailVerificationLinks.userId, userId));
}

export interface VerificationState {
  email: string;
  emailVerified: boolean;
}

export async function findVerificationState(db: DbOrTx, userId: string): Promise<VerificationState | null> {
  const [row] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Confirms the address, only while it is still the account's address; true when this call confirmed it. */
export async function markEmailVerified(db: DbOrTx, userId: string, email: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email), eq(users.emailVerified, false)))
    .returning({ id: users.id });
  return updated.length === 1;
}
