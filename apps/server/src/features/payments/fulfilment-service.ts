import { PAST_DUE_GRACE_DAYS, REFILLS_PER_PERIOD } from '@crate/contract/checkout';
import type { AutomaticRefundReason } from '@crate/contract/commerce-enums';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { addCredits, expirePlanCredits, lockCreditAccount, takeBackLot } from '../credits/credit-ledger-service.ts';
import { accrueCommission, wantsCardFingerprint } from '../affiliates/affiliate-commission-service.ts';
import { grantPurchase } from '../ownership/acquisition-service.ts';
import { lockPayouts } from '../payouts/payout-month-service.ts';
import { grantRole, revokeRole, rolesOf } from '../roles/role-service.ts';
import { recordPurchase } from '../tracking/tracking-service.ts';
import { duplicatePlanMail, paymentFailedMail, purchaseRefundMail, receiptMail, refillRefundMail } from './payment-mail.ts';
import { ProviderRequestError, type ProviderCheckoutSession, type ProviderInvoice, type ProviderSubscription } from './payment-provider.ts';
import {
  countRefillsSince,
  deactivateCatalogueObject,
  findCheckout,
  findCheckoutBySession,
  findEvent,
  findPriceWithProduct,
  findPricesWithProducts,
  findProduct,
  findReceiptByPayment,
  findReceiptByRef,
  findSubscriptionByProviderId,
  findUser,
  findUserByCustomer,
  insertReceipt,
  insertRefund,
  listReceiptsOfSubscription,
  listUserSubscriptions,
  markEventFailed,
  markEventProcessed,
  markSubscriptionDuplicate,
  setCustomerIfNone,
  setPaidPrice,
  setReceiptStatus,
  updateCheckout,
  upsertPrice,
  upsertProduct,
  upsertSubscription,
  type CheckoutPurchase,
  type CheckoutRow,
  type ReceiptRow,
  type SubscriptionRow,
} from './payment-repository.ts';

/**
 * Fulfilment (decision 0023): one path for both providers. An event only says which object changed;
 * the handler re-reads that object from the provider (events come twice, late and out of order) and
 * brings Crate's rows in line with it inside one transaction. Every effect is idempotent by the
 * provider's ids: credits by period (`grant:<subscription>:<period start>`) or session
 * (`refill:<session>`), receipts by invoice or session, the take-back of a refund by receipt.
 *
 * Every money rule checked when a checkout opens is checked again here, under the user's lock (decision
 * 0033): a plan paid while another runs is canceled and refunded, refills past the period's limit (or with
 * no plan) are refunded, and a pack or bundle bought outright grants only what is still to be granted and refunds
 * the rest (decision 0047). The return page fulfils through this same path when the webhook is late.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a subscription row gives its user the plan's roles now (a duplicate plan never does). */
export function grantsAccess(sub: Pick<SubscriptionRow, 'status' | 'pastDueSince' | 'duplicateOf'>, at: Date = new Date()): boolean {
  if (sub.duplicateOf !== null) return false;
  if (sub.status === 'active' || sub.status === 'trialing') return true;
  if (sub.status === 'past_due') return sub.pastDueSince !== null && at.getTime() < graceEndsAt(sub.pastDueSince).getTime();
  return false;
}

export const graceEndsAt = (pastDueSince: Date) => new Date(pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);

/**
 * Gives or takes the subscriber role so it matches the user's subscriptions; bumps claims_updated_at when it moves.
 * When no plan grants access any more, the credits that lasted as long as a plan did (plan grants and refills,
 * decision 0074) expire with it, each by one audited `expire` entry.
 */
async function applyAccess(tx: Tx, userId: string, reason: string): Promise<void> {
  const subs = await listUserSubscriptions(tx, userId);
  if (subs.length === 0) return;
  const should = subs.some((s) => grantsAccess(s));
  const has = (await rolesOf(tx, userId)).includes('subscriber');
  if (should && !has) await grantRole(tx, { userId, actorUserId: null, reason }, 'subscriber');
  if (!should && has) await revokeRole(tx, { userId, actorUserId: null, reason }, 'subscriber');
  if (!should) {
    await lockCreditAccount(tx, userId);
    await expirePlanCredits(tx, userId, new Date());
  }
}

// ── what a handler re-reads before it writes ──

