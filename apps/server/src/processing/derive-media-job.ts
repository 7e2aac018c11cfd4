/**
 * The `derive-media` job: one job per stored original (audio, cover art, avatar, banner), queued in the
 * same transaction as the rows that reference the file, run by any worker. A file that cannot be read
 * (not audio, not an image, its object gone) fails the job at once with a message saying which file and
 * why; anything else (ffmpeg missing or timing out, the database away) is retried with backoff.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { JobContext } from '../jobs/job-queue.ts';
import { DeriveMediaError, deriveMediaForFile } from './derive-media.ts';

export const DERIVE_MEDIA_QUEUE = 'derive-media';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One job per file, ever: enqueueing a file again is a no-op (its derivatives are a pure function of it). */
export const deriveMediaJobKey = (fileId: string) => `${DERIVE_MEDIA_QUEUE}:${fileId}`;

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const ENQUEUE_BATCH = 2000;

/**
 * Queues derive-media for many files with multi-row inserts — the same rows `enqueueJob` writes, with the
 * same de-duplication key — so a seed or an upload of hundreds of files costs a few statements. Pass the
 * open transaction that stores the files, so the jobs exist exactly when the files do. Returns how many
 * jobs were added (files already queued or done are skipped). Jobs run in the order given.
 */
export async function enqueueDeriveMedia(db: DbOrTx, fileIds: readonly string[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < fileIds.length; start += ENQUEUE_BATCH) {
    const rows = await db
      .insert(jobs)
      .values(fileIds.slice(start, start + ENQUEUE_BATCH).map((fileId) => ({ queue: DERIVE_MEDIA_QUEUE, payload: { fileId }, uniqueKey: deriveMediaJobKey(fileId) })))
      .onConflictDoNothing({ target: jobs.uniqueKey })
      .returning({ id: jobs.id });
    added += rows.length;
  }
  return added;
}

/**
 * Records the running job as failed for good, with its message: the queue itself only knows "retry until
 * max_attempts". Fenced like the queue's own writes (this run, still running), so the queue's "done" that
 * follows the handler's return changes nothing.
 */
async function failPermanently(db: Db, job: JobContext, message: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'failed', lastError: message.slice(0, 2000), lockedAt: null, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)));
}

export function registerDeriveMediaJob(ctx: AppContext): void {
  ctx.jobs.handle(DERIVE_MEDIA_QUEUE, async (payload, job) => {
    const fileId = typeof payload.fileId === 'string' && UUID.test(payload.fileId) ? payload.fileId : null;
    try {
      if (!fileId) throw new DeriveMediaError('unknown-file', `derive-media needs a file id, got ${JSON.stringify(payload).slice(0, 200)}`, true);
      const result = await deriveMediaForFile(ctx, fileId);
      ctx.log.debug({ job: job.id, ...result }, 'media derived');
    } catch (error) {
      if (!(error instanceof DeriveMediaError && error.permanent)) throw error;
      const message = `derive-media failed for good: ${error.message}`;
      ctx.log.warn({ job: job.id, fileId, code: error.code }, message);
      await failPermanently(ctx.db, job, message);
    }
  });
}
