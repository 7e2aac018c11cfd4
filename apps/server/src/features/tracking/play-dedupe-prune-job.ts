import { PLAY_DEDUPE_WINDOW_SECONDS } from '@crate/contract/analytics';
import type { AppContext } from '../../app-context.ts';
import { prunePlayRecords } from './item-events-repository.ts';

/** A browser keeps a preview an hour (CACHE_PUBLIC_MEDIA) and fetches it again after: an older serve is never the one played. */
const PREVIEW_SERVE_KEEP_SECONDS = 2 * 3600;

/**
 * The `play-dedupe-prune` job, scheduled hourly (jobs/job-catalogue.ts): forgets what no longer holds
 * back a play — listens older than the dedupe window, preview serves older than
 * PREVIEW_SERVE_KEEP_SECONDS, play budgets of past days — so play_dedupe, preview_serves and
 * play_budgets hold about an hour, two hours and two days.
 */
export async function runPlayDedupePrune(ctx: AppContext): Promise<void> {
  const removed = await prunePlayRecords(ctx.db, ctx.clock.now(), PLAY_DEDUPE_WINDOW_SECONDS, PREVIEW_SERVE_KEEP_SECONDS);
  if (removed > 0) ctx.log.debug({ removed }, 'play records pruned');
}