/** The card a payment was made with, looked up only for payments a referral's rules need it for (decision 0056). */
type Card = string | null;

type Plan =
  | { kind: 'checkout'; session: ProviderCheckoutSession; subscription: ProviderSubscription | null; invoice: ProviderInvoice | null; failed: boolean; card: Card }
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | { kind: 'invoice'; invoice: ProviderInvoice; subscription: ProviderSubscription | null; failedEvent: boolean; card: Card }
  | { kind: 'takeBack'; paymentId: string | null; status: 'refunded' | 'disputed'; applies: boolean }
  | { kind: 'catalogue' }
  | { kind: 'ignored' };

async function gather(ctx: AppContext, type: string, objectId: string): Promise<Plan> {
  const p = ctx.payments;
  if (type.startsWith('checkout.session.')) {
    const session = await p.retrieveCheckoutSession(objectId);
    const subscription = session.subscriptionId ? await p.retrieveSubscription(session.subscriptionId) : null;
    // The plan's first invoice comes with its session: its credits need not wait for invoice.paid.
    const invoice = subscription && session.invoiceId ? await p.retrieveInvoice(session.invoiceId) : null;
    const paymentId = session.paymentStatus === 'paid' ? (session.paymentId ?? invoice?.paymentId ?? null) : null;
    const card = await cardOf(ctx, paymentId, session.userId ?? subscription?.userId ?? null);
    return { kind: 'checkout', session, subscription, invoice, failed: type === 'checkout.session.async_payment_failed', card };
  }
  if (type.startsWith('customer.subscription.')) return { kind: 'subscription', subscription: await p.retrieveSubscription(objectId) };
  if (type.startsWith('invoice.')) {
    const invoice = await p.retrieveInvoice(objectId);
    const subscription = invoice.subscriptionId ? await p.retrieveSubscription(invoice.subscriptionId) : null;
    const card = await cardOf(ctx, invoice.status === 'paid' ? invoice.paymentId : null, subscription?.userId ?? null);
    return { kind: 'invoice', invoice, subscription, failedEvent: type === 'invoice.payment_failed', card };
  }
  if (type === 'charge.refunded') {
    const charge = await p.retrieveCharge(objectId);
    // Only a full refund takes credits back (decision 0023); a partial one is money only.
    return { kind: 'takeBack', paymentId: charge.paymentId, status: 'refunded', applies: charge.refunded && charge.amountRefunded >= charge.amount };
  }
  if (type === 'charge.dispute.created') {
    const dispute = await p.retrieveDispute(objectId);
    return { kind: 'takeBack', paymentId: dispute.paymentId, status: 'disputed', applies: true };
  }
  if (type.startsWith('product.') || type.startsWith('price.')) {
    await syncCatalogueObject(ctx, type.startsWith('product.') ? 'product' : 'price', objectId);
    return { kind: 'catalogue' };
  }
  return { kind: 'ignored' };
}

/** The fingerprint of the card behind a paid payment, when the payer was referred or refers others (else not asked). */
async function cardOf(ctx: AppContext, paymentId: string | null, userId: string | null): Promise<Card> {
  if (!paymentId || !(await wantsCardFingerprint(ctx.db, userId))) return null;
  return ctx.payments.retrieveCardFingerprint(paymentId);
}

/** Product and price events: the provider's current copy replaces ours (Stripe mode keeps Pricing in sync). */
async function syncCatalogueObject(ctx: AppContext, kind: 'product' | 'price', id: string): Promise<void> {
  try {
    await syncCatalogueCopy(ctx, kind, id);
  } catch (error) {
    // A deleted product or price is gone from the provider: ours stops being on sale (rows paid for stay).
    if (!(error instanceof ProviderRequestError && error.code === 'resource_missing')) throw error;
    await deactivateCatalogueObject(ctx.db, kind, id);
  }
}

