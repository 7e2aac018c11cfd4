import { z } from 'zod';
import {
  AUTOMATIC_REFUND_REASONS,
  AUTOMATIC_REFUND_STATUSES,
  CHECKOUT_MODES,
  CHECKOUT_STATUSES,
  PAYMENT_PROVIDERS,
  PRICE_INTERVALS,
  PURCHASE_TARGETS,
  RECEIPT_STATUSES,
  SUBSCRIPTION_STATUSES,
} from './commerce-enums.ts';
import { idempotencyKeySchema } from './commerce.ts';
import { isoInstant } from './dates.ts';

/**
 * Checkout (docs/product-overview.md §3 "Checkout session request/result", §5 validation, §8 errors,
 * §9 the 30 s wait) and the billing views of Account. docs/decisions/0023.
 */

/** How long the client waits for the session's id and URL (§9). */
export const CHECKOUT_SESSION_WAIT_MS = 30_000;

/** The client's messages (§8), word for word. */
export const CHECKOUT_MESSAGES = {
  unauthenticated: 'Failed to determine currently signed in user. User not signed in.',
  timeout: 'Timeout while waiting for session response.',
  queryFailed: 'Error while querying Firestore.',
} as const;

/** Not-found messages naming the ids, as the payments client words them (§8). */
export const productNotFoundMessage = (productId: string) => `No product found with the ID: ${productId}`;
export const priceNotFoundMessage = (priceId: string, productId?: string) =>
  productId ? `No price found with the product ID: ${productId} and price ID: ${priceId}` : `No price found with the ID: ${priceId}`;

/** Most units of one price in one checkout (refills); a subscription is always one. */
export const CHECKOUT_QUANTITY_MAX = 10;
export const CHECKOUT_LINE_ITEMS_MAX = 10;

const nonEmpty = (field: string) => z.string(`${field} must be a non-empty string`).min(1, `${field} must be a non-empty string`).max(2048, `${field} is at most 2048 characters`);
const quantitySchema = z
  .number('quantity must be a positive integer')
  .int('quantity must be a positive integer')
  .positive('quantity must be a positive integer')
  .max(CHECKOUT_QUANTITY_MAX, `quantity is at most ${CHECKOUT_QUANTITY_MAX}`);

export const checkoutLineItemSchema = z.strictObject({ price: nonEmpty('price').max(200, 'price is at most 200 characters'), quantity: quantitySchema.optional() });
export type CheckoutLineItem = z.infer<typeof checkoutLineItemSchema>;

/**
 * §3: `{price, quantity?}` or `{line_items}`; mode defaults to subscription; success and cancel URLs
 * default to the current page (the client fills them in; the server requires pages of this site).
 * `idempotency_key` (one per click) makes a retried request answer with the session it created first.
 */
export const checkoutSessionRequestSchema = z
  .strictObject({
    price: nonEmpty('price').max(200, 'price is at most 200 characters').optional(),
    quantity: quantitySchema.optional(),
    line_items: z
      .array(checkoutLineItemSchema, 'line_items must be a non-empty array')
      .min(1, 'line_items must be a non-empty array')
      .max(CHECKOUT_LINE_ITEMS_MAX, `line_items holds at most ${CHECKOUT_LINE_ITEMS_MAX} entries`)
      .optional(),
    mode: z.enum(CHECKOUT_MODES, 'mode must be subscription or payment').default('subscription'),
    success_url: nonEmpty('success_url').optional(),
    cancel_url: nonEmpty('cancel_url').optional(),
    idempotency_key: idempotencyKeySchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.price === undefined && value.line_items === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'price must be a non-empty string' });
    if (value.price !== undefined && value.line_items !== undefined) ctx.addIssue({ code: 'custom', path: ['line_items'], message: 'Give either price or line_items, not both' });
    if (value.quantity !== undefined && value.price === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity goes with price (put it inside line_items)' });
  });
export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequestSchema>;

/**
 * POST /api/purchases: buy a published pack or an active bundle outright for money (decision 0047) — a one-off
 * checkout charging its money price pro rata for the sounds the buyer does not own yet. The answer is the
 * checkout session, followed like any other (GET /api/checkout-sessions/{id}, then its URL).
 */
