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
export const PAYOUT_ADJUSTMENT_KINDS = ['pool_refund', 'sales_refund', 'commission_refund'] as const;
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

/** A payout line pays a creator's or collaborator's earnings, or an affiliate's commissions: one line per payee and kind. */
export const PAYOUT_LINE_KINDS = ['creator', 'affiliate'] as const;
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number];

/** A referral earns commissions while active; a refused one (the affiliate referring themselves) never does. */
export const AFFILIATE_REFERRAL_STATUSES = ['active', 'refused'] as const;
export type AffiliateReferralStatus = (typeof AFFILIATE_REFERRAL_STATUSES)[number];

/** Why a referral was refused: the same e-mail as the affiliate's (normalised), or paid with a card the affiliate used. */
export const AFFILIATE_REFUSAL_REASONS = ['same_email', 'same_card'] as const;
export type AffiliateRefusalReason = (typeof AFFILIATE_REFUSAL_REASONS)[number];

/** Default commission of a new affiliate (basis points of each payment) and how long it runs (months after the first payment). */
export const DEFAULT_AFFILIATE_COMMISSION_BPS = 2000;
export const DEFAULT_AFFILIATE_COMMISSION_MONTHS = 12;
/** Bounds an admin may set: 1–90 % (Gumroad's range), 1–36 months. */
export const MAX_AFFILIATE_COMMISSION_BPS = 9000;
export const MAX_AFFILIATE_COMMISSION_MONTHS = 36;
/** A click on a referral link is remembered this long (the attribution window). */
export const REFERRAL_WINDOW_DAYS = 30;
/** Referral codes: 3–32 lower-case letters, digits and dashes; an affiliate keeps at most this many live. */
export const REFERRAL_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,30})[a-z0-9]$/;
export const MAX_AFFILIATE_CODES = 10;
