import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { PayoutLineStatus } from '@crate/contract/payout-enums';
import type { DbOrTx } from '../../db/client.ts';
import { monthlyPayouts, payoutAccounts, payoutLines, users } from '../../db/schema/index.ts';

/** How many of the month's lines are in each status, zero included. */
export async function countLinesByStatus(db: DbOrTx, payoutId: string): Promise<Record<PayoutLineStatus, number>> {
  const rows = await db.select({ status: payoutLines.status, n: count() }).from(payoutLines).where(eq(payoutLines.payoutId, payoutId)).groupBy(payoutLines.status);
  const counts: Record<PayoutLineStatus, number> = { pending: 0, paid: 0, failed: 0, carried: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * approved → paying, starting a round: the failed lines are pending again (their attempts kept, so their next
 * transfer has a new key) and no line is held by an earlier round's job. Answers the round's start, or null
 * when the month was not approved.
 */
export async function startPayingRound(tx: DbOrTx, payoutId: string): Promise<Date | null> {
  const [row] = await tx
    .update(monthlyPayouts)
    .set({ status: 'paying', payingStartedAt: sql`now()` })
    .where(and(eq(monthlyPayouts.id, payoutId), eq(monthlyPayouts.status, 'approved')))
    .returning({ startedAt: monthlyPayouts.payingStartedAt });
  if (!row?.startedAt) return null;
  await tx.update(payoutLines).set({ status: 'pending' }).where(and(eq(payoutLines.payoutId, payoutId), eq(payoutLines.status, 'failed')));
  await tx.update(payoutLines).set({ claimedByJob: null }).where(eq(payoutLines.payoutId, payoutId));
  return row.startedAt;
}

export type ClaimedLine = typeof payoutLines.$inferSelect;

/**
 * The next pending line of the month for this job: one no other job holds, locked while it is claimed
 * (FOR UPDATE SKIP LOCKED, so two workers never take the same line), and marked as this job's.
 */
export async function claimPendingLine(db: DbOrTx, payoutId: string, jobId: number): Promise<ClaimedLine | null> {
  const next = db
    .select({ id: payoutLines.id })
    .from(payoutLines)
    .where(and(eq(payoutLines.payoutId, payoutId), eq(payoutLines.status, 'pending'), or(isNull(payoutLines.claimedByJob), eq(payoutLines.claimedByJob, jobId))))
    .orderBy(payoutLines.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [line] = await db
    .update(payoutLines)
    .set({ claimedByJob: jobId })
    .where(sql`${payoutLines.id} = (${next})`)
    .returning();
  return line ?? null;
}

/** The payee's account when transfers can be made to it, on this provider. */
export async function findActivePayoutAccount(db: DbOrTx, userId: string): Promise<{ providerAccountId: string; provider: string } | null> {
  const [row] = await db
    .select({ providerAccountId: payoutAccounts.providerAccountId, provider: payoutAccounts.provider })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.status, 'active')));
  return row ?? null;
}

/** A line still pending at this attempt (compare and set): paid with the provider's transfer. False if it had moved on. */
export async function recordLinePaid(tx: DbOrTx, lineId: string, attempts: number, transferId: string): Promise<boolean> {
  const changed = await tx
    .update(payoutLines)
    .set({ status: 'paid', providerTransferId: transferId, paidAt: sql`now()`, failureReason: null, claimedByJob: null })
    .where(and(eq(payoutLines.id, lineId), eq(payoutLines.status, 'pending'), eq(payoutLines.attempts, attempts)))
    .returning({ id: payoutLines.id });
  return changed.length > 0;
}

/** A line still pending at this attempt: failed with the reason, and its next attempt (a new idempotency key). */
export async function recordLineFailed(tx: DbOrTx, lineId: string, attempts: number, reason: string): Promise<boolean> {
  const changed = await tx
    .update(payoutLines)
    .set({ status: 'failed', failureReason: reason, attempts: attempts + 1, claimedByJob: null })
    .where(and(eq(payoutLines.id, lineId), eq(payoutLines.status, 'pending'), eq(payoutLines.attempts, attempts)))
    .returning({ id: payoutLines.id });
  return changed.length > 0;
}

/** paying → paid (every payable line paid) or back to approved (some failed: an admin retries them). */
export async function endPayingRound(tx: DbOrTx, payoutId: string, outcome: 'paid' | 'approved'): Promise<boolean> {
  const changed = await tx
    .update(monthlyPayouts)
    .set(outcome === 'paid' ? { status: 'paid', paidAt: sql`now()` } : { status: 'approved' })
    .where(and(eq(monthlyPayouts.id, payoutId), eq(monthlyPayouts.status, 'paying')))
    .returning({ id: monthlyPayouts.id });
  return changed.length > 0;
}

export async function findPayeeEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
