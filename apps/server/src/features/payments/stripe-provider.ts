import Stripe from 'stripe';
import { createStripeClient } from './stripe-client.ts';
import type { SubscriptionStatus } from '@crate/contract/commerce-enums';
import {
  isCataloguePriceLine,
  ProviderRequestError,
  WebhookSignatureError,
  type CreateSessionInput,
  type PaymentProvider,
  type PlanChangeTiming,
  type ProviderCharge,
  type RefundInput,
  type ProviderCheckoutSession,
  type ProviderDispute,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderProduct,
  type ProviderSubscription,
  type UpgradePreview,
} from './payment-provider.ts';

/**
 * Stripe (decision 0023) through the official `stripe` SDK: Checkout Sessions for plans, refills and packs or
 * bundles bought outright (an inline `price_data` line, decision 0047), the Customer Portal, and re-reads of sessions, subscriptions, invoices, charges, disputes, products and
 * prices when their events arrive. STRIPE_API_URL points the SDK at another host (the tests' stand-in).
 */

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | null;
  publicUrl: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const date = (seconds: number | null | undefined): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** Whether an invoice line is a proration (an upgrade's credit for unused time), not a period charged. */
const isProration = (line: Stripe.InvoiceLineItem) => line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration ?? false;

/** Stripe's statuses in Crate's vocabulary: unpaid counts as past due (the grace period decides), the ended ones as canceled. */
function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
      return status as SubscriptionStatus;
    case 'unpaid':
      return 'past_due';
    default:
      return 'canceled';
  }
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Card and request errors are the customer's to see; connection and API errors are ours (logged, generic).
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new ProviderRequestError(error.code ?? error.type, error.message);
    }
    throw error;
  }
}