async function syncCatalogueCopy(ctx: AppContext, kind: 'product' | 'price', id: string): Promise<void> {
  if (kind === 'product') {
    const product = await ctx.payments.retrieveProduct(id);
    const existing = await findProduct(ctx.db, id);
    await upsertProduct(ctx.db, {
      id: product.id,
      name: product.name,
      description: product.description,
      active: product.active,
      kind: product.metadata.crate_kind === 'credits' ? 'credits' : product.metadata.crate_kind === 'subscription' ? 'subscription' : (existing?.kind ?? 'subscription'),
      sortOrder: Number(product.metadata.sort_order ?? existing?.sortOrder ?? 0) || 0,
      metadata: product.metadata,
    });
    return;
  }
  const price = await ctx.payments.retrievePrice(id);
  if (!(await findProduct(ctx.db, price.productId))) await syncCatalogueCopy(ctx, 'product', price.productId);
  await upsertPrice(ctx.db, {
    id: price.id,
    productId: price.productId,
    currency: price.currency,
    unitAmount: price.unitAmount,
    interval: price.interval,
    intervalCount: price.intervalCount,
    credits: Number(price.metadata.credits ?? 0) || 0,
    active: price.active,
  });
}

/** A price a provider object names must be in our catalogue (Stripe: fetched when it is not yet). */
async function ensurePrice(ctx: AppContext, priceId: string): Promise<void> {
  if (!(await findPriceWithProduct(ctx.db, priceId))) await syncCatalogueObject(ctx, 'price', priceId);
}

// ── processing ──

/**
 * Processes one stored event once: re-reads the provider, then applies the result under the event
 * row's lock (a second process or a replay waits and then finds it done). Throws when it fails, so
 * the webhook answers 5xx and the provider (and the `payment-event` job) retry.
 */
export async function processPaymentEvent(ctx: AppContext, eventId: string): Promise<'processed' | 'already'> {
  const stored = await findEvent(ctx.db, eventId);
  if (!stored) throw new Error(`No stored payment event ${eventId}`);
  if (stored.processedAt) return 'already';
  const payload = stored.payload as { data?: { object?: { id?: string } } };
  try {
    const plan = await gather(ctx, stored.type, payload.data?.object?.id ?? '');
    await ensurePrices(ctx, plan);
    const outcome = await ctx.db.transaction(async (tx) => {
      const event = await findEvent(tx, eventId, true);
      if (!event || event.processedAt) return 'already' as const;
      await apply(ctx, tx, plan);
      await markEventProcessed(tx, eventId);
      return 'processed' as const;
    });
    if (outcome === 'processed') await settleSubscriptionOf(ctx, plan);
    return outcome;
  } catch (error) {
    await markEventFailed(ctx.db, eventId, (error as Error).message).catch(() => {});
    throw error;
  }
}

/**
 * The return page's look (decision 0033): asks the provider for the session and, once it is no longer open,
 * fulfils it through the same path as its webhook (every effect keyed by the provider's ids, so the late
 * webhook finds it done).
 */
export async function fulfilCheckoutFromProvider(ctx: AppContext, sessionId: string): Promise<void> {
  const plan = await gather(ctx, 'checkout.session.completed', sessionId);
  if (plan.kind !== 'checkout' || plan.session.status === 'open') return;
  await ensurePrices(ctx, plan);
  await ctx.db.transaction((tx) => apply(ctx, tx, plan));
  await settleSubscriptionOf(ctx, plan);
}

async function ensurePrices(ctx: AppContext, plan: Plan): Promise<void> {
  const subscription = plan.kind === 'checkout' || plan.kind === 'invoice' || plan.kind === 'subscription' ? plan.subscription : null;
  if (subscription) await ensurePrice(ctx, subscription.priceId);
  const invoice = plan.kind === 'invoice' || plan.kind === 'checkout' ? plan.invoice : null;
  if (invoice?.priceId) await ensurePrice(ctx, invoice.priceId);
}

async function settleSubscriptionOf(ctx: AppContext, plan: Plan): Promise<void> {
  const applied = plan.kind === 'checkout' || plan.kind === 'invoice' || plan.kind === 'subscription' ? plan.subscription : null;
  if (applied) await settleSubscription(ctx, applied);
}

async function apply(ctx: AppContext, tx: Tx, plan: Plan): Promise<void> {
  switch (plan.kind) {
    case 'checkout':
      await applyCheckout(ctx, tx, plan.session, plan.subscription, plan.failed, plan.card);
      if (plan.invoice && plan.subscription) await applyInvoice(ctx, tx, plan.invoice, plan.subscription, false, plan.card);
      return;
    case 'subscription':
      await applySubscription(ctx, tx, plan.subscription);
      return;
    case 'invoice':
      return applyInvoice(ctx, tx, plan.invoice, plan.subscription, plan.failedEvent, plan.card);
    case 'takeBack':
      return applyTakeBack(tx, plan.paymentId, plan.status, plan.applies);
    default:
      return;
  }
}

