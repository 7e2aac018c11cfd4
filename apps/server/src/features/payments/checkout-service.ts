import { priceNotFoundMessage, REFILLS_PER_PERIOD, type CheckoutSessionRequest, type PurchaseRequest } from '@crate/contract/checkout';
import type { CheckoutMode } from '@crate/contract/commerce-enums';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asCheckout } from '../../policies/checkout-policy.ts';
import { quotePurchase } from '../ownership/acquisition-service.ts';
import { fulfilCheckoutFromProvider, grantsAccess } from './fulfilment-service.ts';
import { money } from './payment-mail.ts';
import { ProviderRequestError, type SessionLine } from './payment-provider.ts';
import {
  countRefillsSince,
  expireOpenCheckout,
  findCheckout,
  findCheckoutByKey,
  findPricesWithProducts,
  findUser,
  hasPendingSubscriptionCheckout,
  insertCheckout,
  listOtherOpenCheckouts,
  listRefundsOfCheckout,
  listUserSubscriptions,
  updateCheckout,
  type CheckoutRow,
  type RefundRow,
} from './payment-repository.ts';

/** The provider gets this long inside the request; past it the client keeps waiting on GET (≤ 30 s in all). */
const PROVIDER_WAIT_MS = 20_000;

/**
 * A return URL must be a page of this site (no open redirect through checkout or the portal); a path is taken
 * as one. This site is PUBLIC_URL, or without it any loopback name of the listening port (the server opened at
 * 127.0.0.1 while its default PUBLIC_URL says localhost). A refusal names the address to use.
 */
export function ownPage(ctx: AppContext, value: string | undefined, field: 'success_url' | 'cancel_url' | 'return_url', fallback: string): string {
  const base = new URL(ctx.config.publicUrl);
  if (value === undefined) return new URL(fallback, base).toString();
  const refuse = () => new AppError('VALIDATION_FAILED', `${field} must be a page of this site (${base.origin})`, field);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw refuse();
  }
  if (url.origin !== base.origin && !ctx.config.siteOrigins.includes(url.origin)) throw refuse();
  return url.toString();
}

/** Which lines the request names, each checked against the catalogue and the buyer's plan (decision 0023). */
async function checkLines(ctx: AppContext, userId: string, mode: CheckoutMode, lines: { price: string; quantity: number }[]) {
  const found = await findPricesWithProducts(ctx.db, [...new Set(lines.map((l) => l.price))]);
  for (const line of lines) {
    const row = found.find((f) => f.price.id === line.price);
    if (!row) throw new AppError('NOT_FOUND', priceNotFoundMessage(line.price), 'price');
    if (!row.price.active || !row.product.active) throw new AppError('CONFLICT', `The price ${line.price} of ${row.product.name} is no longer on sale`, 'price');
    if (mode === 'subscription' && (row.product.kind !== 'subscription' || row.price.interval === null)) {
      throw new AppError('VALIDATION_FAILED', `${line.price} is a one-off price: buy it with mode "payment"`, 'mode');
    }
    if (mode === 'payment' && row.product.kind !== 'credits') throw new AppError('VALIDATION_FAILED', `${line.price} is a plan: subscribe with mode "subscription"`, 'mode');
  }
  const subs = await listUserSubscriptions(ctx.db, userId);
  const current = subs.find((s) => grantsAccess(s));
  if (mode === 'subscription') {
    if (lines.length !== 1 || lines[0]!.quantity !== 1) throw new AppError('VALIDATION_FAILED', 'A plan is bought one at a time: one price, quantity 1', 'quantity');
    if (current) throw new AppError('CONFLICT', 'You already have a plan. Change it from Pricing or your account instead of subscribing again.');
    if (await hasPendingSubscriptionCheckout(ctx.db, userId)) throw new AppError('CONFLICT', 'Your last plan payment is still pending. Wait for it to go through (we e-mail you) before subscribing again.');
  } else {
    if (!current) throw new AppError('CONFLICT', 'Refills are for subscribers: choose a plan first, then top up when you run low.');
    const wanted = lines.reduce((sum, l) => sum + l.quantity, 0);
    const used = await countRefillsSince(ctx.db, userId, current.currentPeriodStart);
    if (used + wanted > REFILLS_PER_PERIOD) {
      throw new AppError('CONFLICT', `You can buy ${REFILLS_PER_PERIOD} refills per plan period; ${Math.max(0, REFILLS_PER_PERIOD - used)} left until ${current.currentPeriodEnd.toISOString().slice(0, 10)}.`, 'quantity');
    }
  }
}

