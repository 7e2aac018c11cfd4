import { and, desc, eq, sql } from 'drizzle-orm';
import type { PayoutLineKind } from '@crate/contract/payout-enums';
import type { DbOrTx } from '../../db/client.ts';
import { monthlyPayouts, payoutLines, users } from '../../db/schema/index.ts';

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
    })
    .from(payoutLines)
    .innerJoin(monthlyPayouts, eq(monthlyPayouts.id, payoutLines.payoutId))
    .innerJoin(users, eq(users.id, payoutLines.payeeUserId))
    .where(and(eq(payoutLines.payeeUserId, payeeUserId), eq(monthlyPayouts.month, month), eq(payoutLines.kind, kind)));
  return row ?? null;
}
export type StatementLineRow = NonNullable<Awaited<ReturnType<typeof findLineOfMonth>>>;
