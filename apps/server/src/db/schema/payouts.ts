/** Payouts to creators and collaborators each month (decision 0051), and affiliates with the users they referred. */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS } from '@crate/contract/commerce-enums';
import { AFFILIATE_REFERRAL_STATUSES, AFFILIATE_REFUSAL_REASONS, DEFAULT_AFFILIATE_COMMISSION_BPS, DEFAULT_AFFILIATE_COMMISSION_MONTHS, MONTHLY_PAYOUT_STATUSES, PAYOUT_ACCOUNT_STATUSES, PAYOUT_ADJUSTMENT_KINDS, PAYOUT_CARRY_REASONS, PAYOUT_LINE_KINDS, PAYOUT_LINE_STATUSES } from '@crate/contract/payout-enums';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { creators } from './creators.ts';
import { packs } from './catalogue.ts';
import { paymentReceipts } from './commerce.ts';

export const monthlyPayouts = pgTable(
  'monthly_payouts',
  {
    id: id(),
    /** First day of the month paid for. */
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status', { enum: MONTHLY_PAYOUT_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull().default('usd'),
    /** Plan and refill revenue recognised in the month, net of refunds (decision 0051). */
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    /** The creators' share of that revenue, shared among payees by credits spent on their sounds. */
    poolCents: bigint('pool_cents', { mode: 'number' }).notNull().default(0),
    /** Credits spent on sounds in the month (the pool's divisor). */
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    /** Packs and bundles bought outright in the month, and the creators' share of them. */
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
    salesOwedCents: bigint('sales_owed_cents', { mode: 'number' }).notNull().default(0),
    /** Affiliates' commissions on the month's payments still paid (decision 0056), paid from Crate's share. */
    commissionsCents: bigint('commissions_cents', { mode: 'number' }).notNull().default(0),
    /** Refunds and disputes of earlier, approved months taken back in this one (zero or negative). */
    adjustmentsCents: bigint('adjustments_cents', { mode: 'number' }).notNull().default(0),
    /** What the payable lines transfer. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    computedAt: ts('computed_at'),
    approvedBy: text('approved_by').references(() => users.id),
    approvedAt: ts('approved_at'),
    payingStartedAt: ts('paying_started_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('monthly_payouts_month_key').on(t.month)],
);

/**
 * One payee's line of a month (decision 0051): what they earned from the pool and from sales, what refunds took
 * back, what was carried in from the month before — and whether that is transferred now or carried on.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: id(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => monthlyPayouts.id, { onDelete: 'cascade' }),
    payeeUserId: text('payee_user_id')
      .notNull()
      .references(() => users.id),
    /** What the line pays: a creator's or collaborator's earnings, or an affiliate's commissions (decision 0056). */
    kind: text('kind', { enum: PAYOUT_LINE_KINDS }).notNull().default('creator'),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    poolCents: bigint('pool_cents', { mode: 'number' }).notNull().default(0),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
    /** Affiliate lines: the month's commissions on referred users' payments. */
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
    adjustmentCents: bigint('adjustment_cents', { mode: 'number' }).notNull().default(0),
    carriedInCents: bigint('carried_in_cents', { mode: 'number' }).notNull().default(0),
    /** carried in + pool + sales + commission + adjustments: transferred when payable, else carried into the next month. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Per pack: the creator, the payee's share in basis points, credits and sales (what the line is made of). */
    details: jsonb('details').$type<PayoutLineDetail[]>().notNull().default([]),
    status: text('status', { enum: PAYOUT_LINE_STATUSES }).notNull().default('pending'),
    carryReason: text('carry_reason', { enum: PAYOUT_CARRY_REASONS }),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    providerTransferId: text('provider_transfer_id'),
    paidAt: ts('paid_at'),
    /**
     * The `payout-pay` job (its jobs.id) making this line's transfer (decision 0053): another job leaves the line
     * alone; the same job, handed to a new worker after a crash, takes it up again with the same idempotency key.
     */
    claimedByJob: bigint('claimed_by_job', { mode: 'number' }),
  },
  (t) => [uniqueIndex('payout_lines_payout_payee_key').on(t.payoutId, t.payeeUserId, t.kind), index('payout_lines_payee_idx').on(t.payeeUserId)],
);

export interface PayoutLineDetail {
  creator_id: string;
  creator_name: string;
  pack_id: string;
  pack_title: string;
  share_bps: number;
  credits: number;
  sales_cents: number;
}

/**
 * A refund or dispute of a payment counted in an approved month, taken back in a later month's draft (never
 * from a transfer already made): one row per payee, payment and month it was counted in.
 */
