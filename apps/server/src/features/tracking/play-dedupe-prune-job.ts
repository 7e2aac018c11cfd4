import { z } from 'zod';
import { PLAY_DEDUPE_WINDOW_SECONDS } from '@crate/contract/analytics';
import type { AppContext } from '../../app-context.ts';
import { pruneDedupe } from './item-events-repository.ts';

/**
 * The `play-dedupe-prune` job: hourly, forgets the listens that no longer hold back a play (older than
 * the dedupe window), so play_dedupe holds about an hour of listeners, not every listen ever.
 */
const EVERY_MS = 60 * 60 * 1000;

export const playDedupePrunePayloadSchema = z.strictObject({ hour: z.iso.datetime() });
export const playDedupePruneJobKey = (payload: { hour: string }) => `play-dedupe-prune:${payload.hour}`;

export async function schedulePlayDedupePrune(ctx: AppContext, after: Date = new Date()): Promise<void> {
  const runAt = new Date(Math.floor(after.getTime() / EVERY_MS) * EVERY_MS + EVERY_MS);
  await ctx.jobs.enqueue('play-dedupe-prune', { hour: runAt.toISOString() }, { runAt });
}

export async function runPlayDedupePrune(ctx: AppContext): Promise<void> {
  const removed = await pruneDedupe(ctx.db, PLAY_DEDUPE_WINDOW_SECONDS);
  if (removed > 0) ctx.log.debug({ removed }, 'play dedupe pruned');
  await schedulePlayDedupePrune(ctx);
}