const FINAL = new Set<CheckoutRow['status']>(['complete', 'failed', 'expired']);

async function applyCheckout(ctx: AppContext, tx: Tx, session: ProviderCheckoutSession, subscription: ProviderSubscription | null, failed: boolean, card: Card): Promise<void> {
  const row = (session.checkoutId ? await findCheckout(tx, session.checkoutId) : null) ?? (await findCheckoutBySession(tx, session.id));
  if (!row || row.sessionId !== session.id) throw new Error(`Checkout session ${session.id} is not one Crate made`);
  // One user's payments are fulfilled one at a time, so each sees what the previous one did (decision 0033).
  await lockCreditAccount(tx, row.userId);
  if (session.customerId) await setCustomerIfNone(tx, row.userId, session.customerId);

  const paid = session.status === 'complete' && session.paymentStatus !== 'unpaid';
  const status: CheckoutRow['status'] = session.status === 'expired' ? 'expired' : paid ? 'complete' : session.status === 'complete' ? (failed ? 'failed' : 'processing') : row.status;
  // A late event never moves a finished checkout back (a 'completed' arriving after 'async_payment_succeeded').
  if (status !== row.status && !(FINAL.has(row.status) && !FINAL.has(status)) && !(row.status === 'complete' && status !== 'complete')) {
    await updateCheckout(tx, row.id, {
      status,
      completedAt: FINAL.has(status) ? new Date() : null,
      ...(status === 'failed' ? { errorCode: 'payment_failed', errorMessage: 'Your payment did not go through. Nothing was charged.' } : {}),
    });
  }

  if (subscription) await applySubscription(ctx, tx, subscription, row.userId);
  if (session.mode === 'payment' && paid) await (row.purchase ? fulfilPurchase(ctx, tx, row, row.purchase, session, card) : fulfilRefill(ctx, tx, row, session, card));
}

/** A new receipt is a payment made: its Purchase attribution event is recorded with it, once (decision 0057). */
async function storeReceipt(ctx: AppContext, tx: Tx, values: Parameters<typeof insertReceipt>[1]): Promise<ReceiptRow | null> {
  const receipt = await insertReceipt(tx, values);
  if (receipt) await recordPurchase(tx, ctx.clock.now(), receipt);
  return receipt;
}

const PURCHASE_NAMES = { pack: 'Pack', bundle: 'Bundle' } as const;

/**
 * A paid pack or bundle bought outright (decision 0047), under the user's lock: one receipt, then the sounds it
 * was paid for granted through the ownership path getting with credits takes. The money rules are checked again
 * now: a sound the buyer came to own meanwhile (got with credits, or another purchase) or that is no longer on
 * sale (taken down, the pack archived, the bundle deactivated) is not granted, and its share of the payment is
 * refunded — part of it, or all when none could be granted. Never granted twice (the receipt is the key).
 */
async function fulfilPurchase(ctx: AppContext, tx: Tx, row: CheckoutRow, purchase: CheckoutPurchase, session: ProviderCheckoutSession, card: Card): Promise<void> {
  const description = `${PURCHASE_NAMES[purchase.target]} “${purchase.title}”`;
  const receipt = await storeReceipt(ctx, tx, {
    userId: row.userId,
    provider: ctx.payments.kind,
    providerRef: session.id,
    paymentId: session.paymentId,
    kind: 'purchase',
    description,
    amount: session.amountTotal,
    currency: session.currency,
    creditLedgerId: null,
    credits: 0,
    cardFingerprint: card,
  });
  if (!receipt) return; // fulfilled already
  const { grantedCount, grantedAmount } = await grantPurchase(tx, { userId: row.userId, checkoutSessionId: row.id, target: purchase.target, id: purchase.id, amount: receipt.amount, currency: receipt.currency, items: purchase.items });
  await updateCheckout(tx, row.id, { grantedQuantity: grantedCount });
  const refundAmount = receipt.amount - grantedAmount;
  await accrueCommission(tx, receipt, receipt.amount - refundAmount);
  if (refundAmount === 0) {
    await mailUser(ctx, tx, row.userId, (to) => receiptMail({ to, publicUrl: ctx.config.publicUrl, description, amount: receipt.amount, currency: receipt.currency, credits: 0, renewal: false }));
    return;
  }
  const paidFor = purchase.items.length;
  const why = 'you came to own them meanwhile, or they were taken down before the payment went through';
  const words =
    grantedCount === 0
      ? `None of the ${paidFor === 1 ? 'sound' : `${paidFor} sounds`} of ${description} you paid for could be added to your library (${why}): it is refunded in full.`
      : `${paidFor - grantedCount} of the ${paidFor} sounds of ${description} you paid for could not be added to your library (${why}): their share is refunded. The other ${grantedCount} are yours.`;
  await refundAutomatically(ctx, tx, { receipt, checkoutId: row.id, reason: 'purchase_not_granted', amount: refundAmount, description: words });
  await mailUser(ctx, tx, row.userId, (to) => purchaseRefundMail({ to, publicUrl: ctx.config.publicUrl, description: words, amount: refundAmount, currency: receipt.currency }));
}

