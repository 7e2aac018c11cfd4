import { PLAN_CHANGE_QUOTE_MAX_AGE_MS, REFILLS_PER_PERIOD, priceNotFoundMessage, type Billing, type BillingPlan, type ChangePlanResult, type PlanChangePreview, type TestClockResult } from '@crate/contract/checkout';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { graceEndsAt, grantsAccess, syncSubscriptionNow } from './fulfilment-service.ts';
import { ownPage } from './checkout-service.ts';
import { ProviderRequestError } from './payment-provider.ts';
import { presentRefund } from './payment-presenters.ts';
import { countRefillsSince, findPriceWithProduct, findUser, findUserIdByEmail, listRecentRefunds, listUserSubscriptions, type SubscriptionRow } from './payment-repository.ts';

/** The billing side of Account and Pricing: the plan, changing it, cancelling it (decision 0023). */

async function planOf(ctx: AppContext, priceId: string): Promise<BillingPlan | null> {
  const found = await findPriceWithProduct(ctx.db, priceId);
  if (!found) return null;
  return {
    price_id: found.price.id,
    product_id: found.product.id,
    name: found.product.name,
    interval: found.price.interval,
    unit_amount: found.price.unitAmount,
    currency: found.price.currency,
    credits: found.price.credits,
  };
}

/**
 * The subscription Account shows: the one that grants access, else the most recent that was ever paid for.
 * A plan whose first payment never went through (a failed pending card) was never the user's, and a
 * duplicate plan was refunded (decision 0033): neither is shown.
 */
async function currentSubscription(ctx: AppContext, userId: string): Promise<SubscriptionRow | null> {
  const subs = await listUserSubscriptions(ctx.db, userId);
  return subs.find((s) => grantsAccess(s)) ?? subs.find((s) => s.paidPriceId !== null && s.duplicateOf === null) ?? null;
}

/** How far back Account lists the refunds Crate made by itself. */
const REFUNDS_SHOWN_DAYS = 90;

export async function getBilling(ctx: AppContext, userId: string): Promise<Billing> {
  const sub = await currentSubscription(ctx, userId);
  const user = await findUser(ctx.db, userId);
  const access = sub ? grantsAccess(sub) : false;
  let subscription: Billing['subscription'] = null;
  if (sub) {
    const plan = await planOf(ctx, sub.paidPriceId ?? sub.priceId);
    const next = sub.paidPriceId && sub.paidPriceId !== sub.priceId ? await planOf(ctx, sub.priceId) : null;
    if (plan) {
      subscription = {
        id: sub.id,
        status: sub.status,
        plan,
        renews_as: next,
        current_period_start: sub.currentPeriodStart.toISOString(),
        current_period_end: sub.currentPeriodEnd.toISOString(),
        cancel_at_period_end: sub.cancelAtPeriodEnd,
        grace_ends_at: sub.status === 'past_due' && sub.pastDueSince ? graceEndsAt(sub.pastDueSince).toISOString() : null,
        grants_access: access,
      };
    }
  }
  const used = sub && access ? await countRefillsSince(ctx.db, userId, sub.currentPeriodStart) : 0;
  const refills: Billing['refills'] = !access
    ? { allowed: false, reason: 'Refills are for subscribers: choose a plan first.', used_this_period: 0, per_period: REFILLS_PER_PERIOD }
    : used >= REFILLS_PER_PERIOD
      ? { allowed: false, reason: `You have bought ${REFILLS_PER_PERIOD} refills this period; more open when your plan renews.`, used_this_period: used, per_period: REFILLS_PER_PERIOD }
      : { allowed: true, reason: null, used_this_period: used, per_period: REFILLS_PER_PERIOD };
  const refunds = await listRecentRefunds(ctx.db, userId, new Date(Date.now() - REFUNDS_SHOWN_DAYS * 86_400_000), 10);
  return { provider: ctx.payments.kind, subscription, portal: ctx.payments.kind === 'stripe' && Boolean(user?.customerId), refunds: refunds.map(presentRefund), refills };
}