/** A retry must ask for what the first request asked for; a key reused for something else is a mistake. */
function sameRequest(earlier: CheckoutRow, mode: CheckoutMode, lines: { price: string; quantity: number }[]): CheckoutRow {
  const before = JSON.stringify((earlier.lineItems ?? []).map((l) => [l.price, l.quantity ?? 1]));
  if (earlier.mode !== mode || before !== JSON.stringify(lines.map((l) => [l.price, l.quantity]))) {
    throw new AppError('CONFLICT', 'This idempotency_key was used for another checkout; make a new key for a new request.', 'idempotency_key');
  }
  return earlier;
}

/**
 * POST /api/checkout-sessions: records the request (once per idempotency key), asks the provider for a
 * session and answers with the row — its id and URL, or the error the provider gave, so the client shows
 * it at once.
 */
export async function createCheckout(ctx: AppContext, userId: string, body: CheckoutSessionRequest & { mode: CheckoutMode }): Promise<CheckoutRow> {
  const lines = body.line_items ? body.line_items.map((l) => ({ price: l.price, quantity: l.quantity ?? 1 })) : [{ price: body.price!, quantity: body.quantity ?? 1 }];
  if (body.idempotency_key) {
    const earlier = await findCheckoutByKey(ctx.db, userId, body.idempotency_key);
    if (earlier) return sameRequest(earlier, body.mode, lines);
  }
  const successUrl = ownPage(ctx, body.success_url, 'success_url', '/pricing');
  const cancelUrl = ownPage(ctx, body.cancel_url, 'cancel_url', '/pricing');
  await checkLines(ctx, userId, body.mode, lines);
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound('The account');

  const inserted = await insertCheckout(ctx.db, {
    userId,
    provider: ctx.payments.kind,
    mode: body.mode,
    priceId: body.price ?? null,
    quantity: body.price ? (body.quantity ?? 1) : null,
    lineItems: lines,
    successUrl,
    cancelUrl,
    idempotencyKey: body.idempotency_key ?? null,
  });
  // Two requests with one key at once: the second answers with the first one's row.
  if (!inserted) return sameRequest((await findCheckoutByKey(ctx.db, userId, body.idempotency_key!))!, body.mode, lines);
  return openSession(ctx, inserted, user, lines.map((l) => ({ priceId: l.price, quantity: l.quantity })));
}

const PURCHASE_NAMES = { pack: 'Pack', bundle: 'Bundle' } as const;

/**
 * POST /api/purchases (decision 0047): a one-off checkout buying a published pack or an active bundle outright,
 * charging its money price pro rata for the sounds the buyer does not own yet (quotePurchase: the rule the credit
 * price follows) as one inline line. The row keeps what was quoted — the sounds and the amount — for fulfilment,
 * which grants those still to be granted and refunds the rest. The same key answers with the row made first.
 */
export async function createPurchaseCheckout(ctx: AppContext, userId: string, body: PurchaseRequest): Promise<CheckoutRow> {
  const earlier = await findCheckoutByKey(ctx.db, userId, body.idempotency_key);
  if (earlier) return samePurchase(earlier, body);
  const here = body.target === 'pack' ? `/pack/${body.id}` : `/bundle/${body.id}`;
  const successUrl = ownPage(ctx, body.success_url, 'success_url', here);
  const cancelUrl = ownPage(ctx, body.cancel_url, 'cancel_url', here);
  const quote = await quotePurchase(ctx.db, userId, body.target, body.id);
  // The amount the button showed is the amount charged (decision 0033's rule for credits).
  if (body.expected_amount !== undefined && body.expected_amount !== quote.amount) {
    throw new AppError('CONFLICT', `The price is now ${money(quote.amount, quote.currency)}, not ${money(body.expected_amount, quote.currency)}: look again before buying.`, 'expected_amount');
  }
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound('The account');
  const inserted = await insertCheckout(ctx.db, {
    userId,
    provider: ctx.payments.kind,
    mode: 'payment',
    lineItems: [],
    successUrl,
    cancelUrl,
    idempotencyKey: body.idempotency_key,
    purchase: { target: body.target, id: body.id, title: quote.title, amount: quote.amount, currency: quote.currency, items: quote.items },
  });
  if (!inserted) return samePurchase((await findCheckoutByKey(ctx.db, userId, body.idempotency_key))!, body);
  const count = quote.items.length;
  const name = `${PURCHASE_NAMES[body.target]} “${quote.title}” (${count} ${count === 1 ? 'sound' : 'sounds'})`;
  return openSession(ctx, inserted, user, [{ name, unitAmount: quote.amount, currency: quote.currency, quantity: 1 }]);
}

