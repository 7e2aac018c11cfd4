import type { AppContext } from '../../app-context.ts';
import type { ScheduledPayload } from '../../jobs/job-queue.ts';
import { rollUpSiteStats } from './admin-dashboard-service.ts';

/** The `site-stats-rollup` job, every ten minutes: /admin's key numbers are at most that old. */
export async function runSiteStatsRollup(ctx: AppContext, { slot }: ScheduledPayload): Promise<void> {
  const days = await rollUpSiteStats(ctx.db, new Date(Math.max(Date.parse(slot), Date.now())));
  ctx.log.debug({ days }, 'site stats rolled up');
}
