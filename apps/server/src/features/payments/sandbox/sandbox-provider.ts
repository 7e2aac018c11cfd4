import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { DbOrTx, Db } from '../../../db/client.ts';
import { paymentPrices, paymentProducts, sandboxObjects } from '../../../db/schema/index.ts';
import type { AppJobQueue } from '../../../jobs/job-catalogue.ts';
import {
  isCataloguePriceLine,
  ProviderRequestError,
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
  type SessionLine,
  type UpgradePreview,
} from '../payment-provider.ts';
import { chargeAfterCredit, upgradeCharge } from '../plan-proration.ts';
import { verifyStripeSignature } from '../stripe-provider.ts';

/**
 * The embedded payment provider (decision 0023): a hosted card checkout served by Crate itself
 * (sandbox-routes.ts), its own state in `sandbox_objects`, and Stripe-shaped events signed with the
 * Stripe-Signature scheme, queued (`sandbox-webhook` job) and POSTed to Crate's own webhook endpoint,
 * retried until it answers 2xx — the same path Stripe's events take.
 */

/** The sandbox's test cards (spaces ignored). */
export const SANDBOX_CARDS = {
  '4242424242424242': { outcome: 'succeeds', label: 'Succeeds' },
  '4000000000000341': { outcome: 'renewals_fail', label: 'Succeeds now; renewals are declined' },
  '4000000000000002': { outcome: 'declined', label: 'Declined' },
  '4000000000000101': { outcome: 'pending_succeeds', label: 'Pending, then succeeds' },
  '4000000000000119': { outcome: 'pending_fails', label: 'Pending, then fails' },
} as const;

type Stored<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export interface SandboxSession extends Omit<Stored<ProviderCheckoutSession>, 'lineItems'> {
  /** What the page lists and charges: catalogue prices, or an amount named inline (a purchase, decision 0047). */
  lineItems: SessionLine[];
  url: string;
  successUrl: string;
  cancelUrl: string;
  email: string;
  /** What the customer last tried, for the page to say. */
  lastError: string | null;
  expiresAt: string;
  /** The card paid with (a pending payment charges it when it settles). */
  cardFingerprint?: string | null;
}
export interface SandboxSubscription extends Stored<ProviderSubscription> {
  /** Whether renewals are charged successfully (the card used at checkout). */
  renewals: 'pay' | 'fail';
  /** The card used at checkout, which renewals charge (its fingerprint). */
  cardFingerprint?: string | null;
  /** What the current period was paid for at its price (the unused part of it is credited on an upgrade). */
  paidForPeriod?: number;
  /** Credit the customer is owed (an upgrade's unused time beyond its price), taken off the next invoices as Stripe's customer balance is. */
  creditBalance?: number;
}

/** A charge and the card it was made with. */
interface SandboxCharge extends ProviderCharge {
  cardFingerprint?: string | null;
}

/** Like Stripe's: one card number, one fingerprint, whoever pays with it. */
const cardFingerprintOf = (cardNumber: string) => `fp_${createHash('sha256').update(cardNumber).digest('hex').slice(0, 16)}`;
export type SandboxInvoice = Stored<ProviderInvoice>;

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface SandboxOptions {
  db: Db;
  jobs: () => AppJobQueue;
  publicUrl: string;
  webhookSecret: string;
  /** How long a pending card payment stays pending before it settles. */
  pendingMs: number;
  /** Where events are POSTed: Crate's own webhook endpoint. */
  webhookUrl: string;
}

