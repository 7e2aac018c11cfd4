import { ERRORS } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { createDatabaseUploadLocker } from '../src/features/studio-packs/upload-locker.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The upload lock every API process shares through the database (decision 0067). Two lockers here stand for two
 * processes: they share nothing but the database. (It runs on PGlite too, where the app itself uses tus's
 * in-memory lock, since PGlite is one process.)
 */
describe(`the upload lock shared through the database on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const processA = () => createDatabaseUploadLocker(t.ctx.db, systemClock, { renewMs: 50, retryMs: 20 });
  const processB = () => createDatabaseUploadLocker(t.ctx.db, systemClock, { renewMs: 50, retryMs: 20 });

  it('makes a second request wait, asks the holder to let go, and hands the lock over once it has', async () => {
    const held = processA().newLock('a'.repeat(32));
    let askedToLetGo = 0;
    await held.lock(new AbortController().signal, () => {
      askedToLetGo++;
      setImmediate(() => void held.unlock()); // what tus does: ends the request, which then unlocks
    });
    const waiting = processB().newLock('a'.repeat(32));
    await waiting.lock(new AbortController().signal, () => undefined);
    expect(askedToLetGo).toBe(1);
    await waiting.unlock();
    // Free again: taken at once.
    const next = processA().newLock('a'.repeat(32));
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
  });

  it('lets another upload be locked meanwhile, and gives up on a lock held too long', async () => {
    const stubborn = processA().newLock('b'.repeat(32));
    await stubborn.lock(new AbortController().signal, () => undefined); // never lets go
    const other = processB().newLock('c'.repeat(32));
    await other.lock(new AbortController().signal, () => undefined);
    await other.unlock();
    const impatient = createDatabaseUploadLocker(t.ctx.db, systemClock, { retryMs: 20, acquireTimeoutMs: 300 }).newLock('b'.repeat(32));
    await expect(impatient.lock(new AbortController().signal, () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
  });

  it('passes on the lock of a holder that died once its lease has run out', async () => {
    // A holder whose process died renews nothing: a lease of 200 ms that is never renewed.
    const dead = createDatabaseUploadLocker(t.ctx.db, systemClock, { leaseMs: 200, renewMs: 60_000 }).newLock('d'.repeat(32));
    await dead.lock(new AbortController().signal, () => undefined);
    const next = processB().newLock('d'.repeat(32));
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
    await dead.unlock(); // only stops its timer: the row is no longer its
  });
});
