import { and, asc, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PayoutLineSort } from '@crate/contract/payout-admin';
import type { MonthlyPayoutStatus, PayoutLineKind, PayoutLineStatus } from '@crate/contract/payout-enums';
import type { DbOrTx } from '../../db/client.ts';
import { monthlyPayouts, payoutLines, users, type PayoutLineDetail } from '../../db/schema/index.ts';

/** Reads of the admins' payout screens (docs/decisions/0054): months, their totals and lines. The computation is payout-month-service's. */

interface LineCounts {
  pending: number;
  paid: number;
  failed: number;
  carried: number;
}

export interface PayoutMonthRow {
  id: string;
  month: string;
  status: MonthlyPayoutStatus;
  currency: string;
  revenueCents: number;
  poolCents: number;
  credits: number;
  salesCents: number;
  salesOwedCents: number;
  commissionsCents: number;
  adjustmentsCents: number;
  totalCents: number;
  computedAt: Date | null;
  approvedBy: string | null;
  approverName: string | null;
  approverEmail: string | null;
  approvedAt: Date | null;
  payingStartedAt: Date | null;
  paidAt: Date | null;
  lines: LineCounts;
  linesAmountCents: number;
  carriedInCents: number;
}

const countOf = (status: PayoutLineStatus) => sql<number>`count(*) filter (where ${payoutLines.status} = ${status})`;

/** Per month: lines in each status and what they add up to — one group over payout_lines' (payout_id, payee) index. */
function lineTotals(where: SQL) {
  return sql`(select ${payoutLines.payoutId} as payout_id, ${countOf('pending')} as pending, ${countOf('paid')} as paid, ${countOf('failed')} as failed, ${countOf('carried')} as carried,
      coalesce(sum(${payoutLines.amountCents}), 0) as amount, coalesce(sum(${payoutLines.carriedInCents}), 0) as carried_in
    from ${payoutLines} where ${where} group by ${payoutLines.payoutId})`;
}

const monthColumns = {
  id: sql<string>`${monthlyPayouts.id}::text`,
  month: monthlyPayouts.month,
  status: monthlyPayouts.status,
  currency: monthlyPayouts.currency,
  revenueCents: monthlyPayouts.revenueCents,
  poolCents: monthlyPayouts.poolCents,
  credits: monthlyPayouts.credits,
  salesCents: monthlyPayouts.salesCents,
  salesOwedCents: monthlyPayouts.salesOwedCents,
  commissionsCents: monthlyPayouts.commissionsCents,
  adjustmentsCents: monthlyPayouts.adjustmentsCents,
  totalCents: monthlyPayouts.totalCents,
  computedAt: monthlyPayouts.computedAt,
  approvedBy: monthlyPayouts.approvedBy,
  approverName: users.name,
  approverEmail: users.email,
  approvedAt: monthlyPayouts.approvedAt,
  payingStartedAt: monthlyPayouts.payingStartedAt,
  paidAt: monthlyPayouts.paidAt,
  pending: sql<string>`coalesce(t.pending, 0)::int`,
  paid: sql<string>`coalesce(t.paid, 0)::int`,
  failed: sql<string>`coalesce(t.failed, 0)::int`,
  carried: sql<string>`coalesce(t.carried, 0)::int`,
  linesAmount: sql<string>`coalesce(t.amount, 0)::text`,
  carriedIn: sql<string>`coalesce(t.carried_in, 0)::text`,
};

type MonthSelect = { [K in keyof typeof monthColumns]: unknown };

