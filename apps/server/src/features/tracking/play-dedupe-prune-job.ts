import { PLAY_DEDUPE_WINDOW_SECONDS } from '@crate/contract/analytics';
import type { AppContext } from '../../app-context.ts';
import { pruneDedupe } from './item-events-repository.ts';

/**
 * The `play-dedupe-prune` job, scheduled hourly (jobs/job-catalogue.ts): forgets the listens that no
 * longer hold back a play (older than the dedupe window), so play_dedupe holds about an hour of
 * listeners, not every listen ever.
 */
export async function runPlayDedupePrune(ctx: AppContext): Promise<void> {
  const removed = await pruneDedupe(ctx.db, PLAY_DEDUPE_WINDOW_SECONDS);
  if (removed > 0) ctx.log.debug({ removed }, 'play dedupe pruned');
}
