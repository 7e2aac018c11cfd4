import { z } from 'zod';
import type { PayoutPayStatus } from '@crate/contract/payout-accounts';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { asPayout } from '../../policies/payout-policy.ts';
import { authorize } from '../../policies/can.ts';
import { PayoutRejectedError } from '../payments/payout-provider-service.ts';
import { payoutPaidMail } from './payout-mail.ts';
import { monthName } from './payout-month-service.ts';
import {
  claimPendingLine,
  countLinesByStatus,
  endPayingRound,
  findActivePayoutAccount,
  findPayeeEmail,
  recordLineFailed,
  recordLinePaid,
  startPayingRound,
  type ClaimedLine,
} from './payout-pay-repository.ts';
import { findPayout, type MonthlyPayoutRow } from './payout-repository.ts';

/**
 * Paying an approved month (decision 0053): the admin's request starts a round (the month `paying`, one
 * `payout-pay` job); the job makes one transfer per pending line with the key `payout-line:<line>:<attempts>`,
 * records each result, and ends the round — `paid` when no line failed, else `approved` again so the same
 * request retries the failed ones. A line's amount never changes here.
 */

const NO_PAYOUT_ACCOUNT = 'No payout account';

async function statusOf(ctx: AppContext, payout: Pick<MonthlyPayoutRow, 'id' | 'status'>): Promise<PayoutPayStatus> {
  return { id: payout.id, status: payout.status, lines: await countLinesByStatus(ctx.db, payout.id) };
}

/** The admin asks to pay a month: 202 with its progress; two tabs at once start one round (the month row is locked). */
export async function startPayingMonth(ctx: AppContext, viewer: Viewer, payoutId: string, ipAddress: string | null): Promise<PayoutPayStatus> {
  authorize(viewer, 'pay', await findPayout(ctx.db, payoutId), () => asPayout(), 'That payout month');
  const status = await ctx.db.transaction(async (tx) => {
    const payout = (await findPayout(tx, payoutId, true))!;
    if (payout.status === 'draft') throw new AppError('CONFLICT', 'Approve the month before paying it.');
    if (payout.status === 'paid') throw new AppError('CONFLICT', 'This month is paid already: every payable line was transferred.');
    if (payout.status === 'paying') return payout.status;
    const round = await startPayingRound(tx, payoutId);
    if (!round) throw new AppError('CONFLICT', 'The month changed meanwhile; reload it.');
    await ctx.jobs.enqueue('payout-pay', { payoutId, round: round.toISOString() }, { tx });
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'payout.pay_started', targetType: 'payout', targetId: payoutId, details: { month: payout.month, round: round.toISOString() }, ipAddress });
    return 'paying' as const;
  });
  return statusOf(ctx, { id: payoutId, status });
}

export const payoutPayPayloadSchema = z.strictObject({ payoutId: z.uuid(), round: z.iso.datetime() });
export type PayoutPayPayload = z.output<typeof payoutPayPayloadSchema>;
/** One job per round: two requests that both saw the month approved queue it once. */
export const payoutPayJobKey = (p: PayoutPayPayload) => `payout-pay:${p.payoutId}:${p.round}`;

/** The round this job was queued for is the month's current one (a job of an earlier round does nothing). */
const currentRound = (payout: MonthlyPayoutRow | null, round: string): payout is MonthlyPayoutRow => payout?.status === 'paying' && payout.payingStartedAt?.toISOString() === round;

/** The `payout-pay` job: every pending line of the round, one at a time, then the round's end. */
export async function runPayoutPay(ctx: AppContext, payload: PayoutPayPayload, job: Pick<JobContext, 'id' | 'signal'>): Promise<void> {
  const payout = await findPayout(ctx.db, payload.payoutId);
  if (!currentRound(payout, payload.round)) return;
  for (;;) {
    // This worker lost the job (judged dead): the one that has it now carries on.
    if (job.signal.aborted) throw new Error('The payout job was handed to another worker');
    const line = await claimPendingLine(ctx.db, payout.id, job.id);
    if (!line) break;
    await payLine(ctx, payout, line);
  }
  await endRound(ctx, payout.id);
}