function toMonthRow(r: MonthSelect): PayoutMonthRow {
  const row = r as Record<string, unknown>;
  const n = (v: unknown) => Number(v ?? 0);
  return {
    id: row.id as string,
    month: row.month as string,
    status: row.status as MonthlyPayoutStatus,
    currency: row.currency as string,
    revenueCents: n(row.revenueCents),
    poolCents: n(row.poolCents),
    credits: n(row.credits),
    salesCents: n(row.salesCents),
    salesOwedCents: n(row.salesOwedCents),
    commissionsCents: n(row.commissionsCents),
    adjustmentsCents: n(row.adjustmentsCents),
    totalCents: n(row.totalCents),
    computedAt: row.computedAt as Date | null,
    approvedBy: row.approvedBy as string | null,
    approverName: row.approverName as string | null,
    approverEmail: row.approverEmail as string | null,
    approvedAt: row.approvedAt as Date | null,
    payingStartedAt: row.payingStartedAt as Date | null,
    paidAt: row.paidAt as Date | null,
    lines: { pending: n(row.pending), paid: n(row.paid), failed: n(row.failed), carried: n(row.carried) },
    linesAmountCents: n(row.linesAmount),
    carriedInCents: n(row.carriedIn),
  };
}

/** Months newest first, keyset-paged on the month (unique), each with its line counts. */
export async function listPayoutMonthRows(db: DbOrTx, opts: { limit: number; beforeMonth: string | null }): Promise<PayoutMonthRow[]> {
  const page = db
    .select({ id: monthlyPayouts.id })
    .from(monthlyPayouts)
    .where(opts.beforeMonth ? lt(monthlyPayouts.month, opts.beforeMonth) : undefined)
    .orderBy(desc(monthlyPayouts.month))
    .limit(opts.limit + 1);
  const rows = await db
    .select(monthColumns)
    .from(monthlyPayouts)
    .leftJoin(users, eq(users.id, monthlyPayouts.approvedBy))
    .leftJoin(sql`${lineTotals(sql`${payoutLines.payoutId} in ${page}`)} t`, sql`t.payout_id = ${monthlyPayouts.id}`)
    .where(sql`${monthlyPayouts.id} in ${page}`)
    .orderBy(desc(monthlyPayouts.month));
  return rows.map(toMonthRow);
}

export async function findPayoutMonthRow(db: DbOrTx, id: string): Promise<PayoutMonthRow | null> {
  const [row] = await db
    .select(monthColumns)
    .from(monthlyPayouts)
    .leftJoin(users, eq(users.id, monthlyPayouts.approvedBy))
    .leftJoin(sql`${lineTotals(eq(payoutLines.payoutId, id))} t`, sql`t.payout_id = ${monthlyPayouts.id}`)
    .where(eq(monthlyPayouts.id, id));
  return row ? toMonthRow(row) : null;
}

/** Months waiting for an admin (docs/decisions/0054): drafts of months that ended before `now`, and approved months not paid yet. */
export async function listPayoutMonthsWaiting(db: DbOrTx, now: Date, limit: number): Promise<{ id: string; month: string; status: MonthlyPayoutStatus }[]> {
  const nowDay = now.toISOString().slice(0, 10);
  return db
    .select({ id: sql<string>`${monthlyPayouts.id}::text`, month: monthlyPayouts.month, status: monthlyPayouts.status })
    .from(monthlyPayouts)
    .where(
      or(
        and(eq(monthlyPayouts.status, 'draft'), sql`(${monthlyPayouts.month} + interval '1 month') <= ${nowDay}::date`),
        sql`${monthlyPayouts.status} in ('approved', 'paying')`,
      ),
    )
    .orderBy(asc(monthlyPayouts.month))
    .limit(limit);
}

export interface PayoutLineRow {
  id: string;
  payeeUserId: string;
  payeeName: string;
  payeeEmail: string;
  kind: PayoutLineKind;
  credits: number;
  poolCents: number;
  salesCents: number;
  commissionCents: number;
  adjustmentCents: number;
  carriedInCents: number;
  amountCents: number;
  status: PayoutLineStatus;
  carryReason: (typeof payoutLines.$inferSelect)['carryReason'];
  failureReason: string | null;
  attempts: number;
  paidAt: Date | null;
  details: PayoutLineDetail[];
}

