import type { Role } from '@crate/contract/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { bumpClaimsUpdatedAt, countOtherActiveAdmins, deleteRoles, insertRoles, listRoles, lockUser } from './role-repository.ts';

export interface RoleChange {
  userId: string;
  /** Who changes them: an admin, the user accepting an invite, or null for the system (seed). */
  actorUserId: string | null;
  ipAddress?: string | null;
  reason: string;
}

/**
 * Applies a role change inside an open transaction: the role rows, claims_updated_at and an audit
 * row move together. Roles are read per request, so the change takes effect on the caller's next
 * request; the bumped timestamp tells clients to refresh the claims they keep.
 */
async function applyRoleChange(tx: DbOrTx, change: RoleChange, target: (current: readonly Role[]) => readonly Role[]): Promise<Role[]> {
  if (!(await lockUser(tx, change.userId))) throw notFound('The user');
  const before = await listRoles(tx, change.userId);
  const after = [...new Set(target(before))];
  const added = after.filter((r) => !before.includes(r));
  const removed = before.filter((r) => !after.includes(r));
  if (added.length === 0 && removed.length === 0) return before;
  await deleteRoles(tx, change.userId, removed);
  await insertRoles(tx, change.userId, added, change.actorUserId);
  await bumpClaimsUpdatedAt(tx, change.userId);
  await recordAudit(tx, {
    actorUserId: change.actorUserId,
    action: 'user.roles_changed',
    targetType: 'user',
    targetId: change.userId,
    details: { before, after: [...after].sort(), added, removed, reason: change.reason },
    ipAddress: change.ipAddress ?? null,
  });
  return listRoles(tx, change.userId);
}

/**
 * Refuses a change that would leave Crate without an admin able to sign in (taking the admin role from, or
 * disabling, the last one not disabled). It locks every admin's row first, so concurrent changes queue.
 */
export async function refuseLosingLastAdmin(tx: DbOrTx, userId: string, field?: string): Promise<void> {
  if ((await countOtherActiveAdmins(tx, userId)) === 0) {
    throw new AppError('CONFLICT', 'This is the last active admin: make another account admin first.', field);
  }
}

/** The roles a user holds now. */
export async function rolesOf(db: DbOrTx, userId: string): Promise<Role[]> {
  return listRoles(db, userId);
}

/** Replaces a user's roles (admin user management). An admin cannot take their own admin role away. */
export async function setRoles(db: Db, change: RoleChange, roles: readonly Role[]): Promise<Role[]> {
  if (change.actorUserId === change.userId && !roles.includes('admin')) {
    throw new AppError('CONFLICT', 'You cannot remove your own admin role; ask another admin.', 'roles');
  }
  return db.transaction(async (tx) => {
    // Before the target's own row is locked: every writer takes the admins' rows first, so none waits on another in a circle.
    if (!roles.includes('admin')) await refuseLosingLastAdmin(tx, change.userId, 'roles');
    return applyRoleChange(tx, change, () => roles);
  });
}

/** Grants one role within the caller's transaction (accepting an invite, seeding). No-op when already held. */
export async function grantRole(tx: DbOrTx, change: RoleChange, role: Role): Promise<Role[]> {
  return applyRoleChange(tx, change, (current) => [...current, role]);
}

/** Takes one role away within the caller's transaction (a plan ending). No-op when not held. */
export async function revokeRole(tx: DbOrTx, change: RoleChange, role: Role): Promise<Role[]> {
  return applyRoleChange(tx, change, (current) => current.filter((r) => r !== role));
}

/** Tells a user's open browsers to refresh their claims (what they may see changed, their roles did not). */
export async function refreshClaims(tx: DbOrTx, userId: string): Promise<void> {
  await bumpClaimsUpdatedAt(tx, userId);
}
