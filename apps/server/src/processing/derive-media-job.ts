/**
 * The `derive-media` job: one job per stored original (audio, cover art, avatar, banner), queued in the
 * same transaction as the rows that reference the file, run by any worker. A file that cannot be read
 * (not audio, not an image, its object gone) fails the job at once with a message saying which file and
 * why; anything else (ffmpeg missing or timing out, the database away) is retried with backoff.
 */
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { PermanentJobError, type JobContext } from '../jobs/job-queue.ts';
import { DeriveMediaError, deriveMediaForFile } from './derive-media.ts';

export const deriveMediaPayloadSchema = z.strictObject({ fileId: z.guid() });

/** One job per file, ever: queueing a file again is a no-op (its derivatives are a pure function of it). */
export const deriveMediaJobKey = ({ fileId }: z.output<typeof deriveMediaPayloadSchema>) => `derive-media:${fileId}`;

export async function runDeriveMedia(ctx: AppContext, { fileId }: z.output<typeof deriveMediaPayloadSchema>, job: JobContext): Promise<void> {
  try {
    const result = await deriveMediaForFile(ctx, fileId);
    ctx.log.debug({ job: job.id, ...result }, 'media derived');
  } catch (error) {
    if (!(error instanceof DeriveMediaError && error.permanent)) throw error;
    throw new PermanentJobError(`derive-media failed for good: ${error.message}`, { cause: error });
  }
}