function samePurchase(earlier: CheckoutRow, body: PurchaseRequest): CheckoutRow {
  if (earlier.purchase?.target !== body.target || earlier.purchase.id !== body.id) {
    throw new AppError('CONFLICT', 'This idempotency_key was used for another checkout; make a new key for a new request.', 'idempotency_key');
  }
  return earlier;
}

/**
 * Asks the provider for the session of a recorded checkout and answers the row: its id and URL, or the error the
 * provider gave. A provider slower than PROVIDER_WAIT_MS leaves the row pending; it is filled in when the provider
 * answers and the client, polling GET, sees it then.
 */
async function openSession(ctx: AppContext, row: CheckoutRow, user: { email: string; customerId: string | null }, lineItems: SessionLine[]): Promise<CheckoutRow> {
  const creating = ctx.payments
    .createCheckoutSession({
      checkoutId: row.id,
      userId: row.userId,
      email: user.email,
      customerId: user.customerId,
      mode: row.mode,
      lineItems,
      successUrl: row.successUrl,
      cancelUrl: row.cancelUrl,
      idempotencyKey: `checkout:${row.id}`,
    })
    .then(
      async (session) => {
        await updateCheckout(ctx.db, row.id, { sessionId: session.id, url: session.url, status: 'open' });
        await expireOtherCheckouts(ctx, row);
      },
      (error: unknown) => {
        const known = error instanceof ProviderRequestError;
        if (!known) ctx.log.error({ err: error, checkout: row.id }, 'creating a checkout session failed');
        return updateCheckout(ctx.db, row.id, {
          status: 'error',
          errorCode: known ? error.code : 'provider_unavailable',
          errorMessage: known ? error.message : 'The payment provider did not answer. Nothing was charged; try again in a moment.',
        });
      },
    );
  await Promise.race([creating, new Promise((resolve) => setTimeout(resolve, PROVIDER_WAIT_MS).unref())]);
  return (await findCheckout(ctx.db, row.id))!;
}

/**
 * Opening a checkout closes the user's other open ones for the same purpose (a plan, a refill, the same pack or
 * bundle), at the provider too, so one click's worth is all that can be paid (decision 0033). A session paid
 * meanwhile stays paid: fulfilment checks its rules again. A provider that does not answer leaves the old one
 * open, and fulfilment again decides.
 */
async function expireOtherCheckouts(ctx: AppContext, row: CheckoutRow): Promise<void> {
  for (const other of await listOtherOpenCheckouts(ctx.db, row)) {
    try {
      const status = other.sessionId ? await ctx.payments.expireCheckoutSession(other.sessionId) : 'expired';
      if (status === 'expired') await expireOpenCheckout(ctx.db, other.id, 'You started another checkout, so this one was closed: only the latest can be paid.');
    } catch (error) {
      ctx.log.warn({ err: error, checkout: other.id }, 'closing an earlier open checkout failed');
    }
  }
}

/** How often one process asks the provider about one checkout for its return page (it polls every 2 s). */
const PROVIDER_LOOK_MS = 1500;
const lookedAt = new Map<string, number>();

/**
 * GET /api/checkout-sessions/:id — the caller's own only; anybody else's does not exist for them
 * (src/policies/checkout-policy.ts). While it is open or its payment pending, the provider is asked and a paid
 * session fulfilled here, through the webhook's own idempotent path: the credits do not wait for a late webhook
 * (decision 0033).
 */
export async function readCheckout(ctx: AppContext, viewer: Viewer, id: string): Promise<{ row: CheckoutRow; refunds: RefundRow[] }> {
  let row = authorize(viewer, 'read', /^[0-9a-f-]{36}$/i.test(id) ? await findCheckout(ctx.db, id) : null, asCheckout, 'The checkout session');
  if (row.sessionId && (row.status === 'open' || row.status === 'processing') && Date.now() - (lookedAt.get(row.id) ?? 0) >= PROVIDER_LOOK_MS) {
    lookedAt.set(row.id, Date.now());
    if (lookedAt.size > 10_000) lookedAt.delete(lookedAt.keys().next().value!);
    try {
      await fulfilCheckoutFromProvider(ctx, row.sessionId);
      row = (await findCheckout(ctx.db, id))!;
    } catch (error) {
      // The webhook will bring it: the page keeps polling meanwhile.
      ctx.log.warn({ err: error, checkout: row.id }, 'looking up a checkout at the provider failed');
    }
  }
  return { row, refunds: await listRefundsOfCheckout(ctx.db, row.id) };
}
