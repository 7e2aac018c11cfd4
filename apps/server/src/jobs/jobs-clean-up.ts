import type { AppContext } from '../app-context.ts';
import type { JobRetention } from './job-queue.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How long finished job rows are kept (docs/decisions/0037): done ones a week — the admin view's recent
 * history, and the window in which a unique key still stops the same work being queued again — and
 * failed ones 30 days, time for someone to read the error. Schedule slots go after 30 days too, except
 * each schedule's latest.
 */
export const JOB_RETENTION: JobRetention = { doneMs: 7 * DAY_MS, failedMs: 30 * DAY_MS };

/** The `jobs-clean-up` job, scheduled hourly: each run deletes about an hour's worth of rows. */
export async function runJobsCleanUp(ctx: AppContext): Promise<void> {
  const deleted = await ctx.jobs.deleteFinished(JOB_RETENTION);
  if (deleted.done + deleted.failed + deleted.slots > 0) ctx.log.info(deleted, 'finished job rows deleted');
}