/** Sends one signed event and answers the HTTP status (a test app swaps in `app.inject`). */
export type WebhookTransport = (body: string, signature: string) => Promise<number>;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('base64url')}`;

function addInterval(from: Date, interval: 'month' | 'year' | null, count: number): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + count);
  else next.setUTCMonth(next.getUTCMonth() + count);
  return next;
}

export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly #o: SandboxOptions;

  /** How events reach the webhook endpoint: an HTTP POST, unless replaced (tests use the app in-process). */
  transport: WebhookTransport;

  constructor(options: SandboxOptions) {
    this.#o = options;
    this.transport = async (body, signature) => {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'Crate-Sandbox/1.0' },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      return response.status;
    };
  }

  /** Delivers a stored event (the `sandbox-webhook` job); throws on anything but 2xx so the job retries. */
  async deliver(eventId: string): Promise<void> {
    const { body, signature } = await this.signedDelivery(eventId);
    const status = await this.transport(body, signature);
    if (status < 200 || status > 299) throw new Error(`The webhook endpoint answered ${status} to ${eventId}`);
  }

  get webhookSecret(): string {
    return this.#o.webhookSecret;
  }

  // ── objects ──
  async #get<T>(db: DbOrTx, type: string, id: string, lock = false): Promise<T> {
    const query = db.select({ data: sandboxObjects.data }).from(sandboxObjects).where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.type, type)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new ProviderRequestError('resource_missing', `No such ${type}: '${id}'`);
    return row.data as T;
  }

  async #put(db: DbOrTx, type: string, id: string, data: object): Promise<void> {
    await db
      .insert(sandboxObjects)
      .values({ id, type, data: data as Record<string, unknown> })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: data as Record<string, unknown>, updatedAt: sql`now()` } });
  }

  /** Records an event and queues its delivery, in the caller's transaction. */
  async #emit(tx: DbOrTx, type: string, object: { id: string; object: string }): Promise<string> {
    const id = newId('evt');
    const event = { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
    await this.#put(tx, 'event', id, event);
    await this.#o.jobs().enqueue('sandbox-webhook', { eventId: id }, { tx });
    return id;
  }

  async #price(db: DbOrTx, priceId: string) {
    const [row] = await db.select().from(paymentPrices).where(eq(paymentPrices.id, priceId));
    if (!row) throw new ProviderRequestError('resource_missing', `No such price: '${priceId}'`);
    return row;
  }

  // ── PaymentProvider ──
  async createCheckoutSession(input: CreateSessionInput): Promise<{ id: string; url: string }> {
    const priceIds = input.lineItems.filter(isCataloguePriceLine).map((l) => l.priceId);
    const prices = priceIds.length > 0 ? await this.#o.db.select().from(paymentPrices).where(inArray(paymentPrices.id, priceIds)) : [];
    const unitAmount = (line: SessionLine) => (isCataloguePriceLine(line) ? (prices.find((p) => p.id === line.priceId)?.unitAmount ?? 0) : line.unitAmount);
    const amountTotal = input.lineItems.reduce((sum, line) => sum + unitAmount(line) * line.quantity, 0);
    const first = input.lineItems[0];
    const existing = await this.#o.db.select({ data: sandboxObjects.data }).from(sandboxObjects).where(and(eq(sandboxObjects.type, 'idempotency'), eq(sandboxObjects.id, `idem_${input.idempotencyKey}`)));
    if (existing[0]) return existing[0].data as { id: string; url: string };
    const id = newId('cs');
    const url = `${this.#o.publicUrl}/sandbox/checkout/${id}`;
    const session: SandboxSession = {
      id,
      status: 'open',
      paymentStatus: 'unpaid',
      mode: input.mode,
      customerId: input.customerId ?? newId('cus'),
      checkoutId: input.checkoutId,
      userId: input.userId,
      subscriptionId: null,
      paymentId: null,
      invoiceId: null,
      amountTotal,
      currency: (first && !isCataloguePriceLine(first) ? first.currency : prices[0]?.currency) ?? 'usd',
      lineItems: input.lineItems,
      url,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      email: input.email,
      lastError: null,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS).toISOString(),
    };
    await this.#o.db.transaction(async (tx) => {
      await this.#put(tx, 'checkout.session', id, session);
      await this.#put(tx, 'idempotency', `idem_${input.idempotencyKey}`, { id, url });
      // Like Stripe's, an unpaid session expires after 24 hours (checkout.session.expired).
      await this.#o.jobs().enqueue('sandbox-settle', { sessionId: id, outcome: 'expires' }, { tx, runAt: new Date(session.expiresAt) });
    });
    return { id, url };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    return verifyStripeSignature(rawBody, signature, this.#o.webhookSecret);
  }

  /** The signed request the sandbox sends for a stored event. */
  async signedDelivery(eventId: string): Promise<{ body: string; signature: string }> {
    const event = await this.#get<object>(this.#o.db, 'event', eventId);
    const body = JSON.stringify(event);
    return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: this.#o.webhookSecret }) };
  }

  async session(id: string): Promise<SandboxSession> {
    return this.#get<SandboxSession>(this.#o.db, 'checkout.session', id);
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession> {
    const s = await this.session(id);
    return { ...s, lineItems: s.lineItems.filter(isCataloguePriceLine) };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    const s = await this.#get<SandboxSubscription>(this.#o.db, 'subscription', id);
    return { ...s, checkoutId: s.checkoutId ?? null, currentPeriodStart: new Date(s.currentPeriodStart), currentPeriodEnd: new Date(s.currentPeriodEnd) };
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice> {
    const i = await this.#get<SandboxInvoice>(this.#o.db, 'invoice', id);
    return { ...i, periodStart: i.periodStart ? new Date(i.periodStart) : null, periodEnd: i.periodEnd ? new Date(i.periodEnd) : null };
  }

  async retrieveCharge(id: string): Promise<ProviderCharge> {
    return this.#get<ProviderCharge>(this.#o.db, 'charge', id);
  }

  async retrieveDispute(id: string): Promise<ProviderDispute> {
    return this.#get<ProviderDispute>(this.#o.db, 'dispute', id);
  }

  async retrieveCardFingerprint(paymentId: string): Promise<string | null> {
    const { chargeId } = await this.#get<{ chargeId: string }>(this.#o.db, 'charge_by_payment', `cbp_${paymentId}`);
    return (await this.#get<SandboxCharge>(this.#o.db, 'charge', chargeId)).cardFingerprint ?? null;
  }

  async retrieveProduct(id: string): Promise<ProviderProduct> {
    const [row] = await this.#o.db.select().from(paymentProducts).where(eq(paymentProducts.id, id));
    if (!row) throw new ProviderRequestError('resource_missing', `No such product: '${id}'`);
    return { id: row.id, name: row.name, description: row.description, active: row.active, metadata: row.metadata };
  }

  async retrievePrice(id: string): Promise<ProviderPrice> {
    const row = await this.#price(this.#o.db, id);
    return { id: row.id, productId: row.productId, active: row.active, currency: row.currency, unitAmount: row.unitAmount, interval: row.interval, intervalCount: row.intervalCount, metadata: {} };
  }

  async previewUpgrade(subscriptionId: string, priceId: string, at: Date): Promise<UpgradePreview> {
    const sub = await this.#get<SandboxSubscription>(this.#o.db, 'subscription', subscriptionId);
    const price = await this.#price(this.#o.db, priceId);
    return { ...(await this.#upgradeCharge(this.#o.db, sub, price.unitAmount, at)), currency: price.currency };
  }

  /** Stripe's proration of an upgrade as of `at` (plan-proration.ts), on what the current period was paid for. */
  async #upgradeCharge(db: DbOrTx, sub: SandboxSubscription, newPrice: number, at: Date) {
    const paidForPeriod = sub.paidForPeriod ?? (await this.#price(db, sub.priceId)).unitAmount;
    return upgradeCharge({ paidForPeriod, periodStart: new Date(sub.currentPeriodStart), periodEnd: new Date(sub.currentPeriodEnd), at, newPrice, balance: sub.creditBalance ?? 0 });
  }

  async changeSubscriptionPrice(subscriptionId: string, priceId: string, timing: PlanChangeTiming, _idempotencyKey: string, prorationDate: Date): Promise<void> {
    await this.#o.db.transaction(async (tx) => {
      const sub = await this.#get<SandboxSubscription>(tx, 'subscription', subscriptionId, true);
      const price = await this.#price(tx, priceId);
      if (timing === 'at_renewal') {
        // As Stripe without proration: the period paid for stays; the next renewal charges the new price.
        await this.#put(tx, 'subscription', sub.id, { ...sub, priceId: price.id });
      } else {
        // As Stripe with billing_cycle_anchor now and always_invoice: a new period from now, the unused time credited.
        const { unusedCredit } = await this.#upgradeCharge(tx, sub, price.unitAmount, prorationDate);
        const now = new Date();
        const next: SandboxSubscription = { ...sub, priceId, currentPeriodStart: now.toISOString(), currentPeriodEnd: addInterval(now, price.interval, price.intervalCount).toISOString() };
        await this.#put(tx, 'subscription', sub.id, next);
        await this.#invoice(tx, next, 'subscription_update', 'pay', undefined, undefined, unusedCredit);
      }
      await this.#emit(tx, 'customer.subscription.updated', { id: sub.id, object: 'subscription' });
    });
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.#o.db.transaction(async (tx) => {
      const sub = await this.#get<SandboxSubscription>(tx, 'subscription', subscriptionId, true);
      await this.#put(tx, 'subscription', sub.id, { ...sub, cancelAtPeriodEnd: cancel });
      await this.#emit(tx, 'customer.subscription.updated', { id: sub.id, object: 'subscription' });
    });
  }

  async createPortalSession(): Promise<null> {
    return null;
  }

  async cancelSubscriptionNow(subscriptionId: string): Promise<void> {
    await this.#o.db.transaction(async (tx) => {
      const sub = await this.#get<SandboxSubscription>(tx, 'subscription', subscriptionId, true);
      if (sub.status === 'canceled') return;
      await this.#put(tx, 'subscription', sub.id, { ...sub, status: 'canceled' });
      await this.#emit(tx, 'customer.subscription.deleted', { id: sub.id, object: 'subscription' });
    });
  }

  async expireCheckoutSession(sessionId: string): Promise<SandboxSession['status']> {
    return this.#o.db.transaction(async (tx) => {
      const s = await this.#get<SandboxSession>(tx, 'checkout.session', sessionId, true);
      if (s.status !== 'open') return s.status;
      await this.#put(tx, 'checkout.session', s.id, { ...s, status: 'expired', expiresAt: new Date().toISOString() });
      await this.#emit(tx, 'checkout.session.expired', { id: s.id, object: 'checkout.session' });
      return 'expired' as const;
    });
  }

  /** Refunds part or all of a payment (charge.refunded), once per idempotency key, never past what was charged. */
  async refundPayment(input: Pick<RefundInput, 'paymentId' | 'amount' | 'idempotencyKey'>): Promise<{ id: string }> {
    return this.#o.db.transaction(async (tx) => {
      const key = `idem_refund_${input.idempotencyKey}`;
      const [earlier] = await tx.select({ data: sandboxObjects.data }).from(sandboxObjects).where(and(eq(sandboxObjects.type, 'idempotency'), eq(sandboxObjects.id, key)));
      if (earlier) return earlier.data as { id: string };
      const { chargeId } = await this.#get<{ chargeId: string }>(tx, 'charge_by_payment', `cbp_${input.paymentId}`);
      const charge = await this.#get<ProviderCharge>(tx, 'charge', chargeId, true);
      if (!Number.isInteger(input.amount) || input.amount <= 0 || charge.amountRefunded + input.amount > charge.amount) {
        throw new ProviderRequestError('amount_too_large', `Refund amount (${input.amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amountRefunded})`);
      }
      const refunded = charge.amountRefunded + input.amount;
      await this.#put(tx, 'charge', charge.id, { ...charge, amountRefunded: refunded, refunded: refunded >= charge.amount });
      const refund = { id: newId('re'), chargeId: charge.id, paymentId: input.paymentId, amount: input.amount };
      await this.#put(tx, 'refund', refund.id, refund);
      await this.#put(tx, 'idempotency', key, { id: refund.id });
      await this.#emit(tx, 'charge.refunded', { id: charge.id, object: 'charge' });
      return { id: refund.id };
    });
  }

  // ── the hosted page's actions ──

  /** The customer submits a card on the hosted page. Returns where to send them next, or the error to show. */
  async pay(sessionId: string, cardNumber: string): Promise<{ redirect: string } | { error: string }> {
    const number = cardNumber.replace(/[\s-]/g, '');
    const card = SANDBOX_CARDS[number as keyof typeof SANDBOX_CARDS];
    const cardFingerprint = cardFingerprintOf(number);
    return this.#o.db.transaction(async (tx) => {
      const s = await this.#get<SandboxSession>(tx, 'checkout.session', sessionId, true);
      // A second submission of the form (a double click, a resent POST) lands where the first one did.
      if (s.status === 'complete') return { redirect: successRedirect(s) };
      if (s.status !== 'open') return { error: 'This checkout has expired. Start again from Crate.' };
      if (new Date(s.expiresAt) <= new Date()) {
        await this.#put(tx, 'checkout.session', s.id, { ...s, status: 'expired' });
        await this.#emit(tx, 'checkout.session.expired', { id: s.id, object: 'checkout.session' });
        return { error: 'This checkout has expired. Start again from Crate.' };
      }
      if (!card) {
        await this.#put(tx, 'checkout.session', s.id, { ...s, lastError: 'Use one of the sandbox test cards listed on this page.' });
        return { error: 'Your card number is not a sandbox test card. Use one of the cards listed on this page.' };
      }
      if (card.outcome === 'declined') {
        await this.#put(tx, 'checkout.session', s.id, { ...s, lastError: 'Your card was declined.' });
        return { error: 'Your card was declined. Nothing was charged; try another card.' };
      }
      const pending = card.outcome === 'pending_succeeds' || card.outcome === 'pending_fails';
      const paymentId = newId('pi');
      let subscriptionId: string | null = null;
      let invoiceId: string | null = null;
      if (s.mode === 'subscription') {
        const line = s.lineItems.filter(isCataloguePriceLine)[0]!;
        const price = await this.#price(tx, line.priceId);
        const now = new Date();
        subscriptionId = newId('sub');
        const sub: SandboxSubscription = {
          id: subscriptionId,
          customerId: s.customerId!,
          userId: s.userId,
          checkoutId: s.checkoutId,
          status: pending ? 'incomplete' : 'active',
          priceId: line.priceId,
          currentPeriodStart: now.toISOString(),
          currentPeriodEnd: addInterval(now, price.interval, price.intervalCount).toISOString(),
          cancelAtPeriodEnd: false,
          renewals: card.outcome === 'renewals_fail' ? 'fail' : 'pay',
          cardFingerprint,
        };
        await this.#put(tx, 'subscription', sub.id, sub);
        await this.#emit(tx, 'customer.subscription.created', { id: sub.id, object: 'subscription' });
        if (!pending) invoiceId = (await this.#invoice(tx, sub, 'subscription_create', 'pay', paymentId)).id;
      } else if (!pending) {
        await this.#charge(tx, paymentId, s.amountTotal, cardFingerprint);
      }
      const done: SandboxSession = { ...s, status: 'complete', paymentStatus: pending ? 'unpaid' : 'paid', subscriptionId, paymentId, invoiceId, lastError: null, cardFingerprint };
      await this.#put(tx, 'checkout.session', s.id, done);
      await this.#emit(tx, 'checkout.session.completed', { id: s.id, object: 'checkout.session' });
      if (pending) {
        await this.#o.jobs().enqueue('sandbox-settle', { sessionId: s.id, outcome: card.outcome === 'pending_succeeds' ? 'succeeds' : 'fails' }, { tx, runAt: new Date(Date.now() + this.#o.pendingMs) });
      }
      return { redirect: successRedirect(done) };
    });
  }

  /** The customer leaves the hosted page without paying. */
  async cancelUrl(sessionId: string): Promise<string> {
    const s = await this.session(sessionId);
    const join = s.cancelUrl.includes('?') ? '&' : '?';
    return `${s.cancelUrl}${join}checkout=${encodeURIComponent(s.checkoutId ?? '')}&checkout_cancelled=1`;
  }

  /** A pending payment settles, or an unpaid session expires (the `sandbox-settle` job). */
  async settle(sessionId: string, outcome: 'succeeds' | 'fails' | 'expires'): Promise<void> {
    await this.#o.db.transaction(async (tx) => {
      const s = await this.#get<SandboxSession>(tx, 'checkout.session', sessionId, true);
      if (outcome === 'expires') {
        if (s.status !== 'open') return;
        await this.#put(tx, 'checkout.session', s.id, { ...s, status: 'expired', expiresAt: new Date().toISOString() });
        await this.#emit(tx, 'checkout.session.expired', { id: s.id, object: 'checkout.session' });
        return;
      }
      if (s.status !== 'complete' || s.paymentStatus !== 'unpaid') return;
      if (outcome === 'succeeds') {
        if (s.subscriptionId) {
          const sub = await this.#get<SandboxSubscription>(tx, 'subscription', s.subscriptionId, true);
          const active: SandboxSubscription = { ...sub, status: 'active' };
          await this.#put(tx, 'subscription', sub.id, active);
          const invoice = await this.#invoice(tx, active, 'subscription_create', 'pay', s.paymentId!);
          await this.#put(tx, 'checkout.session', s.id, { ...s, paymentStatus: 'paid', invoiceId: invoice.id });
          await this.#emit(tx, 'customer.subscription.updated', { id: sub.id, object: 'subscription' });
        } else {
          await this.#put(tx, 'checkout.session', s.id, { ...s, paymentStatus: 'paid' });
          await this.#charge(tx, s.paymentId!, s.amountTotal, s.cardFingerprint ?? null);
        }
        await this.#emit(tx, 'checkout.session.async_payment_succeeded', { id: s.id, object: 'checkout.session' });
      } else {
        if (s.subscriptionId) {
          const sub = await this.#get<SandboxSubscription>(tx, 'subscription', s.subscriptionId, true);
          await this.#put(tx, 'subscription', sub.id, { ...sub, status: 'canceled' });
          await this.#emit(tx, 'customer.subscription.deleted', { id: sub.id, object: 'subscription' });
        }
        await this.#emit(tx, 'checkout.session.async_payment_failed', { id: s.id, object: 'checkout.session' });
      }
    });
  }

  async #charge(tx: DbOrTx, paymentId: string, amount: number, cardFingerprint: string | null): Promise<ProviderCharge> {
    const charge: SandboxCharge = { id: `ch${paymentId.slice(2)}`, paymentId, amount, amountRefunded: 0, refunded: false, cardFingerprint };
    await this.#put(tx, 'charge', charge.id, charge);
    await this.#put(tx, 'charge_by_payment', `cbp_${paymentId}`, { chargeId: charge.id });
    return charge;
  }

  /**
   * Bills the subscription's current period: paid (invoice.paid) or declined (invoice.payment_failed). The price is
   * charged less `unusedCredit` (an upgrade's proration) and the credit the customer carries; a paid invoice uses
   * that credit up and carries what is left over, and charges the card only when something is due (as Stripe).
   */
  async #invoice(tx: DbOrTx, sub: SandboxSubscription, billingReason: string, outcome: 'pay' | 'fail', paymentId = newId('pi'), events?: string[], unusedCredit = 0): Promise<SandboxInvoice> {
    const price = await this.#price(tx, sub.priceId);
    const paid = outcome === 'pay';
    const { amountDue, carriedCredit } = chargeAfterCredit(price.unitAmount, unusedCredit + (sub.creditBalance ?? 0));
    const charged = paid && amountDue > 0;
    const invoice: SandboxInvoice = {
      id: newId('in'),
      subscriptionId: sub.id,
      customerId: sub.customerId,
      status: paid ? 'paid' : 'open',
      amountPaid: paid ? amountDue : 0,
      amountDue,
      currency: price.currency,
      priceId: sub.priceId,
      quantity: 1,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      paymentId: charged ? paymentId : null,
      billingReason,
    };
    await this.#put(tx, 'invoice', invoice.id, invoice);
    if (paid) await this.#put(tx, 'subscription', sub.id, { ...sub, paidForPeriod: price.unitAmount, creditBalance: carriedCredit });
    if (charged) await this.#charge(tx, paymentId, amountDue, sub.cardFingerprint ?? null);
    const eventId = await this.#emit(tx, paid ? 'invoice.paid' : 'invoice.payment_failed', { id: invoice.id, object: 'invoice' });
    events?.push(eventId);
    return invoice;
  }

  /**
   * The test clock: moves one subscription to its next period. A subscription set to cancel ends
   * (deleted); otherwise the renewal is billed — paid, or declined (past due) when `outcome` or the card
   * says so; a past-due subscription whose retry fails again past the grace period is canceled.
   */
  async advanceTestClock(subscriptionId: string, outcome?: 'pay' | 'fail'): Promise<{ subscription: ProviderSubscription; events: string[] }> {
    const events: string[] = [];
    await this.#o.db.transaction(async (tx) => {
      const sub = await this.#get<SandboxSubscription>(tx, 'subscription', subscriptionId, true);
      if (sub.status === 'canceled' || sub.status === 'incomplete') throw new ProviderRequestError('subscription_inactive', `The subscription is ${sub.status}; there is no next period`);
      if (sub.cancelAtPeriodEnd) {
        await this.#put(tx, 'subscription', sub.id, { ...sub, status: 'canceled', currentPeriodStart: sub.currentPeriodStart });
        events.push(await this.#emit(tx, 'customer.subscription.deleted', { id: sub.id, object: 'subscription' }));
        return;
      }
      const priceId = sub.priceId;
      const price = await this.#price(tx, priceId);
      const start = new Date(sub.currentPeriodEnd);
      const willPay = (outcome ?? sub.renewals) === 'pay';
      const next: SandboxSubscription = {
        ...sub,
        status: willPay ? 'active' : sub.status === 'past_due' ? 'canceled' : 'past_due',
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: addInterval(start, price.interval, price.intervalCount).toISOString(),
      };
      await this.#put(tx, 'subscription', sub.id, next);
      await this.#invoice(tx, next, 'subscription_cycle', willPay ? 'pay' : 'fail', undefined, events);
      events.push(await this.#emit(tx, next.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', { id: sub.id, object: 'subscription' }));
    });
    return { subscription: await this.retrieveSubscription(subscriptionId), events };
  }

  /** Refunds what is left of a payment (charge.refunded), as a dashboard refund would. */
  async refund(paymentId: string): Promise<void> {
    const { chargeId } = await this.#get<{ chargeId: string }>(this.#o.db, 'charge_by_payment', `cbp_${paymentId}`);
    const charge = await this.#get<ProviderCharge>(this.#o.db, 'charge', chargeId);
    await this.refundPayment({ paymentId, amount: charge.amount - charge.amountRefunded, idempotencyKey: newId('dashboard') });
  }

  /** Opens a dispute on a payment (charge.dispute.created). */
  async dispute(paymentId: string): Promise<void> {
    await this.#o.db.transaction(async (tx) => {
      const { chargeId } = await this.#get<{ chargeId: string }>(tx, 'charge_by_payment', `cbp_${paymentId}`);
      const dispute: ProviderDispute = { id: newId('dp'), paymentId, chargeId, status: 'needs_response' };
      await this.#put(tx, 'dispute', dispute.id, dispute);
      await this.#emit(tx, 'charge.dispute.created', { id: dispute.id, object: 'dispute' });
    });
  }
}

/** Where the hosted page sends the customer once paid: the success URL, naming our checkout. */
function successRedirect(s: SandboxSession): string {
  const join = s.successUrl.includes('?') ? '&' : '?';
  return `${s.successUrl}${join}checkout=${encodeURIComponent(s.checkoutId ?? '')}`;
}