/**
 * A paid one-off checkout: credits for each refill line, one receipt, one e-mail. The refill rules are checked
 * again now (decision 0033): refills need a plan that grants access, and a period allows REFILLS_PER_PERIOD —
 * units past it (paid through checkouts that were open at once) are not credited but refunded.
 */
async function fulfilRefill(ctx: AppContext, tx: Tx, row: CheckoutRow, session: ProviderCheckoutSession, card: Card): Promise<void> {
  if (row.grantedQuantity !== null || (await findReceiptByRef(tx, session.id))) return; // fulfilled already
  const prices = await findPricesWithProducts(tx, session.lineItems.map((l) => l.priceId));
  const priceOf = (priceId: string) => prices.find((p) => p.price.id === priceId)?.price;
  const now = new Date();
  const current = (await listUserSubscriptions(tx, row.userId)).find((s) => grantsAccess(s, now));
  const wanted = session.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const left = current ? Math.max(0, REFILLS_PER_PERIOD - (await countRefillsSince(tx, row.userId, current.currentPeriodStart, { paidOnly: true, exceptId: row.id }))) : 0;
  // The units credited, line by line in order, until the period's limit.
  let open = Math.min(wanted, left);
  let credits = 0;
  let creditedAmount = 0;
  for (const line of session.lineItems) {
    const units = Math.min(line.quantity, open);
    open -= units;
    credits += (priceOf(line.priceId)?.credits ?? 0) * units;
    creditedAmount += (priceOf(line.priceId)?.unitAmount ?? 0) * units;
  }
  const granted = Math.min(wanted, left);
  // Refill credits last as long as the plan does, like its own credits (decision 0074).
  const lotId =
    credits > 0 && current
      ? await addCredits(tx, { userId: row.userId, kind: 'refill', amount: credits, expiresAt: null, reason: describeLines(session, prices), idempotencyKey: `refill:${session.id}`, checkoutSessionId: row.id, subscriptionId: current.id })
      : null;
  await updateCheckout(tx, row.id, { grantedQuantity: granted });
  const receipt = await storeReceipt(ctx, tx, {
    userId: row.userId,
    provider: ctx.payments.kind,
    providerRef: session.id,
    paymentId: session.paymentId,
    kind: 'refill',
    description: describeLines(session, prices),
    amount: session.amountTotal,
    currency: session.currency,
    creditLedgerId: lotId,
    credits,
    cardFingerprint: card,
  });
  if (!receipt) return;
  const refundAmount = granted === wanted ? 0 : granted === 0 ? session.amountTotal : Math.max(0, session.amountTotal - creditedAmount);
  await accrueCommission(tx, receipt, receipt.amount - refundAmount);
  if (refundAmount === 0) {
    await mailUser(ctx, tx, row.userId, (to) => receiptMail({ to, publicUrl: ctx.config.publicUrl, description: receipt.description, amount: receipt.amount, currency: receipt.currency, credits, renewal: false }));
    return;
  }
  const reason: AutomaticRefundReason = current ? 'refill_over_limit' : 'refill_without_plan';
  const description = current
    ? `${wanted} ${wanted === 1 ? 'refill was' : 'refills were'} paid for, and ${left === 0 ? 'none were' : `only ${left} ${left === 1 ? 'was' : 'were'}`} left of the ${REFILLS_PER_PERIOD} a plan period allows (other checkouts were paid first): the rest is refunded.`
    : 'Refills are for subscribers, and your plan had ended when this refill was paid: it is refunded in full.';
  await refundAutomatically(ctx, tx, { receipt, checkoutId: row.id, reason, amount: refundAmount, description });
  await mailUser(ctx, tx, row.userId, (to) => refillRefundMail({ to, publicUrl: ctx.config.publicUrl, description, amount: refundAmount, currency: receipt.currency, credits }));
}

