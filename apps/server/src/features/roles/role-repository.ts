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

/**
 * Locks every admin's account row until the transaction ends and counts those not disabled besides `except`:
 * two admins disabling (or demoting) each other at once are applied one after the other, so one admin always stays.
 */
export async function countOtherActiveAdmins(tx: DbOrTx, except: string): Promise<number> {
  const admins = await tx
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .orderBy(users.id)
    .for('update', { of: users });
  return admins.filter((a) => a.id !== except && a.disabledAt === null).length;
}
