import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInFailures, users } from '../../db/schema/index.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  claimsUpdatedAt: Date | null;
  /** Until when password sign-in to this e-mail is paused at some place (a network or a device) after failed attempts (null when nowhere). */
  signInLockedUntil: Date | null;
  deactivatedAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
}

export async function findAdminUserRow(db: DbOrTx, userId: string): Promise<AdminUserRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      claimsUpdatedAt: users.claimsUpdatedAt,
      signInLockedUntil: sql<Date | null>`(select max(${signInFailures.pausedUntil}) from ${signInFailures} where ${signInFailures.email} = ${users.email} and ${signInFailures.pausedUntil} > now())`.mapWith(signInFailures.pausedUntil),
      deactivatedAt: users.deactivatedAt,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
