/** Commerce: the payments catalogue, checkout, subscriptions, the credit ledger and what users own and download. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  AUTOMATIC_REFUND_REASONS,
  AUTOMATIC_REFUND_STATUSES,
  CHECKOUT_MODES,
  CHECKOUT_STATUSES,
  CREDIT_ENTRY_KINDS,
  OWNERSHIP_SOURCES,
  PAYMENT_PRODUCT_KINDS,
  PAYMENT_PROVIDERS,
  PRICE_INTERVALS,
  RECEIPT_STATUSES,
  type PurchaseTarget,
  SUBSCRIPTION_STATUSES,
} from '@crate/contract/commerce-enums';
import { RECEIPT_KINDS } from '@crate/contract/payout-enums';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { files, items, licenceTypeEnum } from './catalogue.ts';

/** The payments catalogue (docs/product-overview.md §3 "stripe-products" with "prices"). */
export const paymentProducts = pgTable('payment_products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: PAYMENT_PRODUCT_KINDS }).notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentPrices = pgTable(
  'payment_prices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => paymentProducts.id),
    currency: text('currency').notNull().default('usd'),
    unitAmount: integer('unit_amount').notNull(),
    interval: text('interval', { enum: PRICE_INTERVALS }),
    intervalCount: integer('interval_count').notNull().default(1),
    /** Credits granted per period (subscriptions) or per purchase (refills). */
    credits: integer('credits').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('payment_prices_product_idx').on(t.productId), check('payment_prices_amount', sql`${t.unitAmount} >= 0`)],
);

export interface CheckoutPurchase {
  target: PurchaseTarget;
  id: string;
  title: string;
  amount: number;
  currency: string;
  items: { id: string; cost: number }[];
}

/** Documents under stripe-customers/{uid}/checkout_sessions: the client waits (≤30 s) for session_id. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    mode: text('mode', { enum: CHECKOUT_MODES }).notNull().default('subscription'),
    priceId: text('price_id').references(() => paymentPrices.id),
    quantity: integer('quantity'),
    lineItems: jsonb('line_items').$type<Array<{ price: string; quantity?: number }>>(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    sessionId: text('session_id'),
    url: text('url'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('pending'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The client's key for this click: a retried request answers with the session made first. */
    idempotencyKey: text('idempotency_key'),
    /**
     * Refills: the units credited when it was paid, fewer than bought when the period's limit was reached meanwhile
     * (decision 0033). Purchases: the sounds granted, fewer than paid for when some were owned or taken down meanwhile (decision 0047).
     */
    grantedQuantity: integer('granted_quantity'),
    /**
     * A pack or bundle bought outright (decision 0047; null for plans and refills): what, the amount charged, and
     * the sounds it was charged for with their own credit prices, the weights that split the amount among them —
     * so fulfilment grants only these and refunds the shares of any it can no longer grant.
     */
    purchase: jsonb('purchase').$type<CheckoutPurchase>(),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('checkout_sessions_session_key').on(t.sessionId),
    uniqueIndex('checkout_sessions_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    priceId: text('price_id')
      .notNull()
      .references(() => paymentPrices.id),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The price of the period paid for now; differs from price_id when a downgrade waits for the renewal. */
    paidPriceId: text('paid_price_id').references(() => paymentPrices.id),
    customerId: text('customer_id'),
    /** When the first failed renewal made it past due; the grace period runs from here (decision 0023). */
    pastDueSince: ts('past_due_since'),
    /**
     * Set when this plan was paid while the user already had another (decision 0033): the id of the one kept.
     * It grants nothing; it is canceled at the provider and its payments refunded.
     */
    duplicateOf: uuid('duplicate_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId), index('subscriptions_user_idx').on(t.userId)],
);

/** Provider webhook events, stored once: the primary key makes fulfilment idempotent. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
  processedAt: ts('processed_at'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});

/** Payments as receipts: one row per paid invoice or one-off payment, by the provider's id. */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The invoice (subscriptions) or checkout session (one-off payments) paid. */
    providerRef: text('provider_ref').notNull(),
    /** The provider's payment (intent) id, which refunds and disputes name. */
    paymentId: text('payment_id'),
    description: text('description').notNull(),
    /** A plan's invoice or refills (the month's creator pool), or a purchase (a sale of its sounds): decision 0051. */
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: RECEIPT_STATUSES }).notNull().default('paid'),
    /**
     * When it was refunded or disputed (clock time, under the payouts lock): a month approved before this counted it
     * and takes it back in a later month; one approved after did not count it (decision 0051).
     */
    statusChangedAt: ts('status_changed_at'),
    /** The provider's fingerprint of the card paid with, when it says: an affiliate's own card refuses their referral (decision 0056). */
    cardFingerprint: text('card_fingerprint'),
    /** The ledger lot these credits were added by (refunds and disputes take back what is left of it). */
    creditLedgerId: uuid('credit_ledger_id').references(() => creditLedger.id),
    credits: integer('credits').notNull().default(0),
    /** The plan an invoice paid for (null for one-off payments). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_receipts_ref_key').on(t.providerRef), index('payment_receipts_user_idx').on(t.userId, t.createdAt), index('payment_receipts_payment_idx').on(t.paymentId), index('payment_receipts_disputed_idx').on(t.createdAt).where(sql`${t.status} = 'disputed'`)],
);

/**
 * Refunds Crate makes by itself (decision 0033): a money rule checked when the checkout opened failed when it
 * was paid. One row per receipt at most (the key); written in the transaction that decided it, with the
 * `payment-refund` job that asks the provider, so the decision and the money movement are both on record.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => paymentReceipts.id),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id),
    /** The provider's payment (intent) given back. */
    paymentId: text('payment_id').notNull(),
    reason: text('reason', { enum: AUTOMATIC_REFUND_REASONS }).notNull(),
    /** What the user is told, in their words (e-mail and Account). */
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: AUTOMATIC_REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [uniqueIndex('payment_refunds_receipt_key').on(t.receiptId), index('payment_refunds_user_idx').on(t.userId, t.createdAt), check('payment_refunds_amount', sql`${t.amount} > 0`)],
);