/** Decides a refund in the caller's transaction and queues the `payment-refund` job that asks the provider (once per receipt). */
async function refundAutomatically(ctx: AppContext, tx: Tx, input: { receipt: ReceiptRow; checkoutId: string | null; reason: AutomaticRefundReason; amount: number; description: string }): Promise<void> {
  if (!input.receipt.paymentId) throw new Error(`Receipt ${input.receipt.id} names no payment to refund`);
  const refund = await insertRefund(tx, {
    userId: input.receipt.userId,
    provider: ctx.payments.kind,
    receiptId: input.receipt.id,
    checkoutSessionId: input.checkoutId,
    paymentId: input.receipt.paymentId,
    reason: input.reason,
    description: input.description,
    amount: Math.min(input.amount, input.receipt.amount),
    currency: input.receipt.currency,
  });
  if (refund) await ctx.jobs.enqueue('payment-refund', { refundId: refund.id }, { tx });
}

function describeLines(session: ProviderCheckoutSession, prices: Awaited<ReturnType<typeof findPricesWithProducts>>): string {
  return session.lineItems.map((line) => `${line.quantity > 1 ? `${line.quantity} × ` : ''}${prices.find((p) => p.price.id === line.priceId)?.product.name ?? line.priceId}`).join(', ');
}

/** Brings our subscription row in line with the provider's copy and the user's roles with the row. */
async function applySubscription(ctx: AppContext, tx: Tx, sub: ProviderSubscription, knownUserId?: string): Promise<SubscriptionRow> {
  const existing = await findSubscriptionByProviderId(tx, sub.id);
  const userId = existing?.userId ?? knownUserId ?? sub.userId ?? (await findUserByCustomer(tx, sub.customerId));
  if (!userId || !(await findUser(tx, userId))) throw new Error(`Subscription ${sub.id} belongs to no Crate user (yet)`);
  // Which of two plans is kept is decided under the user's lock: two plans paid at once queue here.
  await lockCreditAccount(tx, userId);
  await setCustomerIfNone(tx, userId, sub.customerId);
  const pastDueSince = sub.status === 'past_due' ? (existing?.pastDueSince ?? new Date()) : null;
  const upserted = await upsertSubscription(tx, {
    userId,
    provider: ctx.payments.kind,
    providerSubscriptionId: sub.id,
    priceId: sub.priceId,
    status: sub.status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    customerId: sub.customerId,
    pastDueSince,
  });
  const row = await keepOnePlan(ctx, tx, upserted, sub);
  await applyAccess(tx, userId, `subscription ${sub.id} is ${sub.status}`);
  if (pastDueSince && !existing?.pastDueSince) {
    // The grace period ends without any provider event: look again then.
    await ctx.jobs.enqueue('subscription-recheck', { userId }, { tx, runAt: new Date(graceEndsAt(pastDueSince).getTime() + 1000) });
  }
  return row;
}

/**
 * One plan per user (decision 0033): the plan that grants access first is kept. A plan that starts to grant
 * access while another does — two plan checkouts open at once, both paid — is the duplicate: it grants
 * nothing, is canceled at once at the provider (`subscription-cancel` job), every payment it took for time
 * the kept plan covers is refunded in full, and the user is told by e-mail (Account lists the refunds).
 */
