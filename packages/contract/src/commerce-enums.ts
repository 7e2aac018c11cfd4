/** Fixed vocabularies of payments and credits (docs/product-overview.md §3, §8). Values are stored as-is in the database. */

/** Who takes the money: the built-in sandbox (no outside service) or Stripe. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What a product of the payments catalogue sells: a subscription, or a refill of credits. */
export const PAYMENT_PRODUCT_KINDS = ['subscription', 'credits'] as const;
export type PaymentProductKind = (typeof PAYMENT_PRODUCT_KINDS)[number];

/** How often a subscription price is charged (null on a one-off price). */
export const PRICE_INTERVALS = ['month', 'year'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

/** What can be bought outright for money (decision 0047): a published pack or an active bundle with a money price. */
export const PURCHASE_TARGETS = ['pack', 'bundle'] as const;
export type PurchaseTarget = (typeof PURCHASE_TARGETS)[number];

export const CHECKOUT_MODES = ['subscription', 'payment'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

/**
 * pending until the provider answers with a session (open); processing while an asynchronous payment is
 * pending; then complete, failed (the payment did not go through), expired or error (no session was made).
 */
export const CHECKOUT_STATUSES = ['pending', 'open', 'processing', 'complete', 'failed', 'expired', 'error'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Credit ledger entries: grant and refill add credits, spend and expire take them, adjust does either. */
export const CREDIT_ENTRY_KINDS = ['grant', 'spend', 'refill', 'expire', 'adjust'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** How a user came to own an item. */
export const OWNERSHIP_SOURCES = ['credits', 'purchase', 'free', 'grant'] as const;
export type OwnershipSource = (typeof OWNERSHIP_SOURCES)[number];

/** A payment as the Account screen lists it. */
export const RECEIPT_STATUSES = ['paid', 'refunded', 'disputed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * Why Crate refunded a payment by itself: a money rule that held when the checkout opened failed when it was
 * paid (decision 0033) — a second plan, refills past the period's limit, refills with no plan left, or a pack or
 * bundle bought for money whose sounds (some or all) could not be granted: owned meanwhile, or taken down
 * (decision 0047).
 */
export const AUTOMATIC_REFUND_REASONS = ['duplicate_subscription', 'refill_over_limit', 'refill_without_plan', 'purchase_not_granted'] as const;
export type AutomaticRefundReason = (typeof AUTOMATIC_REFUND_REASONS)[number];

/** pending until the provider took the refund (succeeded), or failed after its retries. */
export const AUTOMATIC_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type AutomaticRefundStatus = (typeof AUTOMATIC_REFUND_STATUSES)[number];
