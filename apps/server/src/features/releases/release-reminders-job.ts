import type { AppContext } from '../../app-context.ts';
import type { ScheduledPayload } from '../../jobs/job-queue.ts';
import { sendReleaseReminders } from './release-service.ts';

/** The `release-reminders` job, daily: writers who left a release unanswered for a week hear about it once (decision 0064). */
export async function runReleaseReminders(ctx: AppContext, { slot }: ScheduledPayload): Promise<void> {
  const sent = await sendReleaseReminders(ctx, new Date(Math.max(Date.parse(slot), ctx.clock.now().getTime())));
  if (sent > 0) ctx.log.info({ sent }, 'release reminders queued');
}
