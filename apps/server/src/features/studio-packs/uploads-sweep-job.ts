import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { releaseExpiredUploadRoom, UPLOAD_EXPIRY_MS } from './upload-room.ts';

/** Where tus keeps uploads in progress (their bytes and, beside each, its offset and metadata): DATA_DIR/uploads. */
export function uploadStore(config: Pick<Config, 'dataDir'>): FileStore {
  return new FileStore({ directory: path.join(config.dataDir, 'uploads'), expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
}

/**
 * The `uploads-sweep` job, scheduled hourly (jobs/job-catalogue.ts): uploads abandoned for a week lose
 * their bytes, and the room they held is given back. One process sweeps the uploads directory every
 * processes share (DATA_DIR), wherever its workers run.
 */
export async function runUploadsSweep(ctx: AppContext): Promise<void> {
  const store = uploadStore(ctx.config);
  // The store creates its directory without waiting; a worker process that never served an upload may not have it yet.
  await mkdir(store.directory, { recursive: true });
  const removed = await store.deleteExpired();
  await releaseExpiredUploadRoom(ctx);
  if (removed > 0) ctx.log.info({ removed }, 'abandoned uploads deleted');
}
