import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { PayoutLineKind } from '@crate/contract/payout-enums';
import type { DbOrTx } from '../../db/client.ts';
import { affiliateCommissions, monthlyPayouts, paymentReceipts, payoutLines, users } from '../../db/schema/index.ts';

/** The most months one earnings answer lists (twenty years of monthly lines: a bound, never reached in practice). */
const MAX_EARNINGS_MONTHS = 240;

const LINE_COLUMNS = {
  lineId: payoutLines.id,
  payeeUserId: payoutLines.payeeUserId,
  month: monthlyPayouts.month,
  monthStatus: monthlyPayouts.status,
  currency: monthlyPayouts.currency,
  computedAt: monthlyPayouts.computedAt,
  credits: payoutLines.credits,
  poolCents: payoutLines.poolCents,
  salesCents: payoutLines.salesCents,
  commissionCents: payoutLines.commissionCents,
  adjustmentCents: payoutLines.adjustmentCents,
  carriedInCents: payoutLines.carriedInCents,
  amountCents: payoutLines.amountCents,
  status: payoutLines.status,
  carryReason: payoutLines.carryReason,
  paidAt: payoutLines.paidAt,
};

/** One payee's lines of a kind, every month, newest month first (drafts included: the service tells them apart). */
export async function listLinesOfPayee(db: DbOrTx, payeeUserId: string, kind: PayoutLineKind) {
  return db
    .select(LINE_COLUMNS)
    .from(payoutLines)
    .innerJoin(monthlyPayouts, eq(monthlyPayouts.id, payoutLines.payoutId))
    .where(and(eq(payoutLines.payeeUserId, payeeUserId), eq(payoutLines.kind, kind)))
    .orderBy(desc(monthlyPayouts.month))
    .limit(MAX_EARNINGS_MONTHS);
}
export type PayeeLineRow = Awaited<ReturnType<typeof listLinesOfPayee>>[number];

/**
 * A payee's line of one month (`month`: its first day) with what its statement shows: the payee's name, what the
 * line is made of per pack, and the month's pool and credits (the pool's rate per credit).
 */
export async function findLineOfMonth(db: DbOrTx, payeeUserId: string, month: string, kind: PayoutLineKind) {
  const [row] = await db
    .select({
      ...LINE_COLUMNS,
      details: payoutLines.details,
      payeeName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
      monthPoolCents: monthlyPayouts.poolCents,
      monthCredits: monthlyPayouts.credits,
      approvedAt: monthlyPayouts.approvedAt,
    })
    .from(payoutLines)
    .innerJoin(monthlyPayouts, eq(monthlyPayouts.id, payoutLines.payoutId))
    .innerJoin(users, eq(users.id, payoutLines.payeeUserId))
    .where(and(eq(payoutLines.payeeUserId, payeeUserId), eq(monthlyPayouts.month, month), eq(payoutLines.kind, kind)));
  return row ?? null;
}
export type StatementLineRow = NonNullable<Awaited<ReturnType<typeof findLineOfMonth>>>;

/** The most payments one affiliate statement lists (a bound far beyond one affiliate's month). */
const MAX_STATEMENT_COMMISSIONS = 5000;

/**
 * The commissions an approved month counted for an affiliate (decision 0056): on payments still paid, or refunded
 * only after the month was approved. What was paid and when, never by whom.
 */
export async function listCountedCommissions(db: DbOrTx, affiliateUserId: string, month: string, approvedAt: Date | null) {
  return db
    .select({ paidAt: paymentReceipts.createdAt, kind: paymentReceipts.kind, amount: paymentReceipts.amount, currency: paymentReceipts.currency, bps: affiliateCommissions.bps, amountCents: affiliateCommissions.amountCents })
    .from(affiliateCommissions)
    .innerJoin(paymentReceipts, eq(paymentReceipts.id, affiliateCommissions.receiptId))
    .where(
      and(
        eq(affiliateCommissions.affiliateUserId, affiliateUserId),
        eq(affiliateCommissions.month, month),
        approvedAt ? or(eq(paymentReceipts.status, 'paid'), sql`${paymentReceipts.statusChangedAt} > ${approvedAt.toISOString()}::timestamptz`) : eq(paymentReceipts.status, 'paid'),
      ),
    )
    .orderBy(asc(paymentReceipts.createdAt), asc(affiliateCommissions.id))
    .limit(MAX_STATEMENT_COMMISSIONS);
}
export type CountedCommissionRow = Awaited<ReturnType<typeof listCountedCommissions>>[number];