async function keepOnePlan(ctx: AppContext, tx: Tx, row: SubscriptionRow, sub: ProviderSubscription): Promise<SubscriptionRow> {
  if (row.duplicateOf === null) {
    if (!grantsAccess(row)) return row;
    const kept = (await listUserSubscriptions(tx, row.userId)).find((other) => other.id !== row.id && grantsAccess(other));
    if (!kept) return row;
    await markSubscriptionDuplicate(tx, row.id, kept.id);
    row = { ...row, duplicateOf: kept.id };
    await ctx.jobs.enqueue('subscription-cancel', { subscriptionId: sub.id }, { tx });
    const [keptPlan, duplicatePlan] = await Promise.all([findPriceWithProduct(tx, kept.paidPriceId ?? kept.priceId), findPriceWithProduct(tx, sub.priceId)]);
    await mailUser(ctx, tx, row.userId, (to) => duplicatePlanMail({ to, publicUrl: ctx.config.publicUrl, keptPlan: keptPlan?.product.name ?? 'current', duplicatePlan: duplicatePlan?.product.name ?? 'second' }));
  }
  await refundDuplicatePayments(ctx, tx, row, sub);
  return row;
}

/** A duplicate plan's payments for time the kept plan covers go back in full (each once: one refund per receipt). */
async function refundDuplicatePayments(ctx: AppContext, tx: Tx, row: SubscriptionRow, sub: ProviderSubscription): Promise<void> {
  const kept = (await listUserSubscriptions(tx, row.userId)).find((other) => other.id === row.duplicateOf);
  if (!kept) return;
  const checkout = sub.checkoutId && /^[0-9a-f-]{36}$/i.test(sub.checkoutId) ? await findCheckout(tx, sub.checkoutId) : null;
  for (const receipt of await listReceiptsOfSubscription(tx, row.id, kept.createdAt)) {
    if (!receipt.paymentId || receipt.amount <= 0) continue;
    await refundAutomatically(ctx, tx, {
      receipt,
      checkoutId: checkout?.userId === row.userId ? checkout.id : null,
      reason: 'duplicate_subscription',
      amount: receipt.amount,
      description: `${receipt.description}: paid while another plan was running, so it was canceled at once and refunded in full.`,
    });
  }
}

async function applyInvoice(ctx: AppContext, tx: Tx, invoice: ProviderInvoice, subscription: ProviderSubscription | null, failedEvent: boolean, card: Card): Promise<void> {
  if (!subscription) return; // one-off payments are fulfilled from their checkout session
  const row = await applySubscription(ctx, tx, subscription);
  const userId = row.userId;
  const priceId = invoice.priceId ?? subscription.priceId;
  const found = await findPriceWithProduct(tx, priceId);
  if (!found) throw new Error(`Invoice ${invoice.id} charges unknown price ${priceId}`);

  if (invoice.status === 'paid') {
    const periodStart = invoice.periodStart ?? subscription.currentPeriodStart;
    const periodEnd = invoice.periodEnd ?? subscription.currentPeriodEnd;
    if (periodStart.getTime() >= row.currentPeriodStart.getTime() - 1000) await setPaidPrice(tx, row.id, priceId);
    // A duplicate plan's payment is refunded: it grants nothing.
    const credits = row.duplicateOf ? 0 : found.price.credits * Math.max(1, invoice.quantity);
    await lockCreditAccount(tx, userId);
    // A period's credits roll over for as long as the plan lasts, and expire when it ends (decision 0074).
    const lotId =
      credits > 0
        ? await addCredits(tx, {
            userId,
            kind: 'grant',
            amount: credits,
            expiresAt: null,
            reason: `${found.product.name} plan, ${periodStart.toISOString().slice(0, 10)} to ${periodEnd.toISOString().slice(0, 10)}`,
            idempotencyKey: `grant:${subscription.id}:${periodStart.toISOString()}`,
            subscriptionId: row.id,
          })
        : null;
    const receipt = await storeReceipt(ctx, tx, {
      userId,
      provider: ctx.payments.kind,
      providerRef: invoice.id,
      paymentId: invoice.paymentId,
      kind: 'plan',
      description: `${found.product.name} plan (${found.price.interval === 'year' ? 'yearly' : 'monthly'})${invoice.billingReason === 'subscription_update' ? ', upgrade: unused time of the previous plan credited' : ''}`,
      amount: invoice.amountPaid,
      currency: invoice.currency,
      creditLedgerId: lotId,
      credits: lotId ? credits : 0,
      subscriptionId: row.id,
      periodStart,
      periodEnd,
      cardFingerprint: card,
    });
    // A duplicate plan's payment is refunded in full: it earns no commission.
    if (receipt && !row.duplicateOf) await accrueCommission(tx, receipt, receipt.amount);
    if (row.duplicateOf) {
      await refundDuplicatePayments(ctx, tx, row, subscription);
      return;
    }
    if (receipt) {
      const renewal = invoice.billingReason === 'subscription_cycle';
      await mailUser(ctx, tx, userId, (to) => receiptMail({ to, publicUrl: ctx.config.publicUrl, description: receipt.description, amount: receipt.amount, currency: receipt.currency, credits: receipt.credits, renewal }));
    }
    return;
  }
  if (failedEvent && (invoice.status === 'open' || invoice.status === 'uncollectible')) {
    const since = row.pastDueSince ?? new Date();
    await mailUser(ctx, tx, userId, (to) => paymentFailedMail({ to, publicUrl: ctx.config.publicUrl, planName: found.product.name, amount: invoice.amountDue, currency: invoice.currency, graceEndsAt: graceEndsAt(since) }));
  }
}