async function requireActive(ctx: AppContext, userId: string): Promise<SubscriptionRow> {
  const sub = await currentSubscription(ctx, userId);
  if (!sub || !grantsAccess(sub)) throw new AppError('CONFLICT', 'You have no active plan. Choose one on Pricing.');
  return sub;
}

/** Credits a price gives per month: how plans compare (upgrade or downgrade). */
const monthlyCredits = (p: BillingPlan) => (p.interval === 'year' ? p.credits / 12 : p.credits);

type PlanChange = ChangePlanResult['change'];

/** What choosing `priceId` would do to the user's plan: the subscription, the plan paid for, the plan wanted and the kind of change. */
async function decideChange(ctx: AppContext, userId: string, priceId: string) {
  const sub = await requireActive(ctx, userId);
  if (sub.status === 'past_due') throw new AppError('CONFLICT', 'Your last payment failed. Update your card before changing plans.');
  const target = await findPriceWithProduct(ctx.db, priceId);
  if (!target) throw new AppError('NOT_FOUND', priceNotFoundMessage(priceId), 'price');
  if (!target.price.active || !target.product.active) throw new AppError('CONFLICT', `The price ${priceId} of ${target.product.name} is no longer on sale`, 'price');
  if (target.product.kind !== 'subscription' || target.price.interval === null) throw new AppError('VALIDATION_FAILED', `${priceId} is not a plan`, 'price');
  const paidPriceId = sub.paidPriceId ?? sub.priceId;
  const paid = (await planOf(ctx, paidPriceId))!;
  const wanted = (await planOf(ctx, priceId))!;
  const change: PlanChange =
    priceId === paidPriceId ? (sub.priceId === paidPriceId ? 'unchanged' : 'downgrade_cancelled') : monthlyCredits(wanted) > monthlyCredits(paid) ? 'upgraded' : 'downgrade_scheduled';
  return { sub, paid, wanted, change };
}

/** When a plan bought now renews: one interval after `from`. */
function renewalAfter(from: Date, interval: BillingPlan['interval']): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * The confirmation's figures (decision 0073): an upgrade happens now and charges the new price less the unused time
 * of the period paid for (the provider's own proration: Stripe's invoice preview, the sandbox's same arithmetic);
 * a downgrade charges nothing now and the lower price at the renewal; calling a downgrade off changes nothing.
 */
export async function previewPlanChange(ctx: AppContext, userId: string, priceId: string): Promise<PlanChangePreview> {
  const { sub, paid, wanted, change } = await decideChange(ctx, userId, priceId);
  const now = ctx.clock.now();
  const figures = { change, current: paid, plan: wanted, currency: wanted.currency, quoted_at: now.toISOString() };
  if (change !== 'upgraded') {
    return { ...figures, effective_at: sub.currentPeriodEnd.toISOString(), amount_due: 0, full_price: wanted.unit_amount, unused_credit: 0, carried_credit: 0, credits: 0, renews_at: sub.currentPeriodEnd.toISOString(), renewal_amount: wanted.unit_amount };
  }
  const charge = await asConflict(() => ctx.payments.previewUpgrade(sub.providerSubscriptionId, priceId, now));
  return {
    ...figures,
    effective_at: now.toISOString(),
    amount_due: charge.amountDue,
    full_price: charge.fullPrice,
    unused_credit: charge.unusedCredit,
    carried_credit: charge.carriedCredit,
    currency: charge.currency,
    credits: wanted.credits,
    renews_at: renewalAfter(now, wanted.interval).toISOString(),
    renewal_amount: Math.max(0, wanted.unit_amount - charge.carriedCredit),
  };
}

/** The provider said no (a declined card, a bad request): the person is told in its words. */
async function asConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderRequestError) throw new AppError('CONFLICT', error.message);
    throw error;
  }
}

/** An upgrade is charged as of the preview the person confirmed, if it is recent (decision 0073); otherwise as of now. */
function prorationDate(ctx: AppContext, quotedAt: string | undefined): Date {
  const now = ctx.clock.now();
  if (quotedAt === undefined) return now;
  const at = new Date(quotedAt);
  const age = now.getTime() - at.getTime();
  if (age < 0 || age > PLAN_CHANGE_QUOTE_MAX_AGE_MS) throw new AppError('CONFLICT', 'The amounts you confirmed are more than 10 minutes old: look at the change again to see what it charges now.', 'quoted_at');
  return at;
}

