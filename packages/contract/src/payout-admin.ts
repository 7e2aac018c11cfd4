import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { pageQuerySchema, pageSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './pagination.ts';
import { MONTHLY_PAYOUT_STATUSES, PAYOUT_ADJUSTMENT_KINDS, PAYOUT_CARRY_REASONS, PAYOUT_LINE_KINDS, PAYOUT_LINE_STATUSES } from './payout-enums.ts';

/**
 * The admins' monthly payout screens (issue 28, docs/decisions/0051 and 0054): the months, one month's totals,
 * its lines (searchable, sortable, paged), the ledger rows behind a line, recompute, approve and a CSV export.
 */

const cents = z.number().int();
const count = z.number().int().min(0);

const payoutLineCountsSchema = z.object({ pending: count, paid: count, failed: count, carried: count });

/** A month in the list: its status and money, Crate's share, and how many lines are in each status. */
export const monthlyPayoutSummarySchema = z.object({
  id: z.string(),
  /** First day of the month paid for (YYYY-MM-DD). */
  month: z.string(),
  status: z.enum(MONTHLY_PAYOUT_STATUSES),
  currency: z.string(),
  /** Plan and refill revenue recognised in the month, net of refunds. */
  revenue_cents: cents,
  /** The creators' share of that revenue, shared by credits spent. */
  pool_cents: cents,
  credits: count,
  /** Packs and bundles bought outright, and the creators' share of them. */
  sales_cents: cents,
  sales_owed_cents: cents,
  /** Affiliates' commissions on the month's payments (paid from Crate's share). */
  commissions_cents: cents,
  /** What Crate keeps: revenue − pool + sales − sales owed − commissions. */
  crate_share_cents: cents,
  /** Refunds of approved months taken back in this one (zero or negative). */
  adjustments_cents: cents,
  /** What the payable lines transfer. */
  total_cents: cents,
  lines: payoutLineCountsSchema,
  /** The month is over: a draft may be approved. */
  ended: z.boolean(),
  computed_at: z.string().nullable(),
});
export type MonthlyPayoutSummary = z.infer<typeof monthlyPayoutSummarySchema>;

/** One month: its totals and who approved it, when, and when it was paid. */
export const monthlyPayoutSchema = monthlyPayoutSummarySchema.extend({
  /** Every line's amount: carried in + pool + sales + commission + adjustments (what is transferred or carried on). */
  lines_amount_cents: cents,
  carried_in_cents: cents,
  approved_by: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  approved_at: z.string().nullable(),
  paying_started_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type MonthlyPayout = z.infer<typeof monthlyPayoutSchema>;

const payoutLineDetailSchema = z.object({
  creator_id: z.string(),
  creator_name: z.string(),
  pack_id: z.string(),
  pack_title: z.string(),
  share_bps: z.number().int(),
  credits: count,
  sales_cents: cents,
});

export const payoutLineSchema = z.object({
  id: z.string(),
  payee: z.object({ id: z.string(), display_name: z.string(), email: z.string() }),
  /** A creator's or collaborator's earnings, or an affiliate's commissions. */
  kind: z.enum(PAYOUT_LINE_KINDS),
  credits: count,
  pool_cents: cents,
  sales_cents: cents,
  commission_cents: cents,
  adjustment_cents: cents,
  carried_in_cents: cents,
  amount_cents: cents,
  status: z.enum(PAYOUT_LINE_STATUSES),
  carry_reason: z.enum(PAYOUT_CARRY_REASONS).nullable(),
  failure_reason: z.string().nullable(),
  attempts: count,
  paid_at: z.string().nullable(),
  /** Per pack: the creator, the payee's share in basis points, credits and sales. */
  details: z.array(payoutLineDetailSchema),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const PAYOUT_LINE_SORTS = ['amount', 'payee', 'credits', 'status'] as const;
export type PayoutLineSort = (typeof PAYOUT_LINE_SORTS)[number];

/** A month's lines: a payee's name or e-mail (contains), a status, a sort and a page (cursor from the last page). */
export const payoutLinesQuerySchema = z.strictObject({
  q: z.string().trim().max(200, 'A search is at most 200 characters').optional(),
  status: z.enum(PAYOUT_LINE_STATUSES, 'status is one of pending, paid, failed, carried').optional(),
  sort: z.enum(PAYOUT_LINE_SORTS, 'sort is one of amount, payee, credits, status').default('amount'),
  dir: z.enum(['asc', 'desc'], 'dir is asc or desc').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PayoutLinesQuery = z.infer<typeof payoutLinesQuerySchema>;

/** One ledger row behind a line: an item got with credits (pool) or bought with money (sales), and the payee's share of it. */
export const payoutLineSpendSchema = z.object({
  /** The owned_items row (the entry of the ledger of what was got). */
  entry_id: z.string(),
  acquired_at: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  pack_title: z.string(),
  /** Credits spent on it (a spend), or null. */
  credits: z.number().int().nullable(),
  /** Its share of a price paid (a sale), or null. */
  price_cents: z.number().int().nullable(),
  share_bps: z.number().int(),
});
export type PayoutLineSpend = z.infer<typeof payoutLineSpendSchema>;

const payoutAdjustmentSchema = z.object({
  id: z.string(),
  receipt_id: z.string(),
  source_month: z.string(),
  kind: z.enum(PAYOUT_ADJUSTMENT_KINDS),
  amount_cents: cents,
});

/** The drill-down: a page of the spends and sales behind a line, and (on the first page) the refunds taken back in it. */
export const payoutLineSpendsSchema = pageSchema(payoutLineSpendSchema).extend({
  line: payoutLineSchema,
  adjustments: z.array(payoutAdjustmentSchema),
});
export type PayoutLineSpends = z.infer<typeof payoutLineSpendsSchema>;

const ADMIN = claims('admin');
const payoutParams = z.strictObject({ id: z.uuid('Not a valid payout id') });
const lineParams = z.strictObject({ id: z.uuid('Not a valid payout id'), lineId: z.uuid('Not a valid line id') });

export const PAYOUT_ADMIN_API = {
  listMonthlyPayouts: { method: 'GET', path: '/api/admin/payouts', access: ADMIN, summary: 'Monthly payouts, newest month first: status, money, Crate’s share and lines per status', tags: ['admin', 'payouts'], query: pageQuerySchema, response: pageSchema(monthlyPayoutSummarySchema) },
  getMonthlyPayout: { method: 'GET', path: '/api/admin/payouts/:id', access: ADMIN, summary: 'A month’s totals: revenue, pool, sales, Crate’s share, refunds carried, payable, approval and payment', tags: ['admin', 'payouts'], params: payoutParams, response: monthlyPayoutSchema },
  listMonthlyPayoutLines: { method: 'GET', path: '/api/admin/payouts/:id/lines', access: ADMIN, summary: 'A month’s lines per payee with their split, by payee name or e-mail and status, sorted and paged', tags: ['admin', 'payouts'], params: payoutParams, query: payoutLinesQuerySchema, response: pageSchema(payoutLineSchema) },
  listPayoutLineSpends: { method: 'GET', path: '/api/admin/payouts/:id/lines/:lineId/spends', access: ADMIN, summary: 'The ledger rows behind a line (spends and sales) and the refunds taken back in it', tags: ['admin', 'payouts'], params: lineParams, query: pageQuerySchema, response: payoutLineSpendsSchema },
  computeMonthlyPayout: { method: 'POST', path: '/api/admin/payouts/:id/compute', access: ADMIN, summary: 'Compute a draft month again now (audited; a conflict once approved)', tags: ['admin', 'payouts'], params: payoutParams, response: monthlyPayoutSchema },
  approveMonthlyPayout: { method: 'POST', path: '/api/admin/payouts/:id/approve', access: ADMIN, summary: 'Compute an ended month a last time and freeze it for paying (audited; once, in order)', tags: ['admin', 'payouts'], params: payoutParams, response: monthlyPayoutSchema },
  exportMonthlyPayout: { method: 'GET', path: '/api/admin/payouts/:id/export.csv', access: ADMIN, summary: 'Every line of a month as CSV', tags: ['admin', 'payouts'], params: payoutParams, reply: { kind: 'file', contentTypes: ['text/csv'] }, rateLimit: 'export' },
} as const satisfies Record<string, Endpoint>;
