import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { DATE_LIMITS } from './dates.ts';
import { PAYOUT_CARRY_REASONS } from './payout-enums.ts';

/**
 * A creator's or collaborator's own earnings (issue 28, decisions 0051 and 0055): the month so far as the hourly
 * draft estimates it, the balance carried, and every approved month with its statement. Personal: a payee only
 * ever sees their own lines.
 */

/** A month in a path, `YYYY-MM`, in the contract's years. */
export const monthParamSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM')
  .refine((text) => Number(text.slice(0, 4)) >= DATE_LIMITS.minYear && Number(text.slice(0, 4)) <= DATE_LIMITS.maxYear, `A month is between the years ${DATE_LIMITS.minYear} and ${DATE_LIMITS.maxYear}`);

/**
 * Where a past month's line stands, for its payee: paid (transferred), carried into the next month (with the
 * reason), pending (approved, not yet transferred), failed (the provider refused it; it is retried), or
 * estimated (a month that ended but is not approved yet: the draft's figures, which may still change).
 */
export const EARNINGS_LINE_STATUSES = ['paid', 'carried', 'pending', 'failed', 'estimated'] as const;
export type EarningsLineStatus = (typeof EARNINGS_LINE_STATUSES)[number];

const cents = z.number().int();

/** What one payee's line of a month is made of, in cents (credits are a count). */
export const earningsFiguresSchema = z.object({
  credits: z.number().int(),
  pool_cents: cents,
  sales_cents: cents,
  adjustment_cents: cents,
  carried_in_cents: cents,
  /** carried in + pool + sales + adjustments (decision 0051); may be negative, never transferred so. */
  amount_cents: cents,
});
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

export const earningsMonthSchema = earningsFiguresSchema.extend({
  /** `YYYY-MM`. */
  month: z.string(),
  status: z.enum(EARNINGS_LINE_STATUSES),
  carry_reason: z.enum(PAYOUT_CARRY_REASONS).nullable(),
  paid_at: z.string().nullable(),
  /** A statement (PDF, CSV) exists for approved months only. */
  has_statement: z.boolean(),
});
export type EarningsMonth = z.infer<typeof earningsMonthSchema>;

export const creatorEarningsSchema = z.object({
  currency: z.string(),
  /** Balances under this are carried into the next month (cents). */
  minimum_payout_cents: z.number().int(),
  /** The current month so far, as the latest hourly draft computed it: zeros until it has. */
  this_month: earningsFiguresSchema.extend({ month: z.string(), computed_at: z.string().nullable() }),
  /** What the latest approved month carried into the next one (zero when it was paid or nothing was carried). */
  balance_carried: z.object({ amount_cents: cents, reason: z.enum(PAYOUT_CARRY_REASONS).nullable(), from_month: z.string().nullable() }),
  /** Newest first: months that ended and await approval (estimated), then approved, paying and paid months. */
  months: z.array(earningsMonthSchema),
});
export type CreatorEarnings = z.infer<typeof creatorEarningsSchema>;

const CREATOR_PEOPLE = claims('creator', 'collaborator');
const AFFILIATES = claims('affiliate');
const monthParams = z.strictObject({ month: monthParamSchema });

export const EARNINGS_API = {
  getCreatorEarnings: { method: 'GET', path: '/api/creator/earnings', access: CREATOR_PEOPLE, summary: 'My earnings: this month so far (estimated), the balance carried and my past months', tags: ['earnings'], response: creatorEarningsSchema },
  downloadEarningsStatementPdf: {
    method: 'GET',
    path: '/api/creator/earnings/:month/statement.pdf',
    access: CREATOR_PEOPLE,
    summary: 'My statement of an approved month as a PDF (404 for a month not approved or without my line)',
    tags: ['earnings'],
    params: monthParams,
    reply: { kind: 'file', contentTypes: ['application/pdf'] },
    rateLimit: 'export',
  },
  downloadEarningsStatementCsv: {
    method: 'GET',
    path: '/api/creator/earnings/:month/statement.csv',
    access: CREATOR_PEOPLE,
    summary: 'My statement of an approved month as CSV, the same figures as the PDF',
    tags: ['earnings'],
    params: monthParams,
    reply: { kind: 'file', contentTypes: ['text/csv'] },
    rateLimit: 'export',
  },
  downloadAffiliateStatementPdf: {
    method: 'GET',
    path: '/api/affiliate/earnings/:month/statement.pdf',
    access: AFFILIATES,
    summary: 'My affiliate statement of an approved month as a PDF: the commissions on referred payments, never who paid (404 for a month not approved or without my line)',
    tags: ['earnings', 'affiliates'],
    params: monthParams,
    reply: { kind: 'file', contentTypes: ['application/pdf'] },
    rateLimit: 'export',
  },
  downloadAffiliateStatementCsv: {
    method: 'GET',
    path: '/api/affiliate/earnings/:month/statement.csv',
    access: AFFILIATES,
    summary: 'My affiliate statement of an approved month as CSV, the same figures as the PDF',
    tags: ['earnings', 'affiliates'],
    params: monthParams,
    reply: { kind: 'file', contentTypes: ['text/csv'] },
    rateLimit: 'export',
  },
} as const satisfies Record<string, Endpoint>;
