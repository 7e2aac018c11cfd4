/** Fixed vocabularies and rules of creator payouts (docs/decisions/0051). Values are stored as-is in the database. */

/**
 * A month's payout: computed as a draft (again and again, the same lines each time), frozen when an admin
 * approves it, paying while its transfers are made, paid when every payable line is.
 */
export const MONTHLY_PAYOUT_STATUSES = ['draft', 'approved', 'paying', 'paid'] as const;
export type MonthlyPayoutStatus = (typeof MONTHLY_PAYOUT_STATUSES)[number];

/**
 * One payee's line of a month: pending (to pay), paid, failed (the provider refused it; retried), or carried
 * into the next month unpaid (see PAYOUT_CARRY_REASONS).
 */
export const PAYOUT_LINE_STATUSES = ['pending', 'paid', 'failed', 'carried'] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];

/** Why a line is carried into the next month instead of paid: under the minimum, no payout account yet, or owed back. */
export const PAYOUT_CARRY_REASONS = ['below_minimum', 'no_account', 'negative'] as const;
export type PayoutCarryReason = (typeof PAYOUT_CARRY_REASONS)[number];

/** Where a refund or dispute of a payment counted in an approved month is taken back from (a negative adjustment). */
export const PAYOUT_ADJUSTMENT_KINDS = ['pool_refund', 'sales_refund'] as const;
export type PayoutAdjustmentKind = (typeof PAYOUT_ADJUSTMENT_KINDS)[number];

/** A payout account: onboarding until the provider says money can be sent to it, then active. */
export const PAYOUT_ACCOUNT_STATUSES = ['onboarding', 'active'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** What a receipt was for: a plan's invoice and refills feed the month's creator pool; a purchase is a sale of its sounds. */
export const RECEIPT_KINDS = ['plan', 'refill', 'purchase'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** Creators' share of the month's recognised plan and refill revenue (the pool), and of money sales, in basis points. */
export const CREATOR_SHARE_BPS = 7000;
/** A balance under this is carried into the next month instead of paid (cents). */
export const MINIMUM_PAYOUT_CENTS = 1000;
/** Collaborators a split may name beside the creator. */
export const MAX_SPLIT_COLLABORATORS = 5;
/** Basis points of a whole: a split's shares, the creator's own included, sum to this. */
export const WHOLE_BPS = 10_000;