/**
 * Upgrade (more credits a month): at once — a new period starts now, charged with the unused part of the
 * old one credited as of the confirmed preview, and its credits arrive with the paid invoice. Downgrade: at the
 * renewal — the period paid for keeps its plan and credits, and the next renewal charges the new price.
 * Choosing the paid plan again while a downgrade waits calls the downgrade off.
 */
export async function changePlan(ctx: AppContext, userId: string, body: { price: string; idempotency_key: string; quoted_at?: string | undefined }): Promise<ChangePlanResult> {
  const { sub, change } = await decideChange(ctx, userId, body.price);
  if (change === 'unchanged') return { change, billing: await getBilling(ctx, userId) };
  const at = prorationDate(ctx, body.quoted_at);
  await asConflict(() => ctx.payments.changeSubscriptionPrice(sub.providerSubscriptionId, body.price, change === 'upgraded' ? 'now' : 'at_renewal', `plan:${userId}:${body.idempotency_key}`, at));
  await syncSubscriptionNow(ctx, sub.providerSubscriptionId);
  return { change, billing: await getBilling(ctx, userId) };
}

export async function setCancel(ctx: AppContext, userId: string, cancel: boolean): Promise<Billing> {
  const sub = await requireActive(ctx, userId);
  if (sub.cancelAtPeriodEnd !== cancel) {
    await ctx.payments.setCancelAtPeriodEnd(sub.providerSubscriptionId, cancel);
    await syncSubscriptionNow(ctx, sub.providerSubscriptionId);
  }
  return getBilling(ctx, userId);
}

export async function openPortal(ctx: AppContext, userId: string, returnUrl: string | undefined): Promise<{ url: string }> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound('The account');
  const back = ownPage(ctx, returnUrl, 'return_url', '/account');
  if (!user.customerId) throw new AppError('CONFLICT', 'There is nothing to manage yet: you have not paid for anything.');
  const portal = await ctx.payments.createPortalSession(user.customerId, back);
  if (!portal) throw new AppError('CONFLICT', 'The sandbox has no customer portal: change or cancel your plan on this page.');
  return portal;
}

/** The test clock of the account with this e-mail (the `npm run sandbox:clock` CLI). */
export async function advanceTestClockByEmail(ctx: AppContext, email: string, outcome?: 'pay' | 'fail'): Promise<TestClockResult> {
  const userId = await findUserIdByEmail(ctx.db, email.toLowerCase());
  if (!userId) throw new Error(`No account with the e-mail ${email}`);
  return advanceTestClock(ctx, userId, outcome);
}

/** Sandbox test clock: the user's subscription moves to its next period (admin action and CLI). */
export async function advanceTestClock(ctx: AppContext, userId: string, outcome?: 'pay' | 'fail'): Promise<TestClockResult> {
  const advance = ctx.payments.advanceTestClock?.bind(ctx.payments);
  if (!advance) throw new AppError('CONFLICT', "The test clock belongs to the sandbox; in Stripe mode use Stripe's own test clocks.");
  const subs = (await listUserSubscriptions(ctx.db, userId)).filter((s) => s.provider === 'sandbox' && s.status !== 'canceled' && s.status !== 'incomplete');
  const sub = subs[0];
  if (!sub) throw new AppError('NOT_FOUND', 'That user has no sandbox subscription to move on');
  const { subscription, events } = await asConflict(() => advance(sub.providerSubscriptionId, outcome));
  await syncSubscriptionNow(ctx, sub.providerSubscriptionId);
  return {
    subscription_id: sub.id,
    status: subscription.status,
    current_period_start: subscription.currentPeriodStart.toISOString(),
    current_period_end: subscription.currentPeriodEnd.toISOString(),
    events,
  };
}

/** A user's payments, newest first (Account's list, and an admin's view of the account). */
export { listReceipts } from './payment-repository.ts';
