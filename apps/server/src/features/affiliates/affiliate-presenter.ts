import type { AdminAffiliate, AdminAffiliateRow, AffiliateCode, CommissionMonth, CommissionTotals, MyAffiliate, MyAffiliateCode } from '@crate/contract/affiliates';
import { commissionStatus } from './affiliate-rules.ts';
import type { AffiliateCodeRow, AffiliateListRow, AffiliateRow, AffiliateStatementLine, CodeFigures, CommissionGroup } from './affiliate-repository.ts';

export function presentCode(row: AffiliateCodeRow, linkOf: (code: string) => string): AffiliateCode {
  return { code: row.code, label: row.label, link: linkOf(row.code), created_at: row.createdAt.toISOString(), retired_at: row.retiredAt?.toISOString() ?? null };
}

export function presentAdminAffiliate(input: { userId: string; hasRole: boolean; affiliate: AffiliateRow | null; codes: readonly AffiliateCodeRow[]; linkOf: (code: string) => string }): AdminAffiliate {
  const { affiliate } = input;
  return {
    user_id: input.userId,
    has_role: input.hasRole,
    affiliate: affiliate
      ? {
          commission_bps: affiliate.commissionBps,
          commission_months: affiliate.commissionMonths,
          created_at: affiliate.createdAt.toISOString(),
          codes: input.codes.map((c) => presentCode(c, input.linkOf)),
        }
      : null,
  };
}

export interface CommissionSummary {
  /** Newest month first, one row per month and currency. */
  months: CommissionMonth[];
  totals: CommissionTotals;
}

const FIELD = { pending: 'pending_cents', payable: 'payable_cents', paid: 'paid_cents', reversed: 'reversed_cents' } as const;

/** One affiliate's commission groups as months and totals, each amount under its status (affiliate-rules.ts). */
export function summariseCommissions(groups: readonly CommissionGroup[], latestPaidMonth: string | null): CommissionSummary {
  const months = new Map<string, CommissionMonth>();
  const totals: CommissionTotals = { pending_cents: 0, payable_cents: 0, paid_cents: 0, reversed_cents: 0 };
  for (const g of groups) {
    const key = `${g.month}|${g.currency}`;
    const month = months.get(key) ?? { month: g.month, currency: g.currency, payments: 0, pending_cents: 0, payable_cents: 0, paid_cents: 0, reversed_cents: 0 };
    const field = FIELD[commissionStatus({ month: g.month, receiptStatus: g.receiptStatus, monthStatus: g.monthStatus, latestPaidMonth })];
    month[field] += g.amountCents;
    month.payments += g.payments;
    totals[field] += g.amountCents;
    months.set(key, month);
  }
  return { months: [...months.values()], totals };
}

const sumOf = (figures: readonly CodeFigures[], pick: (f: CodeFigures) => number) => figures.reduce((sum, f) => sum + pick(f), 0);

export function presentMyAffiliate(input: {
  affiliate: AffiliateRow;
  codes: readonly (AffiliateCode & { figures: CodeFigures })[];
  months: CommissionMonth[];
  statements: readonly AffiliateStatementLine[];
  maxCodes: number;
}): MyAffiliate {
  const figures = input.codes.map((c) => c.figures);
  return {
    commission_bps: input.affiliate.commissionBps,
    commission_months: input.affiliate.commissionMonths,
    max_codes: input.maxCodes,
    codes: input.codes.map(({ figures: f, ...code }): MyAffiliateCode => ({ ...code, clicks_30d: f.clicks30d, clicks_total: f.clicksTotal, signups: f.signups, paying: f.paying })),
    totals: {
      clicks_30d: sumOf(figures, (f) => f.clicks30d),
      clicks_total: sumOf(figures, (f) => f.clicksTotal),
      signups: sumOf(figures, (f) => f.signups),
      paying: sumOf(figures, (f) => f.paying),
    },
    months: input.months,
    statements: input.statements.map((l) => ({ month: l.month.slice(0, 7), amount_cents: Number(l.amountCents), status: l.status, carry_reason: l.carryReason })),
  };
}

export function presentAdminAffiliateRow(row: AffiliateListRow, input: { liveCodes: number; figures: readonly CodeFigures[]; commission: CommissionSummary }): AdminAffiliateRow {
  const { figures, commission } = input;
  return {
    user_id: row.userId,
    display_name: row.name || row.email,
    email: row.email,
    has_role: row.hasRole,
    commission_bps: row.commissionBps,
    commission_months: row.commissionMonths,
    live_codes: input.liveCodes,
    clicks: sumOf(figures, (f) => f.clicksTotal),
    signups: sumOf(figures, (f) => f.signups),
    refused: sumOf(figures, (f) => f.refused),
    paying: sumOf(figures, (f) => f.paying),
    pending_cents: commission.totals.pending_cents,
    payable_cents: commission.totals.payable_cents,
    paid_cents: commission.totals.paid_cents,
    created_at: row.createdAt.toISOString(),
  };
}