const lineColumns = {
  id: sql<string>`${payoutLines.id}::text`,
  payeeUserId: payoutLines.payeeUserId,
  payeeName: users.name,
  payeeEmail: users.email,
  kind: payoutLines.kind,
  credits: payoutLines.credits,
  poolCents: payoutLines.poolCents,
  salesCents: payoutLines.salesCents,
  commissionCents: payoutLines.commissionCents,
  adjustmentCents: payoutLines.adjustmentCents,
  carriedInCents: payoutLines.carriedInCents,
  amountCents: payoutLines.amountCents,
  status: payoutLines.status,
  carryReason: payoutLines.carryReason,
  failureReason: payoutLines.failureReason,
  attempts: payoutLines.attempts,
  paidAt: payoutLines.paidAt,
  details: payoutLines.details,
};

const toLineRow = (
  r: Omit<PayoutLineRow, 'credits' | 'poolCents' | 'salesCents' | 'commissionCents' | 'adjustmentCents' | 'carriedInCents' | 'amountCents'> &
    Record<'credits' | 'poolCents' | 'salesCents' | 'commissionCents' | 'adjustmentCents' | 'carriedInCents' | 'amountCents', number | string>,
): PayoutLineRow => ({
  ...r,
  credits: Number(r.credits),
  poolCents: Number(r.poolCents),
  salesCents: Number(r.salesCents),
  commissionCents: Number(r.commissionCents),
  adjustmentCents: Number(r.adjustmentCents),
  carriedInCents: Number(r.carriedInCents),
  amountCents: Number(r.amountCents),
});

/** The sort column of each sort; ties broken by the line id so every page is stable. */
const SORT_COLUMNS: Record<PayoutLineSort, SQL> = {
  amount: sql`${payoutLines.amountCents}`,
  payee: sql`lower(coalesce(nullif(trim(${users.name}), ''), ${users.email}))`,
  credits: sql`${payoutLines.credits}`,
  status: sql`${payoutLines.status}`,
};

export interface LineFilter {
  q?: string | undefined;
  status?: PayoutLineStatus | undefined;
  sort: PayoutLineSort;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A month's lines with their payee, filtered by a payee name or e-mail containing `q` and a status, sorted, one page (limit + 1 rows). */
export async function listPayoutLineRows(db: DbOrTx, payoutId: string, filter: LineFilter): Promise<PayoutLineRow[]> {
  const conditions: (SQL | undefined)[] = [eq(payoutLines.payoutId, payoutId)];
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (filter.status) conditions.push(eq(payoutLines.status, filter.status));
  const order = filter.dir === 'asc' ? asc : desc;
  const rows = await db
    .select(lineColumns)
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.payeeUserId))
    .where(and(...conditions))
    .orderBy(order(SORT_COLUMNS[filter.sort]), order(payoutLines.id))
    .offset(filter.offset)
    .limit(filter.limit + 1);
  return rows.map(toLineRow);
}

/** Lines after `afterId` in id order (the CSV streams a month in batches of these). */
export async function listPayoutLineBatch(db: DbOrTx, payoutId: string, afterId: string | null, limit: number): Promise<PayoutLineRow[]> {
  const rows = await db
    .select(lineColumns)
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.payeeUserId))
    .where(and(eq(payoutLines.payoutId, payoutId), afterId ? gt(payoutLines.id, afterId) : undefined))
    .orderBy(asc(payoutLines.id))
    .limit(limit);
  return rows.map(toLineRow);
}

export async function findPayoutLineRow(db: DbOrTx, payoutId: string, lineId: string): Promise<PayoutLineRow | null> {
  const [row] = await db
    .select(lineColumns)
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.payeeUserId))
    .where(and(eq(payoutLines.payoutId, payoutId), eq(payoutLines.id, lineId)));
  return row ? toLineRow(row) : null;
}
