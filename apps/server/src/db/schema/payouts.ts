/** Payouts to creators each month, and affiliates with the users they referred. */
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MONTHLY_PAYOUT_STATUSES, PAYOUT_LINE_STATUSES } from '@crate/contract/payout-enums';
import { createdAt, id, ts } from './columns.ts';
import { users } from './accounts.ts';
import { creators } from './creators.ts';

export const monthlyPayouts = pgTable(
  'monthly_payouts',
  {
    id: id(),
    /** First day of the month paid for. */
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status', { enum: MONTHLY_PAYOUT_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull().default('usd'),
    totalCents: integer('total_cents').notNull().default(0),
    approvedBy: text('approved_by').references(() => users.id),
    approvedAt: ts('approved_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('monthly_payouts_month_key').on(t.month)],
);

export const payoutLines = pgTable(
  'payout_lines',
  {
    id: id(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => monthlyPayouts.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id),
    amountCents: integer('amount_cents').notNull(),
    downloads: integer('downloads').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: PAYOUT_LINE_STATUSES }).notNull().default('pending'),
    providerTransferId: text('provider_transfer_id'),
  },
  (t) => [uniqueIndex('payout_lines_payout_creator_key').on(t.payoutId, t.creatorId)],
);

export const affiliates = pgTable(
  'affiliates',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    commissionBps: integer('commission_bps').notNull().default(1000),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliates_code_key').on(t.code)],
);

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
    code: text('code').notNull(),
    convertedAt: ts('converted_at'),
    commissionCents: integer('commission_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_referrals_referred_key').on(t.referredUserId), index('affiliate_referrals_affiliate_idx').on(t.affiliateUserId)],
);
