/** The rows of `upload_locks` (upload-locker.ts): each a lease on one tus upload, timed by the database's clock. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadLocks } from '../../db/schema/index.ts';

const leaseEnd = (leaseMs: number) => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

/** Takes the lock when it is free or its lease has run out; true when `holder` has it now. */
export async function takeUploadLock(db: Db, uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
  const taken = await db
    .insert(uploadLocks)
    .values({ uploadId, holder, expiresAt: leaseEnd(leaseMs) })
    .onConflictDoUpdate({ target: uploadLocks.uploadId, set: { holder, expiresAt: leaseEnd(leaseMs), releaseRequested: false }, setWhere: sql`${uploadLocks.expiresAt} <= now()` })
    .returning({ holder: uploadLocks.holder });
  return taken[0]?.holder === holder;
}

/** Asks whoever holds the lock to let go. */
export async function requestUploadLockRelease(db: Db, uploadId: string): Promise<void> {
  await db.update(uploadLocks).set({ releaseRequested: true }).where(eq(uploadLocks.uploadId, uploadId));
}

/** Renews `holder`'s lease; answers whether it should let go (another request waits, or the lease was lost). */
export async function renewUploadLock(db: Db, uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
  const [row] = await db
    .update(uploadLocks)
    .set({ expiresAt: leaseEnd(leaseMs) })
    .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)))
    .returning({ releaseRequested: uploadLocks.releaseRequested });
  return !row || row.releaseRequested;
}

export async function releaseUploadLock(db: Db, uploadId: string, holder: string): Promise<void> {
  await db.delete(uploadLocks).where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)));
}
