/**
 * A month's payout (docs/decisions/0051): computed as a draft as often as wanted — the same ledger gives the same
 * lines — then approved (frozen) by an admin. Money is shared here, in integers, by largest remainder, so a month's
 * lines add up to exactly what the rule owes.
 */
import { CREATOR_SHARE_BPS, MINIMUM_PAYOUT_CENTS, WHOLE_BPS, type PayoutAdjustmentKind, type PayoutCarryReason, type PayoutLineKind } from '@crate/contract/payout-enums';
import type { PayoutLineDetail } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as repo from './payout-repository.ts';
import type { DraftAdjustment, DraftLine, MonthlyPayoutRow } from './payout-repository.ts';

export { lockPayouts, type MonthlyPayoutRow } from './payout-repository.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])-01$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The first day (UTC) of the month `at` falls in, as 'YYYY-MM-01'. */
const monthStart = (at: Date): string => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-01`;

/** The month after ('YYYY-MM-01'). */
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${pad(m + 1)}-01`;
}

/** The instant the month ends (the next one's first moment, UTC). */
const monthEnd = (month: string): Date => new Date(`${nextMonth(month)}T00:00:00Z`);

/** Whether a month has ended by `now`: only then can it be approved. */
export const monthEnded = (month: string, now: Date): boolean => monthEnd(month).getTime() <= now.getTime();

/** A share of `cents` by basis points, rounded down: what the rule owes from an amount. */
const creatorShare = (cents: number): number => Number((BigInt(cents) * BigInt(CREATOR_SHARE_BPS)) / BigInt(WHOLE_BPS));

/**
 * Shares `total` cents among weights exactly (largest remainder): each gets floor(total × w / W), and the cents
 * left go one each to the largest remainders, ties to the smaller key. The shares add up to `total` whenever
 * any weight is positive; with none, nobody gets anything.
 */
function shareByWeight(total: number, weights: ReadonlyMap<string, bigint>): Map<string, number> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0n);
  const shares = new Map<string, number>();
  if (sum <= 0n || total === 0) return shares;
  const t = BigInt(total);
  const rows = [...weights.entries()].filter(([, w]) => w > 0n).map(([key, w]) => ({ key, floor: (t * w) / sum, remainder: (t * w) % sum }));
  let left = t - rows.reduce((a, r) => a + r.floor, 0n);
  rows.sort((a, b) => (a.remainder === b.remainder ? (a.key < b.key ? -1 : 1) : a.remainder > b.remainder ? -1 : 1));
  for (const row of rows) {
    const extra = left > 0n ? 1n : 0n;
    left -= extra;
    shares.set(row.key, Number(row.floor + extra));
  }
  return shares;
}

const add = (map: Map<string, bigint>, key: string, value: bigint) => map.set(key, (map.get(key) ?? 0n) + value);

interface ComputedMonth {
  totals: Pick<MonthlyPayoutRow, 'revenueCents' | 'poolCents' | 'credits' | 'salesCents' | 'salesOwedCents' | 'commissionsCents' | 'adjustmentsCents' | 'totalCents'>;
  lines: DraftLine[];
  adjustments: DraftAdjustment[];
}

