import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInThrottles, users } from '../../db/schema/index.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  claimsUpdatedAt: Date | null;
  /** Until when password sign-in is paused after failed attempts (null when it is not). */
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
      signInLockedUntil: signInThrottles.lockedUntil,
      deactivatedAt: users.deactivatedAt,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(signInThrottles, and(eq(signInThrottles.email, users.email), gt(signInThrottles.lockedUntil, sql`now()`)))
    .where(eq(users.id, userId));
  return row ?? null;
}
