/**
 * The queries of monthly payouts (docs/decisions/0051). What a month owes is aggregated here, in SQL, per pack and
 * payee; the exact division into cents (largest remainder) is the service's, over those few rows.
 */
import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PayoutAdjustmentKind, PayoutLineKind } from '@crate/contract/payout-enums';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { monthlyPayouts, payoutAccounts, payoutAdjustments, payoutLines, type PayoutLineDetail } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-rows.ts';

const CHUNK = 1000;

export type MonthlyPayoutRow = typeof monthlyPayouts.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;

/**
 * Serialises what must not interleave with a month's approval: approving, writing a revenue split, and marking a
 * payment refunded or disputed (decision 0051). Held until the transaction ends.
 */
export async function lockPayouts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crate:payouts'))`);
}

export async function findPayoutByMonth(db: DbOrTx, month: string): Promise<MonthlyPayoutRow | null> {
  const [row] = await db.select().from(monthlyPayouts).where(eq(monthlyPayouts.month, month));
  return row ?? null;
}

export async function findPayout(db: DbOrTx, id: string, forUpdate = false): Promise<MonthlyPayoutRow | null> {
  const query = db.select().from(monthlyPayouts).where(eq(monthlyPayouts.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The latest month approved (or paying, or paid): its lines carry balances into the next. */
export async function findLatestClosedPayout(db: DbOrTx, before?: string): Promise<MonthlyPayoutRow | null> {
  const conditions = [ne(monthlyPayouts.status, 'draft')];
  if (before) conditions.push(lt(monthlyPayouts.month, before));
  const [row] = await db.select().from(monthlyPayouts).where(and(...conditions)).orderBy(desc(monthlyPayouts.month)).limit(1);
  return row ?? null;
}

/** Drafts of months before this one (approval goes in order). */
export async function listDraftMonthsBefore(db: DbOrTx, month: string): Promise<string[]> {
  const rows = await db.select({ month: monthlyPayouts.month }).from(monthlyPayouts).where(and(eq(monthlyPayouts.status, 'draft'), lt(monthlyPayouts.month, month))).orderBy(asc(monthlyPayouts.month));
  return rows.map((r) => r.month);
}

export async function listClosedPayouts(db: DbOrTx): Promise<MonthlyPayoutRow[]> {
  return db.select().from(monthlyPayouts).where(ne(monthlyPayouts.status, 'draft')).orderBy(asc(monthlyPayouts.month));
}

/** The first day of the earliest month anything was paid for with credits or money (null: nothing yet). */
export async function findFirstActivityMonth(db: DbOrTx): Promise<string | null> {
  const [row] = rowsOf<{ month: string | null }>(
    await db.execute(sql`
      select to_char(date_trunc('month', least(
        (select min(created_at) from owned_items where credits > 0 or price_cents > 0),
        (select min(created_at) from payment_receipts where kind in ('plan', 'refill'))
      ) at time zone 'UTC'), 'YYYY-MM-DD') as month`),
  );
  return row?.month ?? null;
}

/**
 * What each plan or refill receipt recognises in `month` (decision 0051): its amount net of Crate's automatic
 * refunds, spread over the months its period covers (largest remainder to the first ones). `status` filters the
 * receipts: those paid now (a month's revenue), or those refunded or disputed (take-backs).
 */
function recognisedIn(month: string, statusFilter: SQL): SQL {
  return sql`
    select r.id, r.status, r.status_changed_at, (r.net / r.n) + case when r.k < (r.net % r.n) then 1 else 0 end as cents
    from (
      select rc.id, rc.status, rc.status_changed_at,
        greatest(0, rc.amount - coalesce((select sum(f.amount) from payment_refunds f where f.receipt_id = rc.id and f.status <> 'failed'), 0))::bigint as net,
        case when rc.kind = 'plan' and rc.period_start is not null and rc.period_end > rc.period_start
          then greatest(1, round(extract(epoch from rc.period_end - rc.period_start) / 86400 / 30.4375))::int else 1 end as n,
        ((extract(year from ${month}::date) * 12 + extract(month from ${month}::date))
          - (extract(year from coalesce(rc.period_start, rc.created_at) at time zone 'UTC') * 12 + extract(month from coalesce(rc.period_start, rc.created_at) at time zone 'UTC')))::int as k
      from payment_receipts rc
      where rc.kind in ('plan', 'refill') and ${statusFilter}
        and coalesce(rc.period_start, rc.created_at) < (${month}::date + interval '1 month')
        and coalesce(rc.period_start, rc.created_at) >= (${month}::date - interval '4 years')
    ) r
    where r.k >= 0 and r.k < r.n`;
}

/** The month's recognised plan and refill revenue from receipts still paid. */
export async function sumRecognisedRevenue(db: DbOrTx, month: string): Promise<number> {
  const [row] = rowsOf<{ cents: string | null }>(await db.execute(sql`select sum(cents)::bigint as cents from (${recognisedIn(month, sql`rc.status = 'paid'`)}) x`));
  return Number(row?.cents ?? 0);
}

/** The pack's split that applies to a month (the version with the latest effective month up to it); none → the creator's owner. */
const splitFor = (month: string) => sql`
  select distinct on (s.pack_id) s.pack_id, s.id from revenue_splits s
  where s.pack_id is not null and s.effective_month <= ${month}::date
  order by s.pack_id, s.effective_month desc`;

export interface PackPayeeShare {
  payee: string;
  packId: string;
  packTitle: string;
  creatorId: string;
  creatorName: string;
  bps: number;
  credits: number;
  sales: number;
}

/**
 * Per pack and payee: the credits spent on the pack's sounds in the month and their price shares when bought
 * outright (purchases whose payment is still paid), with the payee's share of the pack. One pass over the month's
 * owned_items, summed per sound first (in parallel: the paid purchases are a hash join, not a subplan per row),
 * then per pack before the split's rows multiply it (bench:payouts: 10 million spends).
 */
export async function listPackPayeeShares(db: DbOrTx, month: string): Promise<PackPayeeShare[]> {
  // The app plans generically (db/client.ts); blind to the month's range, the planner expects a few thousand
  // spends of millions and sorts them all to group them. This statement is planned for its month (computeDraft
  // and approveMonth call it in their transaction, which the setting ends with).
  await db.execute(sql`set local plan_cache_mode = force_custom_plan`);
  const rows = rowsOf<{ payee: string; pack_id: string; pack_title: string; creator_id: string; creator_name: string; bps: number; credits: string; sales: string }>(
    await db.execute(sql`
      with paid as (
        select i.pack_id, sum(x.credits)::bigint as credits, sum(x.sales)::bigint as sales
        from (
          select o.item_id, sum(coalesce(o.credits, 0)) as credits, sum(case when ps.id is not null then o.price_cents else 0 end) as sales
          from owned_items o
          left join (select c.id from checkout_sessions c join payment_receipts rc on rc.provider_ref = c.session_id where rc.status = 'paid') ps
            on ps.id = o.checkout_session_id and o.price_cents > 0
          where (o.credits > 0 or o.price_cents > 0)
            and o.created_at >= ${month}::date and o.created_at < (${month}::date + interval '1 month')
          group by o.item_id
        ) x join items i on i.id = x.item_id
        group by i.pack_id
      ), split as (${splitFor(month)})
      select coalesce(sh.user_id, c.user_id) as payee, p.id as pack_id, p.title as pack_title, c.id as creator_id, c.name as creator_name,
        coalesce(sh.bps, 10000) as bps, paid.credits, paid.sales
      from paid join packs p on p.id = paid.pack_id join creators c on c.id = p.creator_id
      left join split on split.pack_id = paid.pack_id
      left join revenue_split_shares sh on sh.split_id = split.id
      where paid.credits > 0 or paid.sales > 0`),
  );
  return rows.map((r) => ({ payee: r.payee, packId: r.pack_id, packTitle: r.pack_title, creatorId: r.creator_id, creatorName: r.creator_name, bps: Number(r.bps), credits: Number(r.credits), sales: Number(r.sales) }));
}

/** Lines of a closed month carried into the next one (their amount is the next month's carried in, on a line of the same kind). */
export async function listCarriedLines(db: DbOrTx, payoutId: string): Promise<{ payee: string; kind: PayoutLineKind; amount: number }[]> {
  const rows = await db
    .select({ payee: payoutLines.payeeUserId, kind: payoutLines.kind, amount: payoutLines.amountCents })
    .from(payoutLines)
    .where(and(eq(payoutLines.payoutId, payoutId), eq(payoutLines.status, 'carried')));
  return rows;
}

/** Each affiliate's commissions of the month on payments still paid (decision 0056), with how many payments earned them. */
export async function listMonthCommissions(db: DbOrTx, month: string): Promise<{ payee: string; cents: number; payments: number }[]> {
  const rows = rowsOf<{ payee: string; cents: string; payments: string }>(
    await db.execute(sql`
      select c.affiliate_user_id as payee, sum(c.amount_cents)::bigint as cents, count(*)::bigint as payments
      from affiliate_commissions c join payment_receipts rc on rc.id = c.receipt_id
      where c.month = ${month}::date and rc.status = 'paid'
      group by c.affiliate_user_id`),
  );
  return rows.map((r) => ({ payee: r.payee, cents: Number(r.cents), payments: Number(r.payments) }));
}

/** A commission counted in a closed month whose payment was refunded or disputed after that month was approved, not yet taken back. */
export interface CommissionTakeBack {
  receiptId: string;
  sourceMonth: string;
  payee: string;
  cents: number;
}

export async function listCommissionTakeBacks(db: DbOrTx, closed: readonly MonthlyPayoutRow[]): Promise<CommissionTakeBack[]> {
  const found: CommissionTakeBack[] = [];
  for (const payout of closed) {
    const rows = rowsOf<{ receipt_id: string; payee: string; cents: number }>(
      await db.execute(sql`
        select c.receipt_id, c.affiliate_user_id as payee, c.amount_cents as cents
        from affiliate_commissions c join payment_receipts rc on rc.id = c.receipt_id
        where c.month = ${payout.month}::date and rc.status in ('refunded', 'disputed') and rc.status_changed_at > ${payout.approvedAt!.toISOString()}::timestamptz
          and not exists (select 1 from payout_adjustments a join monthly_payouts m on m.id = a.payout_id
            where a.receipt_id = c.receipt_id and a.source_month = ${payout.month}::date and a.kind = 'commission_refund' and m.status <> 'draft')`),
    );
    for (const row of rows) found.push({ receiptId: row.receipt_id, sourceMonth: payout.month, payee: row.payee, cents: Number(row.cents) });
  }
  return found;
}

export async function listActivePayoutAccounts(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>> {
  const active = new Set<string>();
  for (let start = 0; start < userIds.length; start += CHUNK) {
    const rows = await db
      .select({ userId: payoutAccounts.userId })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.status, 'active'), inArray(payoutAccounts.userId, userIds.slice(start, start + CHUNK))));
    for (const row of rows) active.add(row.userId);
  }
  return active;
}

/** A plan or refill refunded or disputed after a closed month counting it was approved, not yet taken back there. */
export interface PoolTakeBack {
  receiptId: string;
  sourceMonth: string;
  sourcePayoutId: string;
  cents: number;
}

export async function listPoolTakeBacks(db: DbOrTx, closed: readonly MonthlyPayoutRow[]): Promise<PoolTakeBack[]> {
  const found: PoolTakeBack[] = [];
  for (const payout of closed) {
    const rows = rowsOf<{ id: string; cents: string }>(
      await db.execute(sql`
        select x.id, x.cents from (${recognisedIn(payout.month, sql`rc.status in ('refunded', 'disputed')`)}) x
        where x.cents > 0 and x.status_changed_at > ${payout.approvedAt!.toISOString()}::timestamptz
          and not exists (select 1 from payout_adjustments a join monthly_payouts m on m.id = a.payout_id
            where a.receipt_id = x.id and a.source_month = ${payout.month}::date and a.kind = 'pool_refund' and m.status <> 'draft')`),
    );
    for (const row of rows) found.push({ receiptId: row.id, sourceMonth: payout.month, sourcePayoutId: payout.id, cents: Number(row.cents) });
  }
  return found;
}

export async function listPoolCents(db: DbOrTx, payoutId: string): Promise<{ payee: string; cents: number }[]> {
  const rows = await db.select({ payee: payoutLines.payeeUserId, cents: payoutLines.poolCents }).from(payoutLines).where(and(eq(payoutLines.payoutId, payoutId), sql`${payoutLines.poolCents} > 0`));
  return rows;
}

/** A purchase refunded or disputed after the closed month that counted its sounds was approved: its price shares per payee. */
export interface SalesTakeBack {
  receiptId: string;
  sourceMonth: string;
  payee: string;
  /** Σ price share × bps of the payee's sounds in it. */
  weight: number;
  sales: number;
}

export async function listSalesTakeBacks(db: DbOrTx, closed: readonly MonthlyPayoutRow[]): Promise<SalesTakeBack[]> {
  const found: SalesTakeBack[] = [];
  for (const payout of closed) {
    const rows = rowsOf<{ receipt_id: string; payee: string; weight: string; sales: string }>(
      await db.execute(sql`
        with refunded as (
          select rc.id as receipt_id, c.id as checkout_id from payment_receipts rc join checkout_sessions c on c.session_id = rc.provider_ref
          where rc.kind = 'purchase' and rc.status in ('refunded', 'disputed') and rc.status_changed_at > ${payout.approvedAt!.toISOString()}::timestamptz
            and not exists (select 1 from payout_adjustments a join monthly_payouts m on m.id = a.payout_id
              where a.receipt_id = rc.id and a.source_month = ${payout.month}::date and a.kind = 'sales_refund' and m.status <> 'draft')
        ), sold as (
          select r.receipt_id, i.pack_id, sum(o.price_cents)::bigint as sales
          from refunded r join owned_items o on o.checkout_session_id = r.checkout_id join items i on i.id = o.item_id
          where o.price_cents > 0 and o.created_at >= ${payout.month}::date and o.created_at < (${payout.month}::date + interval '1 month')
          group by r.receipt_id, i.pack_id
        ), split as (${splitFor(payout.month)})
        select sold.receipt_id, coalesce(sh.user_id, c.user_id) as payee, sum(sold.sales * coalesce(sh.bps, 10000))::bigint as weight, sum(sold.sales)::bigint as sales
        from sold join packs p on p.id = sold.pack_id join creators c on c.id = p.creator_id
        left join split on split.pack_id = sold.pack_id left join revenue_split_shares sh on sh.split_id = split.id
        group by sold.receipt_id, coalesce(sh.user_id, c.user_id)`),
    );
    for (const row of rows) found.push({ receiptId: row.receipt_id, sourceMonth: payout.month, payee: row.payee, weight: Number(row.weight), sales: Number(row.sales) });
  }
  return found;
}

export async function upsertDraft(db: DbOrTx, month: string): Promise<MonthlyPayoutRow> {
  await db.insert(monthlyPayouts).values({ month }).onConflictDoNothing({ target: monthlyPayouts.month });
  const [row] = await db.select().from(monthlyPayouts).where(eq(monthlyPayouts.month, month)).for('update');
  return row!;
}

export interface DraftLine {
  payeeUserId: string;
  kind: PayoutLineKind;
  credits: number;
  poolCents: number;
  salesCents: number;
  commissionCents: number;
  adjustmentCents: number;
  carriedInCents: number;
  amountCents: number;
  details: PayoutLineDetail[];
  status: 'pending' | 'carried';
  carryReason: 'below_minimum' | 'no_account' | 'negative' | null;
}

export interface DraftAdjustment {
  payeeUserId: string;
  receiptId: string;
  sourceMonth: string;
  kind: PayoutAdjustmentKind;
  amountCents: number;
}

/** Replaces a draft's lines and adjustments, and its totals. */
export async function replaceDraft(
  tx: Tx,
  payoutId: string,
  totals: Pick<MonthlyPayoutRow, 'revenueCents' | 'poolCents' | 'credits' | 'salesCents' | 'salesOwedCents' | 'commissionsCents' | 'adjustmentsCents' | 'totalCents'>,
  lines: readonly DraftLine[],
  adjustments: readonly DraftAdjustment[],
): Promise<MonthlyPayoutRow> {
  await tx.delete(payoutAdjustments).where(eq(payoutAdjustments.payoutId, payoutId));
  await tx.delete(payoutLines).where(eq(payoutLines.payoutId, payoutId));
  for (let start = 0; start < lines.length; start += CHUNK) {
    await tx.insert(payoutLines).values(lines.slice(start, start + CHUNK).map((line) => ({ payoutId, ...line })));
  }
  for (let start = 0; start < adjustments.length; start += CHUNK) {
    await tx.insert(payoutAdjustments).values(adjustments.slice(start, start + CHUNK).map((a) => ({ payoutId, ...a })));
  }
  const [row] = await tx.update(monthlyPayouts).set({ ...totals, computedAt: sql`clock_timestamp()` }).where(eq(monthlyPayouts.id, payoutId)).returning();
  return row!;
}

export async function markApproved(tx: Tx, payoutId: string, adminUserId: string): Promise<MonthlyPayoutRow> {
  const [row] = await tx.update(monthlyPayouts).set({ status: 'approved', approvedBy: adminUserId, approvedAt: sql`clock_timestamp()` }).where(eq(monthlyPayouts.id, payoutId)).returning();
  return row!;
}

export async function findLine(db: DbOrTx, lineId: string): Promise<(PayoutLineRow & { month: string }) | null> {
  const [row] = await db.select({ line: payoutLines, month: monthlyPayouts.month }).from(payoutLines).innerJoin(monthlyPayouts, eq(monthlyPayouts.id, payoutLines.payoutId)).where(eq(payoutLines.id, lineId));
  return row ? { ...row.line, month: row.month } : null;
}

/** The refunds taken back in one payee's line: commissions from an affiliate line, earnings from a creator line. */
export async function listLineAdjustments(db: DbOrTx, payoutId: string, payeeUserId: string, kind: PayoutLineKind) {
  const kinds = kind === 'affiliate' ? sql`${payoutAdjustments.kind} = 'commission_refund'` : sql`${payoutAdjustments.kind} <> 'commission_refund'`;
  return db
    .select()
    .from(payoutAdjustments)
    .where(and(eq(payoutAdjustments.payoutId, payoutId), eq(payoutAdjustments.payeeUserId, payeeUserId), kinds))
    .orderBy(asc(payoutAdjustments.sourceMonth), asc(payoutAdjustments.receiptId));
}

export interface LineSpendRow {
  ownedItemId: string;
  acquiredAt: Date;
  itemId: string;
  itemName: string;
  packId: string;
  packTitle: string;
  creditLedgerId: string | null;
  checkoutSessionId: string | null;
  credits: number;
  priceCents: number;
  shareBps: number;
}

/** The spends and sales behind one payee's line of a month, oldest first (keyset on acquired time and id). */
export async function listLineSpends(
  db: DbOrTx,
  input: { month: string; payee: string; approvedAt: Date | null; after: { at: string; id: string } | null; limit: number },
): Promise<LineSpendRow[]> {
  // A sale counted when the month was computed: still paid, or refunded only after the month was approved.
  const counted = input.approvedAt ? sql`(rc.status = 'paid' or rc.status_changed_at > ${input.approvedAt.toISOString()}::timestamptz)` : sql`rc.status = 'paid'`;
  const after = input.after ? sql`and (o.created_at, o.id) > (${input.after.at}::timestamptz, ${input.after.id}::uuid)` : sql``;
  const rows = rowsOf<{ id: string; acquired_at: string | Date; item_id: string; item_name: string; pack_id: string; pack_title: string; credit_ledger_id: string | null; checkout_session_id: string | null; credits: number | null; price_cents: number | null; bps: number }>(
    await db.execute(sql`
      with split as (${splitFor(input.month)}),
      packs_of_payee as (
        select p.id as pack_id, coalesce(sh.bps, 10000) as bps
        from packs p join creators c on c.id = p.creator_id
        left join split on split.pack_id = p.id left join revenue_split_shares sh on sh.split_id = split.id
        where coalesce(sh.user_id, c.user_id) = ${input.payee}
      )
      select o.id, o.created_at as acquired_at, i.id as item_id, i.name as item_name, p.id as pack_id, p.title as pack_title,
        o.credit_ledger_id, o.checkout_session_id, o.credits, o.price_cents, pp.bps
      from owned_items o join items i on i.id = o.item_id join packs_of_payee pp on pp.pack_id = i.pack_id join packs p on p.id = i.pack_id
      where (o.credits > 0 or (o.price_cents > 0 and exists (
          select 1 from checkout_sessions c join payment_receipts rc on rc.provider_ref = c.session_id where c.id = o.checkout_session_id and ${counted})))
        and o.created_at >= ${input.month}::date and o.created_at < (${input.month}::date + interval '1 month') ${after}
      order by o.created_at, o.id
      limit ${input.limit}`),
  );
  return rows.map((r) => ({
    ownedItemId: r.id,
    acquiredAt: new Date(r.acquired_at),
    itemId: r.item_id,
    itemName: r.item_name,
    packId: r.pack_id,
    packTitle: r.pack_title,
    creditLedgerId: r.credit_ledger_id,
    checkoutSessionId: r.checkout_session_id,
    credits: Number(r.credits ?? 0),
    priceCents: Number(r.price_cents ?? 0),
    shareBps: Number(r.bps),
  }));
}