/** Refunds and disputes of payments counted in approved months, taken back now (only the earliest open month does). */
async function takeBacks(db: DbOrTx): Promise<DraftAdjustment[]> {
  const closed = await repo.listClosedPayouts(db);
  const adjustments: DraftAdjustment[] = [];
  for (const takeBack of await repo.listPoolTakeBacks(db, closed)) {
    const owed = creatorShare(takeBack.cents);
    const weights = new Map((await repo.listPoolCents(db, takeBack.sourcePayoutId)).map((l) => [l.payee, BigInt(l.cents)]));
    for (const [payee, cents] of shareByWeight(owed, weights)) {
      if (cents > 0) adjustments.push({ payeeUserId: payee, receiptId: takeBack.receiptId, sourceMonth: takeBack.sourceMonth, kind: 'pool_refund', amountCents: -cents });
    }
  }
  const sales = new Map<string, { receiptId: string; sourceMonth: string; sales: number; weights: Map<string, bigint> }>();
  for (const row of await repo.listSalesTakeBacks(db, closed)) {
    const key = `${row.receiptId}:${row.sourceMonth}`;
    const entry = sales.get(key) ?? { receiptId: row.receiptId, sourceMonth: row.sourceMonth, sales: 0, weights: new Map<string, bigint>() };
    // Each pack's sales are counted once per payee row; its total is the weight over 10,000 basis points.
    add(entry.weights, row.payee, BigInt(row.weight));
    sales.set(key, entry);
  }
  for (const entry of sales.values()) {
    const total = [...entry.weights.values()].reduce((a, b) => a + b, 0n) / BigInt(WHOLE_BPS);
    for (const [payee, cents] of shareByWeight(creatorShare(Number(total)), entry.weights)) {
      if (cents > 0) adjustments.push({ payeeUserId: payee, receiptId: entry.receiptId, sourceMonth: entry.sourceMonth, kind: 'sales_refund', amountCents: -cents });
    }
  }
  // A commission is the affiliate's whole: taken back whole (decision 0056).
  for (const row of await repo.listCommissionTakeBacks(db, closed)) {
    adjustments.push({ payeeUserId: row.payee, receiptId: row.receiptId, sourceMonth: row.sourceMonth, kind: 'commission_refund', amountCents: -row.cents });
  }
  return adjustments;
}

/** Which kind of line an adjustment is taken back from. */
const lineKindOf = (kind: PayoutAdjustmentKind): PayoutLineKind => (kind === 'commission_refund' ? 'affiliate' : 'creator');
const lineKey = (payee: string, kind: PayoutLineKind) => `${kind}:${payee}`;

function carryReason(amount: number, hasAccount: boolean): PayoutCarryReason | null {
  if (amount < 0) return 'negative';
  if (amount < MINIMUM_PAYOUT_CENTS) return 'below_minimum';
  return hasAccount ? null : 'no_account';
}

/** What the rule owes in `month`, line by line, from the ledger as it is now. */
async function computeMonth(db: DbOrTx, month: string): Promise<ComputedMonth> {
  const revenue = await repo.sumRecognisedRevenue(db, month);
  const pool = creatorShare(revenue);
  const shares = await repo.listPackPayeeShares(db, month);

  const packs = new Map<string, { credits: number; sales: number }>();
  const poolWeights = new Map<string, bigint>();
  const salesWeights = new Map<string, bigint>();
  const details = new Map<string, PayoutLineDetail[]>();
  const credits = new Map<string, number>();
  for (const s of shares) {
    packs.set(s.packId, { credits: s.credits, sales: s.sales });
    add(poolWeights, s.payee, BigInt(s.credits) * BigInt(s.bps));
    add(salesWeights, s.payee, BigInt(s.sales) * BigInt(s.bps));
    credits.set(s.payee, (credits.get(s.payee) ?? 0) + s.credits);
    const list = details.get(s.payee) ?? [];
    list.push({ creator_id: s.creatorId, creator_name: s.creatorName, pack_id: s.packId, pack_title: s.packTitle, share_bps: s.bps, credits: s.credits, sales_cents: s.sales });
    details.set(s.payee, list);
  }
  const monthCredits = [...packs.values()].reduce((a, p) => a + p.credits, 0);
  const sales = [...packs.values()].reduce((a, p) => a + p.sales, 0);
  const salesOwed = creatorShare(sales);
  // Nobody spent a credit: the pool has no one to go to (Crate keeps it; decision 0051).
  const poolBy = shareByWeight(pool, poolWeights);
  const salesBy = shareByWeight(salesOwed, salesWeights);

  const commissions = await repo.listMonthCommissions(db, month);
  const commissionBy = new Map(commissions.map((c) => [c.payee, c.cents]));

  const earliestOpen = (await repo.listDraftMonthsBefore(db, month)).length === 0;
  const adjustments = earliestOpen ? await takeBacks(db) : [];
  const adjustedBy = new Map<string, number>();
  for (const a of adjustments) {
    const key = lineKey(a.payeeUserId, lineKindOf(a.kind));
    adjustedBy.set(key, (adjustedBy.get(key) ?? 0) + a.amountCents);
  }

  const previous = await repo.findLatestClosedPayout(db, month);
  const carried = new Map((previous ? await repo.listCarriedLines(db, previous.id) : []).map((l) => [lineKey(l.payee, l.kind), l.amount]));

  // One line per payee and kind: creators' and collaborators' earnings, affiliates' commissions.
  const keys = new Set([...[...details.keys()].map((p) => lineKey(p, 'creator')), ...[...commissionBy.keys()].map((p) => lineKey(p, 'affiliate')), ...adjustedBy.keys(), ...carried.keys()]);
  const lineOf = (key: string) => ({ kind: key.slice(0, key.indexOf(':')) as PayoutLineKind, payee: key.slice(key.indexOf(':') + 1) });
  const ordered = [...keys].map(lineOf).sort((a, b) => (a.payee === b.payee ? (a.kind < b.kind ? 1 : -1) : a.payee < b.payee ? -1 : 1));
  const accounts = await repo.listActivePayoutAccounts(db, [...new Set(ordered.map((l) => l.payee))]);
  const lines: DraftLine[] = [];
  for (const { payee, kind } of ordered) {
    const key = lineKey(payee, kind);
    const creator = kind === 'creator';
    const poolCents = creator ? (poolBy.get(payee) ?? 0) : 0;
    const salesCents = creator ? (salesBy.get(payee) ?? 0) : 0;
    const commissionCents = creator ? 0 : (commissionBy.get(payee) ?? 0);
    const adjustmentCents = adjustedBy.get(key) ?? 0;
    const carriedInCents = carried.get(key) ?? 0;
    const amountCents = carriedInCents + poolCents + salesCents + commissionCents + adjustmentCents;
    const reason = carryReason(amountCents, accounts.has(payee));
    lines.push({
      payeeUserId: payee,
      kind,
      credits: creator ? (credits.get(payee) ?? 0) : 0,
      poolCents,
      salesCents,
      commissionCents,
      adjustmentCents,
      carriedInCents,
      amountCents,
      details: creator ? (details.get(payee) ?? []) : [],
      status: reason ? 'carried' : 'pending',
      carryReason: reason,
    });
  }
  return {
    totals: {
      revenueCents: revenue,
      poolCents: pool,
      credits: monthCredits,
      salesCents: sales,
      salesOwedCents: salesOwed,
      commissionsCents: commissions.reduce((a, c) => a + c.cents, 0),
      adjustmentsCents: adjustments.reduce((a, x) => a + x.amountCents, 0),
      totalCents: lines.filter((l) => l.status === 'pending').reduce((a, l) => a + l.amountCents, 0),
    },
    lines,
    adjustments,
  };
}