export const payoutAdjustments = pgTable(
  'payout_adjustments',
  {
    id: id(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => monthlyPayouts.id, { onDelete: 'cascade' }),
    payeeUserId: text('payee_user_id')
      .notNull()
      .references(() => users.id),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => paymentReceipts.id),
    /** The approved month the payment had been counted in. */
    sourceMonth: date('source_month', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: PAYOUT_ADJUSTMENT_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('payout_adjustments_key').on(t.payoutId, t.payeeUserId, t.receiptId, t.sourceMonth, t.kind),
    index('payout_adjustments_receipt_idx').on(t.receiptId, t.sourceMonth),
    check('payout_adjustments_negative', sql`${t.amountCents} < 0`),
  ],
);

/**
 * How a pack's earnings are shared (decision 0051), or a creator's default for new packs (pack_id null): a version
 * per month it applies from, never touching an approved month. The shares, the creator's own among them, sum to
 * 10,000 basis points.
 */
export const revenueSplits = pgTable(
  'revenue_splits',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'cascade' }),
    /** The first month this version applies to. */
    effectiveMonth: date('effective_month', { mode: 'string' }).notNull(),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('revenue_splits_pack_month_key').on(t.packId, t.effectiveMonth).where(sql`${t.packId} is not null`),
    uniqueIndex('revenue_splits_default_month_key').on(t.creatorId, t.effectiveMonth).where(sql`${t.packId} is null`),
  ],
);

export const revenueSplitShares = pgTable(
  'revenue_split_shares',
  {
    splitId: uuid('split_id')
      .notNull()
      .references(() => revenueSplits.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    bps: integer('bps').notNull(),
  },
  (t) => [primaryKey({ columns: [t.splitId, t.userId] }), check('revenue_split_shares_bps', sql`${t.bps} > 0 and ${t.bps} <= 10000`)],
);

/** Where a payee's money goes: a Stripe Connect account, or the sandbox's stand-in for one. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('onboarding'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payout_accounts_provider_key').on(t.providerAccountId)],
);

/**
 * People paid a commission on what the users they referred pay (decision 0056): a rate in basis points of each
 * payment, for the first `commission_months` months after the referred user's first payment.
 */
export const affiliates = pgTable('affiliates', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  commissionBps: integer('commission_bps').notNull().default(DEFAULT_AFFILIATE_COMMISSION_BPS),
  commissionMonths: integer('commission_months').notNull().default(DEFAULT_AFFILIATE_COMMISSION_MONTHS),
  createdBy: text('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An affiliate's referral codes (`/r/{code}`, `?ref={code}`): lower-case, unique site-wide, retired rather than deleted. */
export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    code: text('code').primaryKey(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => affiliates.userId),
    label: text('label').notNull().default(''),
    retiredAt: ts('retired_at'),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_codes_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);

/** Clicks on a code per UTC day (a counter, so a busy link is one row a day). */
export const affiliateClickDays = pgTable(
  'affiliate_click_days',
  {
    code: text('code')
      .notNull()
      .references(() => affiliateCodes.code),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.day] })],
);

/**
 * A user who registered through an affiliate's link within the attribution window (last click wins). Refused
 * referrals (the affiliate themselves by e-mail or card) are kept with the reason and earn nothing.
 */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    id: id(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => affiliates.userId),
    referredUserId: text('referred_user_id')
      .notNull()
      .references(() => users.id),
    code: text('code')
      .notNull()
      .references(() => affiliateCodes.code),
    /** When the visitor clicked the link that won. */
    clickedAt: ts('clicked_at').notNull(),
    status: text('status', { enum: AFFILIATE_REFERRAL_STATUSES }).notNull().default('active'),
    refusedReason: text('refused_reason', { enum: AFFILIATE_REFUSAL_REASONS }),
    /** The referred user's first paid payment; commissions are earned until `commission_until`. */
    convertedAt: ts('converted_at'),
    commissionUntil: ts('commission_until'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_referrals_referred_key').on(t.referredUserId), index('affiliate_referrals_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);

/**
 * A commission earned on one payment of a referred user (decision 0056): one row per payment at most (the key),
 * written by the same webhook fulfilment that recorded the payment. A refund or dispute of the payment reverses
 * it (the payment's status says so); a month already approved takes it back as a negative adjustment.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: id(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => affiliates.userId),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => affiliateReferrals.id),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => paymentReceipts.id),
    /** The month (first day) the payment was made in: the payout month the commission belongs to. */
    month: date('month', { mode: 'string' }).notNull(),
    bps: integer('bps').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_receipt_key').on(t.receiptId),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateUserId, t.month),
    index('affiliate_commissions_month_idx').on(t.month),
    check('affiliate_commissions_positive', sql`${t.amountCents} > 0`),
  ],
);