/** A refund or a dispute: the receipt says so and the payment's unspent credits are taken back (once). */
async function applyTakeBack(tx: Tx, paymentId: string | null, status: 'refunded' | 'disputed', applies: boolean): Promise<void> {
  if (!paymentId || !applies) return;
  const receipt = await findReceiptByPayment(tx, paymentId);
  if (!receipt) throw new Error(`No receipt for payment ${paymentId} yet`);
  // paid → refunded or disputed; a disputed payment refunded later is refunded; a refunded one stays so.
  // Under the payouts lock, so a month is approved either before this (and takes it back later) or after (and never counted it).
  if (receipt.status === 'paid') await lockPayouts(tx);
  if (receipt.status === 'paid' || (receipt.status === 'disputed' && status === 'refunded')) await setReceiptStatus(tx, receipt.id, status);
  if (!receipt.creditLedgerId) return;
  await lockCreditAccount(tx, receipt.userId);
  await takeBackLot(tx, {
    userId: receipt.userId,
    lotId: receipt.creditLedgerId,
    reason: `${status === 'refunded' ? 'Refunded' : 'Disputed'}: ${receipt.description} (unspent credits taken back)`,
    idempotencyKey: `takeback:${receipt.id}`,
  });
}

async function mailUser(ctx: AppContext, tx: Tx, userId: string, build: (to: string) => Parameters<AppContext['jobs']['enqueue']>[1]): Promise<void> {
  const user = await findUser(tx, userId);
  if (user?.email) await ctx.jobs.enqueue('mail', build(user.email) as never, { tx });
}

const sameSubscription = (a: ProviderSubscription, b: ProviderSubscription) =>
  a.status === b.status && a.priceId === b.priceId && a.cancelAtPeriodEnd === b.cancelAtPeriodEnd && a.currentPeriodStart.getTime() === b.currentPeriodStart.getTime() && a.currentPeriodEnd.getTime() === b.currentPeriodEnd.getTime();

/**
 * Two events about one subscription processed at once may each have read it before the other's change:
 * the one that commits last could write the older copy. So after applying, look once more; if the
 * provider's copy moved meanwhile, apply the newer one. The last processor to finish always leaves the row
 * as the provider has it now.
 */
async function settleSubscription(ctx: AppContext, applied: ProviderSubscription): Promise<void> {
  const now = await ctx.payments.retrieveSubscription(applied.id);
  if (!sameSubscription(now, applied)) {
    await ensurePrice(ctx, now.priceId);
    await ctx.db.transaction((tx) => applySubscription(ctx, tx, now).then(() => undefined));
  }
}

/** Re-reads one subscription from the provider and applies it now (after a plan change made here). */
export async function syncSubscriptionNow(ctx: AppContext, providerSubscriptionId: string): Promise<void> {
  const sub = await ctx.payments.retrieveSubscription(providerSubscriptionId);
  await ensurePrice(ctx, sub.priceId);
  await ctx.db.transaction((tx) => applySubscription(ctx, tx, sub).then(() => undefined));
}

/** The `subscription-recheck` job: the grace period of a past-due plan has run out (or not). */
export async function recheckAccess(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction((tx) => applyAccess(tx, userId, 'past-due grace period checked'));
}
