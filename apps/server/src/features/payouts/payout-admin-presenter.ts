import type { MonthlyPayout, MonthlyPayoutSummary, PayoutLine, PayoutLineSpends } from '@crate/contract/payout-admin';
import { presentLineSpendPage } from './payout-spend-presenter.ts';
import { monthEnded, type LineSpendsAnswer, type PayoutLineRow, type PayoutMonthRow } from './payout-admin-service.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const displayName = (name: string | null, email: string | null) => name?.trim() || email || '';

/** What Crate keeps of a month (decisions 0051, 0056): revenue − pool + sales − sales owed − affiliates' commissions. */
const crateShareOf = (row: Pick<PayoutMonthRow, 'revenueCents' | 'poolCents' | 'salesCents' | 'salesOwedCents' | 'commissionsCents'>) => row.revenueCents - row.poolCents + row.salesCents - row.salesOwedCents - row.commissionsCents;

export function presentPayoutMonthSummary(now: Date) {
  return (row: PayoutMonthRow): MonthlyPayoutSummary => ({
    id: row.id,
    month: row.month,
    status: row.status,
    currency: row.currency,
    revenue_cents: row.revenueCents,
    pool_cents: row.poolCents,
    credits: row.credits,
    sales_cents: row.salesCents,
    sales_owed_cents: row.salesOwedCents,
    commissions_cents: row.commissionsCents,
    crate_share_cents: crateShareOf(row),
    adjustments_cents: row.adjustmentsCents,
    total_cents: row.totalCents,
    lines: { ...row.lines },
    ended: monthEnded(row.month, now),
    computed_at: iso(row.computedAt),
  });
}

export function presentPayoutMonth(row: PayoutMonthRow, now: Date): MonthlyPayout {
  return {
    ...presentPayoutMonthSummary(now)(row),
    lines_amount_cents: row.linesAmountCents,
    carried_in_cents: row.carriedInCents,
    approved_by: row.approvedBy ? { id: row.approvedBy, display_name: displayName(row.approverName, row.approverEmail) } : null,
    approved_at: iso(row.approvedAt),
    paying_started_at: iso(row.payingStartedAt),
    paid_at: iso(row.paidAt),
  };
}

export function presentPayoutLine(row: PayoutLineRow): PayoutLine {
  return {
    id: row.id,
    payee: { id: row.payeeUserId, display_name: displayName(row.payeeName, row.payeeEmail), email: row.payeeEmail },
    kind: row.kind,
    credits: row.credits,
    pool_cents: row.poolCents,
    sales_cents: row.salesCents,
    commission_cents: row.commissionCents,
    adjustment_cents: row.adjustmentCents,
    carried_in_cents: row.carriedInCents,
    amount_cents: row.amountCents,
    status: row.status,
    carry_reason: row.carryReason,
    failure_reason: row.failureReason,
    attempts: row.attempts,
    paid_at: iso(row.paidAt),
    details: row.details.map((d) => ({ ...d })),
  };
}

type AdjustmentRow = LineSpendsAnswer['adjustments'][number];

const presentAdjustment = (row: AdjustmentRow) => ({ id: row.id, receipt_id: row.receiptId, source_month: row.sourceMonth, kind: row.kind, amount_cents: Number(row.amountCents) });

/** The drill-down: the line, a page of its spends and sales, and (first page) the refunds taken back in it. */
export function presentLineSpends(answer: LineSpendsAnswer, firstPage: boolean): PayoutLineSpends {
  const spends = presentLineSpendPage(answer.spends);
  return { line: presentPayoutLine(answer.line), adjustments: firstPage ? answer.adjustments.map(presentAdjustment) : [], items: spends.items, next_cursor: spends.next_cursor };
}
