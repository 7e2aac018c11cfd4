import type { AppContext } from '../../app-context.ts';
import type { ScheduledPayload } from '../../jobs/job-queue.ts';
import { computeOpenMonths } from './payout-month-service.ts';

/** The `payout-drafts` job, hourly: the month just ended waits as a draft for an admin, the month so far is creators' estimate. */
export async function runPayoutDrafts(ctx: AppContext, { slot }: ScheduledPayload): Promise<void> {
  const months = await computeOpenMonths(ctx.db, new Date(Math.max(Date.parse(slot), ctx.clock.now().getTime())));
  ctx.log.debug({ months }, 'payout drafts computed');
}
