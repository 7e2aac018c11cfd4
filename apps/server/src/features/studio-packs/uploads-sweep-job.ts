import type { AppContext } from '../../app-context.ts';
import { releaseExpiredUploadRoom } from './upload-room.ts';
import { createUploadStore } from './upload-store.ts';

/**
 * The `uploads-sweep` job, scheduled hourly (jobs/job-catalogue.ts): uploads abandoned for a week lose
 * their bytes — in DATA_DIR/uploads, or their multipart uploads in S3 (upload-store.ts) — and the room they
 * held is given back. One process sweeps for all, wherever its workers run.
 */
export async function runUploadsSweep(ctx: AppContext): Promise<void> {
  const removed = await createUploadStore(ctx).deleteExpired();
  await releaseExpiredUploadRoom(ctx);
  if (removed > 0) ctx.log.info({ removed }, 'abandoned uploads deleted');
}