export const purchaseRequestSchema = z.strictObject({
  target: z.enum(PURCHASE_TARGETS, 'target must be pack or bundle'),
  id: z.uuid('id must be a pack or bundle id'),
  /** The amount the button showed, in minor units: a different price now answers 409 and opens nothing. */
  expected_amount: z
    .number('expected_amount must be a whole number of cents')
    .int('expected_amount must be a whole number of cents')
    .min(0, 'expected_amount must be a whole number of cents')
    .max(100_000_000, 'expected_amount is at most 100000000')
    .optional(),
  success_url: nonEmpty('success_url').optional(),
  cancel_url: nonEmpty('cancel_url').optional(),
  idempotency_key: idempotencyKeySchema,
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

/** §3 result: id and created_at, plus what the server fills in (session id and URL, or the error). */
export const checkoutSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  mode: z.enum(CHECKOUT_MODES),
  status: z.enum(CHECKOUT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's session id; null until the provider answered. */
  session_id: z.string().nullable(),
  /** Where the customer pays; null until the provider answered. */
  url: z.string().nullable(),
  /** What went wrong while creating or paying, recorded by the server; the client shows it at once. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  line_items: z.array(z.object({ price: z.string(), quantity: z.number().int() })),
  success_url: z.string(),
  cancel_url: z.string(),
  completed_at: z.string().nullable(),
  /** Paid, but (part of) it is being refunded because a money rule no longer held when it was paid (decision 0033). */
  notice: z.string().nullable(),
  /** A pack or bundle bought outright (decision 0047): what, and the amount charged for the sounds not owned yet. */
  purchase: z
    .object({ target: z.enum(PURCHASE_TARGETS), id: z.string(), title: z.string(), amount: z.number().int(), currency: z.string(), item_count: z.number().int() })
    .nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** Past due keeps the plan's roles this long after the first failed renewal (decision 0023). */
export const PAST_DUE_GRACE_DAYS = 7;
/** Refills per plan period (decision 0023). */
export const REFILLS_PER_PERIOD = 5;

export const billingPlanSchema = z.object({
  price_id: z.string(),
  product_id: z.string(),
  name: z.string(),
  interval: z.enum(PRICE_INTERVALS).nullable(),
  unit_amount: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const billingSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** The plan of the period paid for now. */
      plan: billingPlanSchema,
      /** The plan the next renewal charges, when a downgrade is scheduled. */
      renews_as: billingPlanSchema.nullable(),
      current_period_start: z.string(),
      current_period_end: z.string(),
      cancel_at_period_end: z.boolean(),
      /** Past due: the plan's roles last until then unless a payment goes through. */
      grace_ends_at: z.string().nullable(),
      /** Whether the plan's roles (subscriber, search) are on now. */
      grants_access: z.boolean(),
    })
    .nullable(),
  /** Stripe's Customer Portal is available (stripe provider and a customer on file). */
  portal: z.boolean(),
  /** Refunds Crate made by itself in the last 90 days (a second plan, refills past the limit), newest first (decision 0033). */
  refunds: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(AUTOMATIC_REFUND_REASONS),
      description: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.enum(AUTOMATIC_REFUND_STATUSES),
      created_at: z.string(),
    }),
  ),
  refills: z.object({ allowed: z.boolean(), reason: z.string().nullable(), used_this_period: z.number().int(), per_period: z.number().int() }),
});
export type Billing = z.infer<typeof billingSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  credits: z.number().int(),
  created_at: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** How old a plan change's preview may be when it is confirmed: its amounts are charged as of its time (decision 0073). */
export const PLAN_CHANGE_QUOTE_MAX_AGE_MS = 10 * 60 * 1000;

const planPriceSchema = nonEmpty('price').max(200, 'price is at most 200 characters');
export const changePlanSchema = z.strictObject({
  price: planPriceSchema,
  idempotency_key: idempotencyKeySchema,
  /** The `quoted_at` of the preview the person confirmed: an upgrade is prorated as of then (at most 10 minutes ago); absent: now. */
  quoted_at: isoInstant('quoted_at must be the quoted_at of a preview').optional(),
});
export const PLAN_CHANGES = ['upgraded', 'downgrade_scheduled', 'unchanged', 'downgrade_cancelled'] as const;
export const changePlanResultSchema = z.object({ change: z.enum(PLAN_CHANGES), billing: billingSchema });
export type ChangePlanResult = z.infer<typeof changePlanResultSchema>;

export const planChangePreviewQuerySchema = z.strictObject({ price: planPriceSchema });
/**
 * What choosing another plan would do, for the confirmation shown before it is done (decision 0073): when it takes
 * effect, what is charged then (an upgrade: the new price less the unused time of the current period, prorated to
 * the second) and when and for how much the plan renews after.
 */
export const planChangePreviewSchema = z.object({
  change: z.enum(PLAN_CHANGES),
  current: billingPlanSchema,
  plan: billingPlanSchema,
  /** When the change happens: now for an upgrade, the renewal for a downgrade. */
  effective_at: z.string(),
  /** Charged when it happens (an upgrade: now; otherwise nothing until the renewal below). */
  amount_due: z.number().int(),
  /** The new plan's price for its first period, and the unused time of the current one credited against it. */
  full_price: z.number().int(),
  unused_credit: z.number().int(),
  /** Credit beyond the amount due, taken off the next payments. */
  carried_credit: z.number().int(),
  currency: z.string(),
  /** Credits the change adds when it happens. */
  credits: z.number().int(),
  /** The renewal after the change: its date and price. */
  renews_at: z.string(),
  renewal_amount: z.number().int(),
  /** Send back as `quoted_at` with the change to be charged exactly these amounts. */
  quoted_at: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const portalRequestSchema = z.strictObject({ return_url: nonEmpty('return_url').optional() });
export const portalSchema = z.object({ url: z.string() });

/** Sandbox test clock: move a user's subscription to its next period. */
export const TEST_CLOCK_OUTCOMES = ['pay', 'fail'] as const;
export const testClockSchema = z.strictObject({
  user_id: z.string().min(1, 'user_id must be a non-empty string').max(64),
  /** pay: the renewal succeeds; fail: the card is declined (past due). Default: what the card on file does. */
  outcome: z.enum(TEST_CLOCK_OUTCOMES, 'outcome must be pay or fail').optional(),
});
export const testClockResultSchema = z.object({
  subscription_id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_start: z.string(),
  current_period_end: z.string(),
  events: z.array(z.string()),
});
export type TestClockResult = z.infer<typeof testClockResultSchema>;

/** The webhook answer: the event was stored (and processed, unless `duplicate` said it had been). */
export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const checkoutSessionParams = z.strictObject({ id: z.string().min(1).max(64) });
