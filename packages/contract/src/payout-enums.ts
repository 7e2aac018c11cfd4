/** Fixed vocabularies of creator payouts (docs/product-overview.md §3). Values are stored as-is in the database. */

/** A month's payout is drafted, approved by an admin, then paid. */
export const MONTHLY_PAYOUT_STATUSES = ['draft', 'approved', 'paid'] as const;
export type MonthlyPayoutStatus = (typeof MONTHLY_PAYOUT_STATUSES)[number];

/** One creator's line of a month's payout. */
export const PAYOUT_LINE_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];
