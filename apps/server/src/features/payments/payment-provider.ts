import type { CheckoutMode, PaymentProvider as ProviderKind, SubscriptionStatus } from '@crate/contract/commerce-enums';
import type { UpgradeCharge } from './plan-proration.ts';

/**
 * What Crate needs from whoever takes the money (decision 0023). Two implementations: Stripe
 * (stripe-provider.ts) and the embedded sandbox, a plugin loaded only when it takes payments
 * (sandbox/sandbox-plugin.ts). Both send Stripe-shaped events signed with the Stripe-Signature scheme
 * (checked by stripe-provider.ts's verifyStripeSignature) to POST /api/payments/webhook, and fulfilment only ever trusts what
 * it re-reads through `retrieve…`, never the event's copy of an object.
 */

interface ProviderLineItem {
  priceId: string;
  quantity: number;
}

/**
 * What a new session charges, line by line: a price of the payments catalogue (plans, refills), or an amount
 * named inline — Stripe's `price_data` — for a pack or bundle bought outright (decision 0047).
 */
export type SessionLine = ProviderLineItem | { name: string; unitAmount: number; currency: string; quantity: 1 };
export const isCataloguePriceLine = (line: SessionLine): line is ProviderLineItem => 'priceId' in line;

export interface CreateSessionInput {
  /** Our checkout_sessions row: the provider echoes it as client_reference_id. */
  checkoutId: string;
  userId: string;
  email: string;
  /** The customer already on file for this user, if any. */
  customerId: string | null;
  mode: CheckoutMode;
  lineItems: SessionLine[];
  successUrl: string;
  cancelUrl: string;
  /** Passed on to the provider so a retried create makes one session. */
  idempotencyKey: string;
}

export interface ProviderCheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  mode: CheckoutMode;
  customerId: string | null;
  /** Our checkout_sessions id. */
  checkoutId: string | null;
  userId: string | null;
  subscriptionId: string | null;
  paymentId: string | null;
  /** Subscription mode: the first invoice, once the provider made it (its credits need not wait for invoice.paid). */
  invoiceId: string | null;
  amountTotal: number;
  currency: string;
  /** The catalogue prices it charges (refills); an inline line (a purchase) is known by our checkout row instead. */
  lineItems: ProviderLineItem[];
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  userId: string | null;
  /** Our checkout_sessions row it was bought through (metadata), when it was. */
  checkoutId: string | null;
  status: SubscriptionStatus;
  priceId: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amountPaid: number;
  amountDue: number;
  currency: string;
  /** The subscription price this invoice charges for, and the period it covers. */
  priceId: string | null;
  quantity: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  paymentId: string | null;
  billingReason: string | null;
}

export interface ProviderCharge {
  id: string;
  paymentId: string | null;
  amount: number;
  amountRefunded: number;
  refunded: boolean;
}

export interface ProviderDispute {
  id: string;
  paymentId: string | null;
  chargeId: string | null;
  status: string;
}

export interface ProviderProduct {
  id: string;
  name: string;
  description: string;
  active: boolean;
  metadata: Record<string, string>;
}

export interface ProviderPrice {
  id: string;
  productId: string;
  active: boolean;
  currency: string;
  unitAmount: number;
  interval: 'month' | 'year' | null;
  intervalCount: number;
  metadata: Record<string, string>;
}

/** The parts of a verified event fulfilment looks at: which object, which kind of change. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  objectId: string;
  objectType: string;
  payload: unknown;
}

export type PlanChangeTiming = 'now' | 'at_renewal';

/** What an upgrade charges now (decision 0073), in the subscription's currency. */
export interface UpgradePreview extends UpgradeCharge {
  currency: string;
}

/** Money given back on a payment Crate took (decision 0033): all of it or part (refills past the limit). */
export interface RefundInput {
  paymentId: string;
  amount: number;
  /** Stripe's refund reasons: a second plan is a duplicate; refills Crate cannot honour are given back as asked for. */
  reason: 'duplicate' | 'requested_by_customer';
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  createCheckoutSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
  /** Checks the Stripe-Signature header against the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  retrieveInvoice(id: string): Promise<ProviderInvoice>;
  retrieveCharge(id: string): Promise<ProviderCharge>;
  retrieveDispute(id: string): Promise<ProviderDispute>;
  /** The fingerprint of the card a payment was made with (the same card gives the same one), when it was a card. */
  retrieveCardFingerprint(paymentId: string): Promise<string | null>;
  retrieveProduct(id: string): Promise<ProviderProduct>;
  retrievePrice(id: string): Promise<ProviderPrice>;
  /**
   * What moving the subscription to another price `now` would charge, prorated as of `at` (decision 0073):
   * Stripe's invoice preview, the sandbox's same arithmetic.
   */
  previewUpgrade(subscriptionId: string, priceId: string, at: Date): Promise<UpgradePreview>;
  /**
   * Moves the subscription to another price. `now`: a new period starts at once and is charged, the unused
   * part of the old one credited as of `prorationDate` (the preview's time, so the charge is the amount shown);
   * `at_renewal`: the current period stays as paid and the next renewal charges the new price.
   */
  changeSubscriptionPrice(subscriptionId: string, priceId: string, timing: PlanChangeTiming, idempotencyKey: string, prorationDate: Date): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription now, with no final invoice and no proration (a duplicate plan, decision 0033). Ending an ended one is a no-op. */
  cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /** Closes a session that is still open so it can no longer be paid; answers its status after (a session paid meanwhile stays complete). */
  expireCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession['status']>;
  /** Gives money back on a payment; answers the provider's refund id. The same key gives one refund however often it is asked. */
  refundPayment(input: RefundInput): Promise<{ id: string }>;
  /** Stripe's Customer Portal; null when the provider has none. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  /**
   * The sandbox's test clock (Stripe has its own, in its dashboard): moves a subscription to its next
   * period and answers it with the ids of the events that made. Absent on a provider without one.
   */
  advanceTestClock?(subscriptionId: string, outcome?: 'pay' | 'fail'): Promise<{ subscription: ProviderSubscription; events: string[] }>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider said no (a card declined, a bad request): the message is safe to show the customer. */
export class ProviderRequestError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ProviderRequestError';
    this.code = code;
  }
}
