import type { Role } from '@crate/contract/roles';
import type { AdminUser } from '@crate/contract/users';
import type { AdminUserRow } from './admin-user-repository.ts';

/** One status for the admin screen; a staff disable outranks a lock, which outranks a self-deactivation. */
function statusOf(row: AdminUserRow): AdminUser['status'] {
  if (row.disabledAt) return 'disabled';
  if (row.signInLockedUntil) return 'locked';
  if (row.deactivatedAt) return 'deactivated';
  return 'active';
}

export function presentAdminUser(row: AdminUserRow, roles: readonly Role[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: row.name.trim() || row.email,
    roles: [...roles],
    claims_updated_at: row.claimsUpdatedAt ? row.claimsUpdatedAt.toISOString() : null,
    status: statusOf(row),
    created_at: row.createdAt.toISOString(),
  };
}
