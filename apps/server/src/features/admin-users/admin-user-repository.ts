import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus } from '@crate/contract/users';
import type { Role } from '@crate/contract/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withCustomPlan } from '../../db/custom-plan.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { auditLog, creatorCollaborators, creators, signInFailures, userRoles, users } from '../../db/schema/index.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  claimsUpdatedAt: Date | null;
  /** Until when password sign-in to this e-mail is paused at some place (a network or a device) after failed attempts (null when nowhere). */
  signInLockedUntil: Date | null;
  deactivatedAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  /** created_at as PostgreSQL writes it (to the microsecond): the page cursor's value. */
  cursorAt: string;
  roles: Role[];
}

/** The latest pause of password sign-in to the account's e-mail still running, at any place. */
const lockedUntil = sql<Date | null>`(select max(${signInFailures.pausedUntil}) from ${signInFailures} where ${signInFailures.email} = ${users.email} and ${signInFailures.pausedUntil} > now())`.mapWith(
  signInFailures.pausedUntil,
);
const isLocked = sql`exists (select 1 from ${signInFailures} where ${signInFailures.email} = ${users.email} and ${signInFailures.pausedUntil} > now())`;

const adminUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  claimsUpdatedAt: users.claimsUpdatedAt,
  signInLockedUntil: lockedUntil,
  deactivatedAt: users.deactivatedAt,
  disabledAt: users.disabledAt,
  disabledReason: users.disabledReason,
  createdAt: users.createdAt,
  cursorAt: sql<string>`${users.createdAt}::text`,
  // text[] (not role[]) so both drivers hand back a plain array.
  roles: sql<Role[]>`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`,
};

export async function findAdminUserRow(db: DbOrTx, userId: string): Promise<AdminUserRow | null> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The status filter, as the presenter ranks statuses (a staff disable outranks a lock, which outranks a
 * self-deactivation). disabled and deactivated each have a partial index; locked starts from the few e-mails paused now.
 */
function statusCondition(status: AccountStatus): SQL {
  switch (status) {
    case 'disabled':
      return isNotNull(users.disabledAt);
    case 'locked':
      return and(isNull(users.disabledAt), sql`${users.email} in (select ${signInFailures.email} from ${signInFailures} where ${signInFailures.pausedUntil} > now())`)!;
    case 'deactivated':
      return and(isNull(users.disabledAt), isNotNull(users.deactivatedAt), sql`not ${isLocked}`)!;
    case 'active':
      return and(isNull(users.disabledAt), isNull(users.deactivatedAt), sql`not ${isLocked}`)!;
  }
}

/** A search: the account with that exact id, or a prefix of the e-mail or the name (case-insensitive; each a range of its index). */
function searchCondition(q: string): SQL {
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(eq(users.id, q), sql`lower(${users.email}) like ${prefix}`, sql`lower(${users.name}) like ${prefix}`)!;
}

export interface UserListFilter {
  q?: string | undefined;
  role?: Role | undefined;
  status?: AccountStatus | undefined;
  limit: number;
  after: { value: string; id: string } | null;
}

/**
 * Accounts newest first, keyset-paged on (created_at, id) over users_created_idx, planned for the filter's values:
 * a common role or prefix walks the list in order, a rare one starts from its own index.
 */
export async function listAdminUserRows(db: Db, filter: UserListFilter): Promise<AdminUserRow[]> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(searchCondition(filter.q));
  if (filter.role) conditions.push(sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${filter.role})`);
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.after) conditions.push(sql`(${users.createdAt}, ${users.id}) < (${filter.after.value}::timestamptz, ${filter.after.id})`);
  return withCustomPlan(db, (tx) =>
    tx
      .select(adminUserColumns)
      .from(users)
      .where(and(...conditions))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.limit + 1),
  );
}

/** Locks one account row; null when there is no such account. */
export async function lockAccount(tx: DbOrTx, userId: string): Promise<{ disabledAt: Date | null } | null> {
  const [row] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function setDisabled(tx: DbOrTx, userId: string, reason: string | null): Promise<void> {
  await tx
    .update(users)
    .set({ disabledAt: reason === null ? null : sql`now()`, disabledReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export interface CreatorLink {
  id: string;
  name: string;
  slug: string;
}

/** The creator profile the account sells as, and the ones it collaborates on. */
export async function findCreatorLinks(db: DbOrTx, userId: string): Promise<{ creator: CreatorLink | null; collaboratorOf: CreatorLink[] }> {
  const columns = { id: sql<string>`${creators.id}::text`, name: creators.name, slug: creators.slug };
  const [creator] = await db.select(columns).from(creators).where(eq(creators.userId, userId));
  const collaboratorOf = await db
    .select(columns)
    .from(creatorCollaborators)
    .innerJoin(creators, eq(creators.id, creatorCollaborators.creatorId))
    .where(eq(creatorCollaborators.userId, userId))
    .orderBy(creators.name);
  return { creator: creator ?? null, collaboratorOf };
}

export interface AccountAuditRow {
  id: number;
  action: string;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  createdAt: Date;
  /** created_at as PostgreSQL writes it (to the microsecond): the page cursor's value. */
  cursorAt: string;
}

/**
 * What was done to the account (target user) and by it (actor), newest first, keyset-paged on (created_at, id):
 * each half is one range of its index (audit_log_target_idx, audit_log_actor_idx), merged and cut to the page.
 */
export async function listAccountAudit(db: DbOrTx, userId: string, opts: { limit: number; after: { value: string; id: string } | null }): Promise<AccountAuditRow[]> {
  const before = opts.after ? sql`and (a.created_at, a.id) < (${opts.after.value}::timestamptz, ${opts.after.id}::bigint)` : sql``;
  const half = (where: SQL) =>
    sql`(select a.id from ${auditLog} a where ${where} ${before} order by a.created_at desc, a.id desc limit ${opts.limit + 1})`;
  const result = await db.execute(sql`
    select a.id::text as id, a.action, a.actor_user_id, u.name as actor_name, u.email as actor_email, a.target_type, a.target_id, a.details, a.created_at, a.created_at::text as cursor_at
    from ${auditLog} a
    left join ${users} u on u.id = a.actor_user_id
    where a.id in (${half(sql`a.target_type = 'user' and a.target_id = ${userId}`)} union ${half(sql`a.actor_user_id = ${userId}`)})
    order by a.created_at desc, a.id desc
    limit ${opts.limit + 1}`);
  return rowsOf<{
    id: string;
    action: string;
    actor_user_id: string | null;
    actor_name: string | null;
    actor_email: string | null;
    target_type: string;
    target_id: string;
    details: Record<string, unknown>;
    created_at: string | Date;
    cursor_at: string;
  }>(result).map((r) => ({
    id: Number(r.id),
    action: r.action,
    actorUserId: r.actor_user_id,
    actorName: r.actor_name,
    actorEmail: r.actor_email,
    targetType: r.target_type,
    targetId: r.target_id,
    details: r.details,
    createdAt: new Date(r.created_at),
    cursorAt: r.cursor_at,
  }));
}
