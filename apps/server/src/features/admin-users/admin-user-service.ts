import type { UserListQuery } from '@crate/contract/users';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { CURSOR_IDS, CURSOR_VALUES, decodeCursor } from '../../http/page-cursor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { asAccount } from '../../policies/account-policy.ts';
import { authorize, can } from '../../policies/can.ts';
import { endEverySession } from '../auth/auth-service.ts';
import { creditBalance, type CreditBalance } from '../credits/credit-ledger-service.ts';
import { getBilling } from '../payments/billing-service.ts';
import { refuseLosingLastAdmin } from '../roles/role-service.ts';
import {
  findAdminUserRow,
  findCreatorLinks,
  listAccountAudit,
  listAdminUserRows,
  lockAccount,
  setDisabled,
  type AccountAuditRow,
  type AdminUserRow,
  type CreatorLink,
} from './admin-user-repository.ts';

export { findAdminUserRow, type AccountAuditRow, type AdminUserRow } from './admin-user-repository.ts';

/** The admins' user list; its cursor is checked before any query. */
export async function listUsers(db: Db, query: UserListQuery): Promise<AdminUserRow[]> {
  return listAdminUserRows(db, {
    q: query.q || undefined,
    role: query.role,
    status: query.status,
    limit: query.limit,
    after: decodeCursor(query.cursor, CURSOR_VALUES.time, CURSOR_IDS.account),
  });
}

/** The account, when the viewer may do this to it (404 when there is none). */
export async function accountFor(db: DbOrTx, viewer: Viewer, action: 'read' | 'manage', userId: string): Promise<AdminUserRow> {
  return authorize(viewer, action, await findAdminUserRow(db, userId), (row) => asAccount({ userId: row.id }), 'The user');
}

export interface AdminUserDetail {
  row: AdminUserRow;
  credits: CreditBalance;
  billing: Awaited<ReturnType<typeof getBilling>>;
  creator: CreatorLink | null;
  collaboratorOf: CreatorLink[];
}

/** One account's page: its standing, credits and plan (through the services that answer the user themselves), and its creator links. */
export async function getUserDetail(ctx: AppContext, viewer: Viewer, userId: string): Promise<AdminUserDetail> {
  const row = await accountFor(ctx.db, viewer, 'read', userId);
  const [credits, billing, links] = await Promise.all([creditBalance(ctx.db, userId), getBilling(ctx, userId), findCreatorLinks(ctx.db, userId)]);
  return { row, credits, billing, creator: links.creator, collaboratorOf: links.collaboratorOf };
}

interface StatusChange {
  userId: string;
  reason: string;
  ipAddress: string | null;
}

/**
 * Disables an account: it is marked disabled with the reason, every session of it ends in the same transaction
 * (its next request with an old cookie is signed out, and sign-in answers SPEC's "user disabled"), and the
 * change is audited. Nobody disables themselves or the last admin who can still sign in; disabling a disabled
 * account is a conflict.
 */
export async function disableUser(db: Db, viewer: Viewer, change: StatusChange): Promise<void> {
  if (!can(viewer, 'disable', asAccount({ userId: change.userId }))) {
    throw change.userId === viewer.userId ? new AppError('CONFLICT', 'You cannot disable your own account; ask another admin.') : notFound('The user');
  }
  await db.transaction(async (tx) => {
    // The admins' rows first (refuseLosingLastAdmin locks them), then the target's: the order every writer keeps.
    await refuseLosingLastAdmin(tx, change.userId);
    const account = await lockAccount(tx, change.userId);
    if (!account) throw notFound('The user');
    if (account.disabledAt) throw new AppError('CONFLICT', 'This account is already disabled.');
    await setDisabled(tx, change.userId, change.reason);
    await endEverySession(tx, change.userId);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'user.disabled', targetType: 'user', targetId: change.userId, details: { reason: change.reason }, ipAddress: change.ipAddress });
  });
}

/** Enables a disabled account again (its owner signs in as before), audited; enabling an account that is not disabled is a conflict. */
export async function enableUser(db: Db, viewer: Viewer, change: StatusChange): Promise<void> {
  await accountFor(db, viewer, 'manage', change.userId);
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, change.userId);
    if (!account) throw notFound('The user');
    if (!account.disabledAt) throw new AppError('CONFLICT', 'This account is not disabled.');
    await setDisabled(tx, change.userId, null);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'user.enabled', targetType: 'user', targetId: change.userId, details: { reason: change.reason }, ipAddress: change.ipAddress });
  });
}

/** The account's audit trail, to and by it, newest first. */
export async function listUserAudit(db: DbOrTx, viewer: Viewer, userId: string, page: { limit: number; cursor: string | undefined }): Promise<AccountAuditRow[]> {
  await accountFor(db, viewer, 'read', userId);
  return listAccountAudit(db, userId, { limit: page.limit, after: decodeCursor(page.cursor, CURSOR_VALUES.time, CURSOR_IDS.serial) });
}