async function payLine(ctx: AppContext, payout: MonthlyPayoutRow, line: ClaimedLine): Promise<void> {
  const account = await findActivePayoutAccount(ctx.db, line.payeeUserId);
  if (!account || account.provider !== ctx.payouts.kind) return failLine(ctx, payout, line, NO_PAYOUT_ACCOUNT, 'no_account');
  // The key changes only after a recorded refusal: a crash or a lost answer asks again with the same key, so the provider makes one transfer.
  const idempotencyKey = `payout-line:${line.id}:${line.attempts}`;
  let transferId: string;
  try {
    ({ transferId } = await ctx.payouts.transfer({
      amount: line.amountCents,
      currency: payout.currency,
      destinationAccountId: account.providerAccountId,
      idempotencyKey,
      description: `Crate payout for ${monthName(payout.month)}`,
      metadata: { crate_payout_id: payout.id, crate_payout_line_id: line.id, user_id: line.payeeUserId },
    }));
  } catch (error) {
    if (error instanceof PayoutRejectedError) return failLine(ctx, payout, line, error.message, error.code);
    // Nothing is known of the transfer: the job is retried and asks again with the same key.
    throw error;
  }
  const email = await findPayeeEmail(ctx.db, line.payeeUserId);
  await ctx.db.transaction(async (tx) => {
    if (!(await recordLinePaid(tx, line.id, line.attempts, transferId))) return;
    await recordAudit(tx, {
      actorUserId: null,
      action: 'payout.line_paid',
      targetType: 'payout_line',
      targetId: line.id,
      details: { payout: payout.id, month: payout.month, payee: line.payeeUserId, amount_cents: line.amountCents, currency: payout.currency, transfer: transferId, idempotency_key: idempotencyKey },
    });
    if (email) await ctx.jobs.enqueue('mail', payoutPaidMail({ to: email, publicUrl: ctx.config.publicUrl, month: payout.month, amount: line.amountCents, currency: payout.currency }), { tx });
  });
}

async function failLine(ctx: AppContext, payout: MonthlyPayoutRow, line: ClaimedLine, reason: string, code: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await recordLineFailed(tx, line.id, line.attempts, reason.slice(0, 1000)))) return;
    await recordAudit(tx, {
      actorUserId: null,
      action: 'payout.line_failed',
      targetType: 'payout_line',
      targetId: line.id,
      details: { payout: payout.id, month: payout.month, payee: line.payeeUserId, amount_cents: line.amountCents, reason, code, attempt: line.attempts },
    });
  });
}

/** No line pending: the month is paid, or back to approved with its failed lines for an admin to retry. */
async function endRound(ctx: AppContext, payoutId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const payout = await findPayout(tx, payoutId, true);
    if (payout?.status !== 'paying') return;
    const lines = await countLinesByStatus(tx, payoutId);
    if (lines.pending > 0) return;
    const outcome = lines.failed > 0 ? 'approved' : 'paid';
    await endPayingRound(tx, payoutId, outcome);
    await recordAudit(tx, { actorUserId: null, action: outcome === 'paid' ? 'payout.paid' : 'payout.pay_incomplete', targetType: 'payout', targetId: payoutId, details: { month: payout.month, lines } });
  });
}

/** Out of retries (the provider unreachable for long): the month is approved again, its unpaid lines pending, for an admin to retry. */
export async function payoutPayFailedForGood(ctx: AppContext, payload: PayoutPayPayload, error: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const payout = await findPayout(tx, payload.payoutId, true);
    if (!currentRound(payout, payload.round)) return;
    await endPayingRound(tx, payout.id, 'approved');
    await recordAudit(tx, { actorUserId: null, action: 'payout.pay_stopped', targetType: 'payout', targetId: payout.id, details: { month: payout.month, error: error.slice(0, 1000) } });
  });
}