export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;

  constructor(options: StripeOptions) {
    this.#stripe = createStripeClient(options.secretKey, options.apiUrl);
    this.#webhookSecret = options.webhookSecret;
  }

  async createCheckoutSession(input: CreateSessionInput): Promise<{ id: string; url: string }> {
    const metadata = { user_id: input.userId, checkout_id: input.checkoutId };
    const session = await call(() =>
      this.#stripe.checkout.sessions.create(
        {
          mode: input.mode,
          line_items: input.lineItems.map((l) =>
            isCataloguePriceLine(l) ? { price: l.priceId, quantity: l.quantity } : { price_data: { currency: l.currency, unit_amount: l.unitAmount, product_data: { name: l.name } }, quantity: l.quantity },
          ),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.checkoutId,
          metadata,
          // A known customer is reused; otherwise Stripe makes one (subscriptions always, one-off payments when asked).
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email, ...(input.mode === 'payment' ? { customer_creation: 'always' as const } : {}) }),
          ...(input.mode === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new ProviderRequestError('no_url', 'Stripe made a session without a payment page');
    return { id: session.id, url: session.url };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    return verifyStripeSignature(rawBody, signature, this.#webhookSecret);
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession> {
    const s = await call(() => this.#stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] }));
    return {
      id: s.id,
      status: (s.status ?? 'open') as ProviderCheckoutSession['status'],
      paymentStatus: s.payment_status === 'paid' ? 'paid' : s.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
      mode: s.mode === 'subscription' ? 'subscription' : 'payment',
      customerId: idOf(s.customer),
      checkoutId: s.client_reference_id ?? s.metadata?.checkout_id ?? null,
      userId: s.metadata?.user_id ?? null,
      subscriptionId: idOf(s.subscription),
      paymentId: idOf(s.payment_intent),
      invoiceId: idOf(s.invoice),
      amountTotal: s.amount_total ?? 0,
      currency: s.currency ?? 'usd',
      lineItems: (s.line_items?.data ?? []).map((l) => ({ priceId: l.price?.id ?? '', quantity: l.quantity ?? 1 })),
    };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    const s = await call(() => this.#stripe.subscriptions.retrieve(id));
    const item = s.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${id} has no items`);
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      userId: s.metadata?.user_id ?? null,
      checkoutId: s.metadata?.checkout_id ?? null,
      status: subscriptionStatus(s.status),
      priceId: item.price.id,
      currentPeriodStart: date(item.current_period_start)!,
      currentPeriodEnd: date(item.current_period_end)!,
      cancelAtPeriodEnd: s.cancel_at_period_end,
    };
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice> {
    const i = await call(() => this.#stripe.invoices.retrieve(id, { expand: ['payments'] }));
    // An upgrade's invoice also lists the old plan's unused time (a proration): the plan charged is the line that is not one.
    const line = i.lines.data.find((l) => l.pricing?.price_details?.price && !isProration(l)) ?? i.lines.data[0];
    const paid = i.payments?.data.find((p) => p.status === 'paid') ?? i.payments?.data[0];
    return {
      id: i.id!,
      subscriptionId: idOf(i.parent?.subscription_details?.subscription),
      customerId: idOf(i.customer),
      status: (i.status ?? 'draft') as ProviderInvoice['status'],
      amountPaid: i.amount_paid,
      amountDue: i.amount_due,
      currency: i.currency,
      priceId: idOf(line?.pricing?.price_details?.price),
      quantity: line?.quantity ?? 1,
      periodStart: date(line?.period.start),
      periodEnd: date(line?.period.end),
      paymentId: idOf(paid?.payment.payment_intent),
      billingReason: i.billing_reason ?? null,
    };
  }

  async retrieveCharge(id: string): Promise<ProviderCharge> {
    const c = await call(() => this.#stripe.charges.retrieve(id));
    return { id: c.id, paymentId: idOf(c.payment_intent), amount: c.amount, amountRefunded: c.amount_refunded, refunded: c.refunded };
  }

  async retrieveDispute(id: string): Promise<ProviderDispute> {
    const d = await call(() => this.#stripe.disputes.retrieve(id));
    return { id: d.id, paymentId: idOf(d.payment_intent), chargeId: idOf(d.charge), status: d.status };
  }

  async retrieveCardFingerprint(paymentId: string): Promise<string | null> {
    const intent = await call(() => this.#stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }));
    const method = intent.payment_method;
    return method && typeof method === 'object' ? (method.card?.fingerprint ?? null) : null;
  }

  async retrieveProduct(id: string): Promise<ProviderProduct> {
    const p = await call(() => this.#stripe.products.retrieve(id));
    return { id: p.id, name: p.name, description: p.description ?? '', active: p.active && !('deleted' in p && p.deleted), metadata: p.metadata ?? {} };
  }

  async retrievePrice(id: string): Promise<ProviderPrice> {
    const p = await call(() => this.#stripe.prices.retrieve(id));
    return {
      id: p.id,
      productId: idOf(p.product)!,
      active: p.active,
      currency: p.currency,
      unitAmount: p.unit_amount ?? 0,
      interval: p.recurring?.interval === 'year' ? 'year' : p.recurring ? 'month' : null,
      intervalCount: p.recurring?.interval_count ?? 1,
      metadata: p.metadata ?? {},
    };
  }

  async previewUpgrade(subscriptionId: string, priceId: string, at: Date): Promise<UpgradePreview> {
    const sub = await call(() => this.#stripe.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items`);
    const preview = await call(() =>
      this.#stripe.invoices.createPreview({
        customer: idOf(sub.customer)!,
        subscription: subscriptionId,
        subscription_details: { items: [{ id: item.id, price: priceId }], billing_cycle_anchor: { type: 'now' }, proration_behavior: 'always_invoice', proration_date: Math.floor(at.getTime() / 1000) },
      }),
    );
    const lines = preview.lines.data;
    return {
      fullPrice: lines.filter((l) => !isProration(l)).reduce((sum, l) => sum + l.amount, 0),
      unusedCredit: -lines.filter((l) => isProration(l) && l.amount < 0).reduce((sum, l) => sum + l.amount, 0),
      amountDue: preview.amount_due,
      // Stripe's customer balance is negative while it owes the customer: what is left of it after this invoice.
      carriedCredit: Math.max(0, -(preview.starting_balance + preview.total)),
      currency: preview.currency,
    };
  }

  async changeSubscriptionPrice(subscriptionId: string, priceId: string, timing: PlanChangeTiming, idempotencyKey: string, prorationDate: Date): Promise<void> {
    const sub = await call(() => this.#stripe.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items`);
    const params: Stripe.SubscriptionUpdateParams =
      timing === 'now'
        ? // A new period from now, paid at once; the unused part of the old one is credited as of the preview the buyer confirmed.
          {
            items: [{ id: item.id, price: priceId }],
            billing_cycle_anchor: { type: 'now' },
            proration_behavior: 'always_invoice',
            proration_date: Math.floor(prorationDate.getTime() / 1000),
            payment_behavior: 'error_if_incomplete',
          }
        : // The period paid for stays as it is; the next renewal charges the new price.
          { items: [{ id: item.id, price: priceId }], proration_behavior: 'none' };
    await call(() => this.#stripe.subscriptions.update(subscriptionId, params, { idempotencyKey }));
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await call(() => this.#stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
  }

  async cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<void> {
    try {
      await call(() => this.#stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false }, { idempotencyKey }));
    } catch (error) {
      // Stripe refuses to cancel what has ended already: that is the outcome asked for.
      if (!(error instanceof ProviderRequestError) || (await this.retrieveSubscription(subscriptionId)).status !== 'canceled') throw error;
    }
  }

  async expireCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession['status']> {
    try {
      const session = await call(() => this.#stripe.checkout.sessions.expire(sessionId));
      return (session.status ?? 'expired') as ProviderCheckoutSession['status'];
    } catch (error) {
      // Only an open session can be expired: one paid (or expired) meanwhile says so.
      if (!(error instanceof ProviderRequestError)) throw error;
      return (await this.retrieveCheckoutSession(sessionId)).status;
    }
  }

  async refundPayment(input: RefundInput): Promise<{ id: string }> {
    const refund = await call(() =>
      this.#stripe.refunds.create({ payment_intent: input.paymentId, amount: input.amount, reason: input.reason, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey }),
    );
    return { id: refund.id };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await call(() => this.#stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return { url: session.url };
  }
}

/** Stripe-Signature verification with the `stripe` library (the sandbox signs its events this way too, and checks them with this). */
export function verifyStripeSignature(rawBody: Buffer, signature: string | undefined, secret: string): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
  let event: { id: string; type: string; created: number; data: { object: { id?: string; object?: string } } };
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as typeof event;
  } catch (error) {
    throw new WebhookSignatureError(`The Stripe-Signature header does not match this payload: ${(error as Error).message.split('.')[0]}`);
  }
  const object = event.data?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof object?.id !== 'string') {
    throw new WebhookSignatureError('The event has no id, type or object id');
  }
  return { id: event.id, type: event.type, created: event.created, objectId: object.id, objectType: object.object ?? '', payload: event };
}