/**
 * Credits as a ledger (docs/decisions/0020). A row adding credits (grant, refill, positive adjust) is a
 * lot with its own expiry; a row taking credits (spend, expire, negative adjust) draws from lots,
 * soonest-expiring first, recorded in credit_lot_draws. The balance and credits_expire_at are derived
 * from the lots still open; nothing stores them. Every entry has a unique idempotency key.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Lots only: when what is left of them expires (null: never). */
    expiresAt: ts('expires_at'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    index('credit_ledger_spend_idx').on(t.createdAt).where(sql`${t.kind} = 'spend'`),
    index('credit_ledger_lot_expiry_idx').on(t.expiresAt).where(sql`${t.amount} > 0 and ${t.expiresAt} is not null`),
    check('credit_ledger_sign', sql`(${t.kind} in ('spend','expire') and ${t.amount} < 0) or (${t.kind} in ('grant','refill') and ${t.amount} > 0) or (${t.kind} = 'adjust' and ${t.amount} <> 0)`),
    check('credit_ledger_lot_expiry', sql`${t.amount} > 0 or ${t.expiresAt} is null`),
  ],
);

/** How a negative ledger entry was taken from lots: the amounts over one entry's draws add up to minus its amount. */
export const creditLotDraws = pgTable(
  'credit_lot_draws',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => creditLedger.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => creditLedger.id),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.lotId] }), index('credit_lot_draws_lot_idx').on(t.lotId), check('credit_lot_draws_positive', sql`${t.amount} > 0`)],
);

/** What a user owns: one row per item (or whole pack/bundle purchase), never deleted. */
export const ownedItems = pgTable(
  'owned_items',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    source: text('source', { enum: OWNERSHIP_SOURCES }).notNull(),
    creditLedgerId: uuid('credit_ledger_id').references(() => creditLedger.id),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id),
    /** Got with credits: this item's share of the spend (largest remainder by credit price); the month's pool is shared by these. */
    credits: integer('credits'),
    priceCents: integer('price_cents'),
    currency: text('currency'),
    acquiredAt: createdAt(),
  },
  (t) => [
    uniqueIndex('owned_items_user_item_key').on(t.userId, t.itemId),
    index('owned_items_user_acquired_idx').on(t.userId, t.acquiredAt),
    // A month's payout reads what was paid for in it (credits or money) as one index range (decision 0051).
    index('owned_items_paid_acquired_idx').on(t.acquiredAt).where(sql`${t.credits} > 0 or ${t.priceCents} > 0`),
    // Item and pack analytics read what one sound sold for outright as one index range (decision 0055).
    index('owned_items_sold_item_idx').on(t.itemId, t.acquiredAt).where(sql`${t.priceCents} > 0`),
  ],
);

export const licences = pgTable(
  'licences',
  {
    id: id(),
    ownedItemId: uuid('owned_item_id')
      .notNull()
      .references(() => ownedItems.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    /** The item's licence when it was got; a later change of the item's licence does not touch it. */
    licenceType: licenceTypeEnum('licence_type').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    termsVersion: text('terms_version').notNull(),
    /** The parties as they were named at issue: the holder's display name (never the e-mail) and the creator's name. */
    holderName: text('holder_name').notNull(),
    licensorName: text('licensor_name').notNull(),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('licences_certificate_key').on(t.certificateNumber), uniqueIndex('licences_owned_item_key').on(t.ownedItemId)],
);

export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    ownedItemId: uuid('owned_item_id').references(() => ownedItems.id),
    fileId: uuid('file_id').references(() => files.id),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_user_idx').on(t.userId, t.createdAt), index('downloads_item_idx').on(t.itemId, t.createdAt)],
);
