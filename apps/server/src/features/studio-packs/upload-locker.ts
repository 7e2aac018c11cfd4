/**
 * The lock tus takes on an upload before a HEAD, PATCH or DELETE touches it, shared by every API process on one
 * PostgreSQL database (docs/decisions/0067): a row of `upload_locks` held as a lease. tus's own MemoryLocker knows
 * the requests of one process only, so a browser resuming on process B while its dropped PATCH still holds the upload
 * on A would write beside it. Here B waits for the row and marks it: A's holder sees the mark at its next renewal and
 * ends its request (tus's `requestRelease`), so the resumed upload goes on within about a second. A holder renews its
 * lease while its request runs; the lock of a process that died passes on when its lease has run out. Lease times
 * are the database's clock, so servers whose clocks differ agree on them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { uploadLocks } from '../../db/schema/index.ts';

export interface UploadLockerTimings {
  /** A lease not renewed for this long belongs to a holder that died (default 15 s). */
  leaseMs: number;
  /** How often a holder renews its lease and looks for a waiting request (default 500 ms). */
  renewMs: number;
  /** How often a waiting request tries again (default 100 ms). */
  retryMs: number;
  /** A request that could not take the lock in this long is answered 500 by tus (default 30 s, as MemoryLocker's). */
  acquireTimeoutMs: number;
}

const DEFAULT_TIMINGS: UploadLockerTimings = { leaseMs: 15_000, renewMs: 500, retryMs: 100, acquireTimeoutMs: 30_000 };

export function createDatabaseUploadLocker(db: Db, clock: Clock, timings: Partial<UploadLockerTimings> = {}): Locker {
  const { leaseMs, renewMs, retryMs, acquireTimeoutMs } = { ...DEFAULT_TIMINGS, ...timings };
  const leaseEnd = sql`now() + ${`${leaseMs} milliseconds`}::interval`;

  /** Takes the row when it is free or its lease has run out; true when this holder has it. */
  async function take(uploadId: string, holder: string): Promise<boolean> {
    const taken = await db
      .insert(uploadLocks)
      .values({ uploadId, holder, expiresAt: leaseEnd })
      .onConflictDoUpdate({ target: uploadLocks.uploadId, set: { holder, expiresAt: leaseEnd, releaseRequested: false }, setWhere: sql`${uploadLocks.expiresAt} <= now()` })
      .returning({ holder: uploadLocks.holder });
    return taken[0]?.holder === holder;
  }

  /** Renews the lease; answers whether another request waits (or the lease was lost), i.e. whether to let go. */
  async function renew(uploadId: string, holder: string): Promise<boolean> {
    const [row] = await db
      .update(uploadLocks)
      .set({ expiresAt: leaseEnd })
      .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)))
      .returning({ releaseRequested: uploadLocks.releaseRequested });
    return !row || row.releaseRequested;
  }

  return {
    newLock(uploadId: string): Lock {
      const holder = randomUUID();
      const held = new AbortController();
      let renewing: Promise<void> = Promise.resolve();

      /** While held: renew every renewMs; when asked to (or the lease is lost), ask tus to end this request. */
      async function keepRenewing(requestRelease: RequestRelease): Promise<void> {
        let released = false;
        while (!held.signal.aborted) {
          await clock.sleep(renewMs, held.signal);
          if (held.signal.aborted) return;
          const letGo = await renew(uploadId, holder).catch(() => false);
          if (letGo && !released) {
            released = true;
            await requestRelease();
          }
        }
      }

      return {
        async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
          const deadline = clock.now().getTime() + acquireTimeoutMs;
          while (!(await take(uploadId, holder))) {
            // Ask whoever holds it to let go, then try again shortly (bounded by the deadline and tus's own signal).
            await db.update(uploadLocks).set({ releaseRequested: true }).where(eq(uploadLocks.uploadId, uploadId));
            if (stopSignal.aborted || clock.now().getTime() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await clock.sleep(retryMs, stopSignal);
          }
          renewing = keepRenewing(requestRelease);
        },
        async unlock(): Promise<void> {
          held.abort();
          await renewing;
          await db.delete(uploadLocks).where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)));
        },
      };
    },
  };
}
