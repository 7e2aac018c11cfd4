import { asc, gte, sql } from 'drizzle-orm';
import { PAST_DUE_GRACE_DAYS } from '@crate/contract/checkout';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { creatorApplications, creditLedger, itemEvents, jobs, packs, paymentPrices, paymentReceipts, processingRuns, siteDailyStats, subscriptions, users } from '../../db/schema/index.ts';

export interface AttentionCounts {
  creatorApplications: number;
  packsAwaitingReview: number;
  packsWithFileErrors: number;
  failedProcessingRuns: number;
  failedJobs: number;
  openDisputes: number;
}

/** What needs an admin now: each count one range of a (partial) index. Failed processing runs count those of the last `sinceDays`. */
export async function countAttention(db: DbOrTx, sinceDays: number): Promise<AttentionCounts> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${creatorApplications} where ${creatorApplications.status} = 'submitted')::int as creator_applications,
      (select count(*) from ${packs} where ${packs.status} = ${PACK_STATUS.awaitingApproval})::int as packs_awaiting_review,
      (select count(*) from ${packs} where ${packs.status} = ${PACK_STATUS.fileErrors})::int as packs_with_file_errors,
      (select count(*) from ${processingRuns} where ${processingRuns.status} = 'Errors' and ${processingRuns.startedAt} >= now() - make_interval(days => ${sinceDays}))::int as failed_processing_runs,
      (select count(*) from ${jobs} where ${jobs.status} = 'failed')::int as failed_jobs,
      (select count(*) from ${paymentReceipts} where ${paymentReceipts.status} = 'disputed')::int as open_disputes`);
  const [row] = rowsOf<Record<string, number>>(result);
  return {
    creatorApplications: Number(row!.creator_applications),
    packsAwaitingReview: Number(row!.packs_awaiting_review),
    packsWithFileErrors: Number(row!.packs_with_file_errors),
    failedProcessingRuns: Number(row!.failed_processing_runs),
    failedJobs: Number(row!.failed_jobs),
    openDisputes: Number(row!.open_disputes),
  };
}

export type SiteDayRow = typeof siteDailyStats.$inferSelect;

/** The rollup rows from `fromDay` on, oldest first (at most a month: the primary key's range). */
export async function listSiteDays(db: DbOrTx, fromDay: string): Promise<SiteDayRow[]> {
  return db.select().from(siteDailyStats).where(gte(siteDailyStats.day, fromDay)).orderBy(asc(siteDailyStats.day));
}

/** The day's flows, each one index range: sign-ups (users_created_idx), credits spent (credit_ledger_spend_idx), plays and downloads (item_events_kind_created_idx). */
export async function countDayFlows(db: DbOrTx, day: string): Promise<{ signups: number; creditsSpent: number; downloads: number; plays: number }> {
  const from = sql`${day}::date::timestamptz`;
  const to = sql`(${day}::date + 1)::timestamptz`;
  const events = (kind: 'play' | 'download') => sql`(select count(*) from ${itemEvents} where ${itemEvents.kind} = ${kind} and ${itemEvents.createdAt} >= ${from} and ${itemEvents.createdAt} < ${to})::int`;
  const result = await db.execute(sql`
    select
      (select count(*) from ${users} where ${users.createdAt} >= ${from} and ${users.createdAt} < ${to})::int as signups,
      (select coalesce(-sum(${creditLedger.amount}), 0) from ${creditLedger} where ${creditLedger.kind} = 'spend' and ${creditLedger.createdAt} >= ${from} and ${creditLedger.createdAt} < ${to})::int as credits_spent,
      ${events('download')} as downloads,
      ${events('play')} as plays`);
  const [row] = rowsOf<Record<string, number>>(result);
  return { signups: Number(row!.signups), creditsSpent: Number(row!.credits_spent), downloads: Number(row!.downloads), plays: Number(row!.plays) };
}

/**
 * Subscribers now and their monthly recurring revenue per currency: the subscriptions that grant access (the SQL
 * twin of fulfilment-service's grantsAccess: active or trialing, or past due within the grace period, never a
 * duplicate), at the price of the period paid for; a yearly plan counts a twelfth a month.
 */
export async function countSubscribersNow(db: DbOrTx): Promise<{ currency: string; subscribers: number; mrr: number }[]> {
  const result = await db.execute(sql`
    select p.currency, count(distinct s.user_id)::int as subscribers,
      coalesce(round(sum(p.unit_amount::numeric / (p.interval_count * case p.interval when 'year' then 12 else 1 end))), 0)::int as mrr
    from ${subscriptions} s
    join ${paymentPrices} p on p.id = coalesce(s.paid_price_id, s.price_id)
    where s.duplicate_of is null
      and (s.status in ('active', 'trialing') or (s.status = 'past_due' and s.past_due_since > now() - make_interval(days => ${PAST_DUE_GRACE_DAYS})))
    group by p.currency`);
  return rowsOf<{ currency: string; subscribers: number; mrr: number }>(result).map((r) => ({ currency: r.currency, subscribers: Number(r.subscribers), mrr: Number(r.mrr) }));
}

/** Writes one day's numbers; the snapshot columns only when given (a past day keeps the last snapshot taken while it ran). */
export async function upsertSiteDay(
  db: DbOrTx,
  day: string,
  flows: { signups: number; creditsSpent: number; downloads: number; plays: number },
  snapshot: { activeSubscribers: number; mrr: number; mrrCurrency: string | null } | null,
): Promise<void> {
  const values = { day, ...flows, ...(snapshot ?? {}), updatedAt: new Date() };
  await db
    .insert(siteDailyStats)
    .values(values)
    .onConflictDoUpdate({ target: siteDailyStats.day, set: { ...flows, ...(snapshot ?? {}), updatedAt: values.updatedAt } });
}