function checkMonth(month: string): void {
  if (!MONTH.test(month)) throw new AppError('VALIDATION_FAILED', 'A month is written YYYY-MM-01', 'month');
}

/**
 * Computes `month` as a draft: creates it, or replaces its lines. Refuses a month not begun yet and one approved
 * already. With `skipEmpty`, a month with nothing in it and no draft yet is left out (the scheduled job's way).
 */
export async function computeDraft(db: Db, month: string, now: Date, options: { skipEmpty?: boolean } = {}): Promise<MonthlyPayoutRow | null> {
  checkMonth(month);
  if (month > monthStart(now)) throw new AppError('VALIDATION_FAILED', 'That month has not begun yet', 'month');
  return db.transaction(async (tx) => {
    const existing = await repo.findPayoutByMonth(tx, month);
    if (existing && existing.status !== 'draft') throw new AppError('CONFLICT', `The payout for ${monthName(month)} is ${existing.status} already: it no longer changes.`);
    const computed = await computeMonth(tx, month);
    if (!existing && options.skipEmpty && computed.lines.length === 0 && computed.totals.revenueCents === 0) return null;
    const draft = await repo.upsertDraft(tx, month);
    if (draft.status !== 'draft') throw new AppError('CONFLICT', `The payout for ${monthName(month)} is ${draft.status} already: it no longer changes.`);
    return repo.replaceDraft(tx, draft.id, computed.totals, computed.lines, computed.adjustments);
  });
}

export const monthName = (month: string): string => new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Approves a month: computed a last time and frozen, under the payouts lock (refunds and split changes wait).
 * Refuses a month approved already, one not over yet, and one after a month still in draft.
 */
