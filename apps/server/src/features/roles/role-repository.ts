import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@crate/contract/roles';
import type { DbOrTx } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema/index.ts';

export async function listRoles(db: DbOrTx, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.role);
  return rows.map((r) => r.role);
}

/** Locks the user row for the rest of the transaction so concurrent role changes apply one after the other. */
export async function lockUser(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

export async function insertRoles(db: DbOrTx, userId: string, roles: readonly Role[], grantedBy: string | null): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insert(userRoles)
    .values(roles.map((role) => ({ userId, role, grantedBy })))
    .onConflictDoNothing();
}

export async function deleteRoles(db: DbOrTx, userId: string, roles: readonly Role[]): Promise<void> {
  if (roles.length === 0) return;
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [...roles])));
}

/** Clients compare this with their stored copy and force-refresh claims when it moved (docs/product-overview.md §4). */
export async function bumpClaimsUpdatedAt(db: DbOrTx, userId: string): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ claimsUpdatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ claimsUpdatedAt: users.claimsUpdatedAt });
  return row!.claimsUpdatedAt!;
}
