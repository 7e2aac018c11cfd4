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
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { releaseUploadLock, renewUploadLock, requestUploadLockRelease, takeUploadLock } from './upload-lock-repository.ts';

interface UploadLockerTimings {
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
          const letGo = await renewUploadLock(db, uploadId, holder, leaseMs).catch(() => false);
          if (letGo && !released) {
            released = true;
            await requestRelease();
          }
        }
      }

      return {
        async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
          const deadline = clock.now().getTime() + acquireTimeoutMs;
          while (!(await takeUploadLock(db, uploadId, holder, leaseMs))) {
            // Ask whoever holds it to let go, then try again shortly (bounded by the deadline and tus's own signal).
            await requestUploadLockRelease(db, uploadId);
            if (stopSignal.aborted || clock.now().getTime() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await clock.sleep(retryMs, stopSignal);
          }
          renewing = keepRenewing(requestRelease);
        },
        async unlock(): Promise<void> {
          held.abort();
          await renewing;
          await releaseUploadLock(db, uploadId, holder);
        },
      };
    },
  };
}