export async function approveMonth(db: Db, payoutId: string, adminUserId: string, now: Date): Promise<MonthlyPayoutRow> {
  return db.transaction(async (tx) => {
    await repo.lockPayouts(tx);
    const payout = await repo.findPayout(tx, payoutId, true);
    if (!payout) throw notFound('That month');
    if (payout.status !== 'draft') throw new AppError('CONFLICT', `${monthName(payout.month)} was approved already.`);
    if (!monthEnded(payout.month, now)) throw new AppError('CONFLICT', `${monthName(payout.month)} is not over yet: approve it from the 1st of the next month.`);
    const before = await repo.listDraftMonthsBefore(tx, payout.month);
    if (before.length > 0) throw new AppError('CONFLICT', `Approve ${monthName(before[0]!)} first: months are approved in order.`);
    const computed = await computeMonth(tx, payout.month);
    await repo.replaceDraft(tx, payout.id, computed.totals, computed.lines, computed.adjustments);
    const approved = await repo.markApproved(tx, payout.id, adminUserId);
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'payout.approve',
      targetType: 'monthly_payout',
      targetId: payout.id,
      details: { month: payout.month, revenue_cents: approved.revenueCents, pool_cents: approved.poolCents, sales_owed_cents: approved.salesOwedCents, commissions_cents: approved.commissionsCents, adjustments_cents: approved.adjustmentsCents, total_cents: approved.totalCents, lines: computed.lines.length },
    });
    // Each refund taken back is on record with the month that froze it: who, which payment, from which month, how much.
    for (const adjustment of computed.adjustments) {
      await recordAudit(tx, {
        actorUserId: adminUserId,
        action: 'payout.adjustment',
        targetType: 'payment_receipt',
        targetId: adjustment.receiptId,
        details: { payout_id: payout.id, month: payout.month, payee_user_id: adjustment.payeeUserId, source_month: adjustment.sourceMonth, kind: adjustment.kind, amount_cents: adjustment.amountCents },
      });
    }
    return approved;
  });
}

/** The first month a change of revenue split applies to: the one after the latest approved month (none: every month not paid). */
export async function firstUnpaidMonth(db: DbOrTx): Promise<string | null> {
  const latest = await repo.findLatestClosedPayout(db);
  return latest ? nextMonth(latest.month) : null;
}

/** Months the scheduled job keeps as drafts at most this far back. */
const MAX_OPEN_MONTHS = 24;

/**
 * The `payout-drafts` job (hourly): every month from the one after the latest approved month (or the first with
 * activity) to the current one, computed as drafts — the month just ended for admins to approve, the month so far
 * as creators' estimate.
 */
export async function computeOpenMonths(db: Db, now: Date): Promise<number> {
  const latest = await repo.findLatestClosedPayout(db);
  let month = latest ? nextMonth(latest.month) : await repo.findFirstActivityMonth(db);
  if (!month) return 0;
  const current = monthStart(now);
  const floor = monthStart(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - MAX_OPEN_MONTHS, 1)));
  if (month < floor) month = floor;
  let computed = 0;
  for (; month <= current; month = nextMonth(month)) {
    if (await computeDraft(db, month, now, { skipEmpty: true })) computed += 1;
  }
  return computed;
}

export interface LineSpendPage {
  rows: repo.LineSpendRow[];
  next: { at: string; id: string } | null;
}

/** The spends and sales behind a line (the admin's drill-down), a page at a time. */
export async function listLineSpends(db: DbOrTx, lineId: string, page: { after: { at: string; id: string } | null; limit: number }): Promise<{ line: repo.PayoutLineRow & { month: string }; page: LineSpendPage; adjustments: Awaited<ReturnType<typeof repo.listLineAdjustments>> }> {
  const line = await repo.findLine(db, lineId);
  if (!line) throw notFound('That payout line');
  const payout = (await repo.findPayout(db, line.payoutId))!;
  // An affiliate's line is made of commissions, not of spends on sounds.
  const rows = line.kind === 'creator' ? await repo.listLineSpends(db, { month: line.month, payee: line.payeeUserId, approvedAt: payout.approvedAt, after: page.after, limit: page.limit + 1 }) : [];
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    line,
    page: { rows: shown, next: more && last ? { at: last.acquiredAt.toISOString(), id: last.ownedItemId } : null },
    adjustments: await repo.listLineAdjustments(db, line.payoutId, line.payeeUserId, line.kind),
  };
}
