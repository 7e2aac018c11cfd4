import type { AccountAuditEntry, AdminUser, AdminUserDetail as AdminUserDetailAnswer } from '@crate/contract/users';
import { presentCreditBalance } from '../credits/credit-presenters.ts';
import type { AccountAuditRow, AdminUserDetail, AdminUserRow } from './admin-user-service.ts';

/** One status for the admin screen; a staff disable outranks a lock, which outranks a self-deactivation. */
function statusOf(row: AdminUserRow): AdminUser['status'] {
  if (row.disabledAt) return 'disabled';
  if (row.signInLockedUntil) return 'locked';
  if (row.deactivatedAt) return 'deactivated';
  return 'active';
}

const displayName = (name: string | null, email: string | null) => name?.trim() || email || '';

export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: displayName(row.name, row.email),
    roles: [...row.roles],
    claims_updated_at: row.claimsUpdatedAt ? row.claimsUpdatedAt.toISOString() : null,
    status: statusOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAdminUserDetail(detail: AdminUserDetail): AdminUserDetailAnswer {
  const { row } = detail;
  return {
    ...presentAdminUser(row),
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    locked_until: row.signInLockedUntil?.toISOString() ?? null,
    credits: presentCreditBalance(detail.credits),
    billing: detail.billing,
    creator: detail.creator,
    collaborator_of: detail.collaboratorOf,
  };
}

export function presentAccountAuditEntry(userId: string) {
  return (row: AccountAuditRow): AccountAuditEntry => ({
    id: String(row.id),
    action: row.action,
    direction: row.targetType === 'user' && row.targetId === userId ? 'to' : 'by',
    actor: row.actorUserId ? { id: row.actorUserId, display_name: displayName(row.actorName, row.actorEmail) } : null,
    target_type: row.targetType,
    target_id: row.targetId,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  });
}
