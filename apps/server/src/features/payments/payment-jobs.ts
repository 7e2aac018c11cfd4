import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { ScheduledPayload } from '../../jobs/job-queue.ts';
import { listLotsExpiringBetween } from '../credits/credit-ledger-service.ts';
import { processPaymentEvent, recheckAccess } from './fulfilment-service.ts';
import { creditsExpiringMail } from './payment-mail.ts';
import { findRefund, findUser, updateRefund } from './payment-repository.ts';

/** Jobs of the payments feature (their names are in the contract's jobs.ts; entries in jobs/job-catalogue.ts). */

export const paymentEventPayloadSchema = z.strictObject({ eventId: z.string().min(1).max(255) });
export const paymentEventJobKey = (p: { eventId: string }) => `payment-event:${p.eventId}`;
/** Processes a stored webhook event that its request did not finish (a crash, a failing handler). */
export async function runPaymentEvent(ctx: AppContext, payload: { eventId: string }): Promise<void> {
  await processPaymentEvent(ctx, payload.eventId);
}

export const paymentRefundPayloadSchema = z.strictObject({ refundId: z.uuid() });
export const paymentRefundJobKey = (p: { refundId: string }) => `payment-refund:${p.refundId}`;
/**
 * Gives back the money of an automatic refund decided at fulfilment (decision 0033). The provider's refund is
 * keyed by our row, so a retry after a lost answer refunds once; the provider's charge.refunded event then
 * marks the receipt and takes back any credits, as for a refund made anywhere else.
 */
export async function runPaymentRefund(ctx: AppContext, payload: { refundId: string }): Promise<void> {
  const refund = await findRefund(ctx.db, payload.refundId);
  if (!refund || refund.status !== 'pending') return;
  try {
    const made = await ctx.payments.refundPayment({
      paymentId: refund.paymentId,
      amount: refund.amount,
      reason: refund.reason === 'duplicate_subscription' ? 'duplicate' : 'requested_by_customer',
      idempotencyKey: `crate-refund:${refund.id}`,
      metadata: { crate_refund_id: refund.id, crate_reason: refund.reason, user_id: refund.userId },
    });
    await updateRefund(ctx.db, refund.id, { status: 'succeeded', providerRefundId: made.id, completedAt: new Date(), lastError: null });
  } catch (error) {
    await updateRefund(ctx.db, refund.id, { lastError: (error as Error).message.slice(0, 1000) });
    throw error;
  }
}
/** Out of retries: the refund stays on record as failed, for an admin to make by hand. */
export async function paymentRefundFailed(ctx: AppContext, payload: { refundId: string }, error: string): Promise<void> {
  ctx.log.error({ refund: payload.refundId, error }, 'an automatic refund failed for good');
  await updateRefund(ctx.db, payload.refundId, { status: 'failed', lastError: error.slice(0, 1000) });
}

export const subscriptionCancelPayloadSchema = z.strictObject({ subscriptionId: z.string().min(1).max(255) });
export const subscriptionCancelJobKey = (p: { subscriptionId: string }) => `subscription-cancel:${p.subscriptionId}`;
/** Ends a duplicate plan at the provider now (decision 0033); its customer.subscription.deleted event follows. */
export async function runSubscriptionCancel(ctx: AppContext, payload: { subscriptionId: string }): Promise<void> {
  await ctx.payments.cancelSubscriptionNow(payload.subscriptionId, `crate-cancel-duplicate:${payload.subscriptionId}`);
}

export const subscriptionRecheckPayloadSchema = z.strictObject({ userId: z.string().min(1).max(64) });
export async function runSubscriptionRecheck(ctx: AppContext, payload: { userId: string }): Promise<void> {
  await recheckAccess(ctx, payload.userId);
}

/** Scheduled daily at midnight UTC (jobs/job-catalogue.ts): users whose credits expire in 7 days hear about it (one e-mail per user per day). */
const DAY_MS = 24 * 60 * 60 * 1000;

export async function sendCreditsExpiringNotices(ctx: AppContext, day: Date): Promise<number> {
  const from = new Date(day.getTime() + 7 * DAY_MS);
  const lots = await listLotsExpiringBetween(ctx.db, from, new Date(from.getTime() + DAY_MS));
  const perUser = new Map<string, { credits: number; expiresAt: Date }>();
  for (const lot of lots) {
    const seen = perUser.get(lot.userId);
    perUser.set(lot.userId, { credits: (seen?.credits ?? 0) + lot.remaining, expiresAt: seen && seen.expiresAt < lot.expiresAt ? seen.expiresAt : lot.expiresAt });
  }
  for (const [userId, notice] of perUser) {
    const user = await findUser(ctx.db, userId);
    if (user?.email) await ctx.jobs.enqueue('mail', creditsExpiringMail({ to: user.email, publicUrl: ctx.config.publicUrl, credits: notice.credits, expiresAt: notice.expiresAt }));
  }
  return perUser.size;
}

export async function runCreditsExpiringNotice(ctx: AppContext, { slot }: ScheduledPayload): Promise<void> {
  const sent = await sendCreditsExpiringNotices(ctx, new Date(slot));
  if (sent > 0) ctx.log.info({ sent }, 'credits-expiring notices queued');
}
