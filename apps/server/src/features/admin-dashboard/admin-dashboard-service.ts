import { DASHBOARD_DAYS } from '@crate/contract/admin-dashboard';
import type { DbOrTx } from '../../db/client.ts';
import { payoutMonthsWaiting } from '../payouts/payout-admin-service.ts';
import { countAttention, countDayFlows, countSubscribersNow, listSiteDays, upsertSiteDay, type AttentionCounts, type SiteDayRow } from './admin-dashboard-repository.ts';

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The last `DASHBOARD_DAYS` UTC days up to the one `now` falls in, oldest first. */
function dashboardDays(now: Date): string[] {
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) => dayOf(new Date(now.getTime() - (DASHBOARD_DAYS - 1 - i) * DAY_MS)));
}

export interface Dashboard {
  attention: AttentionCounts;
  /** One per day of dashboardDays, null where the rollup has no row yet. */
  days: { day: string; row: SiteDayRow | null }[];
  /** Payout months waiting for an admin: ended drafts to approve, approved months to pay. */
  payoutsWaiting: Awaited<ReturnType<typeof payoutMonthsWaiting>>;
}

/** /admin: a handful of indexed counts and at most DASHBOARD_DAYS rollup rows, whatever the size of the catalogue (docs/decisions/0048). */
export async function readDashboard(db: DbOrTx, now: Date = new Date()): Promise<Dashboard> {
  const days = dashboardDays(now);
  const [attention, rows, payoutsWaiting] = await Promise.all([countAttention(db, DASHBOARD_DAYS), listSiteDays(db, days[0]!), payoutMonthsWaiting(db, now)]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return { attention, days: days.map((day) => ({ day, row: byDay.get(day) ?? null })), payoutsWaiting };
}

/**
 * Brings the rollup up to date (the scheduled `site-stats-rollup` job): today and yesterday are counted again
 * (late events land in them), and any day of the window with no row yet is filled in, so the first run
 * backfills the month. Today also takes the subscriber snapshot.
 */
export async function rollUpSiteStats(db: DbOrTx, now: Date): Promise<number> {
  const days = dashboardDays(now);
  const today = days.at(-1)!;
  const have = new Set((await listSiteDays(db, days[0]!)).map((r) => r.day));
  const due = days.filter((day, i) => i >= days.length - 2 || !have.has(day));
  for (const day of due) {
    const flows = await countDayFlows(db, day);
    let snapshot = null;
    if (day === today) {
      const groups = await countSubscribersNow(db);
      const main = groups.reduce<(typeof groups)[number] | null>((best, g) => (best === null || g.subscribers > best.subscribers ? g : best), null);
      snapshot = { activeSubscribers: groups.reduce((n, g) => n + g.subscribers, 0), mrr: main?.mrr ?? 0, mrrCurrency: main?.currency ?? null };
    }
    await upsertSiteDay(db, day, flows, snapshot);
  }
  return due.length;
}
