import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/index.ts';
import { createDbJobQueue, enqueueJob, type DbJobQueueOptions } from '../src/jobs/db-job-queue.ts';
import type { JobContext } from '../src/jobs/job-queue.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const silent = pino({ level: 'silent' });
let queueCounter = 0;
/** Each test uses its own queue name, so queues of one test never pick up another test's jobs. */
const freshQueue = () => `test-queue-${++queueCounter}`;

async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe(`durable jobs on ${TEST_DB}`, () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db;
  });
  afterAll(() => t.close());

  const queueOn = (options: DbJobQueueOptions = {}, on: Db = db) => createDbJobQueue(on, silent, options);

  it('runs an enqueued job with its payload and records it done', async () => {
    const name = freshQueue();
    const queue = queueOn();
    const seen: Array<{ payload: Record<string, unknown>; job: JobContext }> = [];
    queue.handle(name, async (payload, job) => {
      seen.push({ payload, job });
    });
    const id = await queue.enqueue(name, { packId: 'p-1', sizes: [75, 250, 500] });
    expect(id).toEqual(expect.any(Number));
    expect(await queue.drain()).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.payload).toEqual({ packId: 'p-1', sizes: [75, 250, 500] });
    expect(seen[0]!.job).toMatchObject({ id, queue: name, attempts: 1, maxAttempts: 5 });
    const row = await jobRow(db, id!);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedAt: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(await queue.drain()).toBe(0);
  });

  it('retries a failing job with backoff until max attempts, then marks it failed with the last error', async () => {
    const name = freshQueue();
    const queue = queueOn({ backoffMs: (attempts) => attempts * 150 });
    let calls = 0;
    queue.handle(name, async (_payload, job) => {
      calls += 1;
      throw new Error(`transcoder crashed on attempt ${job.attempts}`);
    });
    const id = (await queue.enqueue(name, {}, { maxAttempts: 3 }))!;

    expect(await queue.drain()).toBe(1);
    let row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'transcoder crashed on attempt 1', lockedAt: null });
    // run_at moved out by the backoff (150 ms after the first failure): nothing is due yet.
    expect(row.runAt.getTime()).toBeGreaterThan(row.createdAt.getTime() + 100);
    expect(await queue.drain()).toBe(0);

    await waitFor(async () => (await queue.drain()) === 1);
    row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'transcoder crashed on attempt 2' });

    await waitFor(async () => (await queue.drain()) === 1);
    row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'transcoder crashed on attempt 3', lockedAt: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(calls).toBe(3);
    await sleep(500);
    expect(await queue.drain()).toBe(0);
  });

  it('succeeds on a retry and clears the error', async () => {
    const name = freshQueue();
    const queue = queueOn({ backoffMs: () => 0 });
    queue.handle(name, async (_payload, job) => {
      if (job.attempts < 2) throw new Error('mail server busy');
    });
    const id = (await queue.enqueue(name, {}))!;
    // With no backoff the retry is due at once, so one drain runs both attempts.
    expect(await queue.drain()).toBe(2);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('ignores a second enqueue with the same unique key, even after the first ran', async () => {
    const name = freshQueue();
    const queue = queueOn();
    let runs = 0;
    queue.handle(name, async () => {
      runs += 1;
    });
    const key = `fulfil-order-${queueCounter}`;
    const first = await queue.enqueue(name, { order: 1 }, { uniqueKey: key });
    expect(first).toEqual(expect.any(Number));
    expect(await queue.enqueue(name, { order: 1 }, { uniqueKey: key })).toBeNull();
    expect(await queue.drain()).toBe(1);
    expect(await queue.enqueue(name, { order: 1 }, { uniqueKey: key })).toBeNull();
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(1);
    expect(await db.select().from(jobs).where(eq(jobs.uniqueKey, key))).toHaveLength(1);
  });

  it('queues a job inside a transaction only if the transaction commits', async () => {
    const name = freshQueue();
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, name, { rolledBack: true });
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    await db.transaction(async (tx) => {
      await enqueueJob(tx, name, { committed: true });
    });
    const rows = await db.select().from(jobs).where(eq(jobs.queue, name));
    expect(rows.map((r) => r.payload)).toEqual([{ committed: true }]);
  });

  it('waits for run_at and leaves queues without a handler alone', async () => {
    const name = freshQueue();
    const other = freshQueue();
    const queue = queueOn();
    const ran: number[] = [];
    queue.handle(name, async (payload) => {
      ran.push(payload.n as number);
    });
    await queue.enqueue(name, { n: 1 }, { runAt: new Date(Date.now() + 400) });
    await queue.enqueue(other, { n: 2 });
    expect(await queue.drain()).toBe(0);
    await sleep(500);
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([1]);
    const [orphan] = await db.select().from(jobs).where(eq(jobs.queue, other));
    expect(orphan).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('picks up a job left running by a dead worker once the stale-lock window has passed', async () => {
    const name = freshQueue();
    const id = (await enqueueJob(db, name, { n: 1 }))!;
    // A worker claimed it and died: the lock is never renewed.
    await db.update(jobs).set({ status: 'running', attempts: 1, lockedAt: new Date(Date.now() - 10_000), lockedBy: 'worker-dead' }).where(eq(jobs.id, id));

    const patient = queueOn({ staleAfterMs: 60_000 });
    patient.handle(name, async () => undefined);
    expect(await patient.drain()).toBe(0);

    const runs: JobContext[] = [];
    const rescuer = queueOn({ staleAfterMs: 5_000, workerId: 'worker-rescuer' });
    rescuer.handle(name, async (_payload, job) => {
      runs.push(job);
    });
    expect(await rescuer.drain()).toBe(1);
    expect(runs[0]).toMatchObject({ id, attempts: 2 });
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'worker-rescuer', lastError: null });
  });

  it('fails a job whose worker died on its last attempt instead of running it again', async () => {
    const name = freshQueue();
    const id = (await enqueueJob(db, name, {}, { maxAttempts: 2 }))!;
    await db.update(jobs).set({ status: 'running', attempts: 2, lockedAt: new Date(Date.now() - 10_000), lockedBy: 'worker-dead' }).where(eq(jobs.id, id));
    const queue = queueOn({ staleAfterMs: 1_000 });
    let runs = 0;
    queue.handle(name, async () => {
      runs += 1;
    });
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(0);
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'The worker running this job stopped before it finished' });
  });

  it('keeps a long job locked with heartbeats, so no other worker takes it', async () => {
    const name = freshQueue();
    const slow = queueOn({ staleAfterMs: 300, heartbeatMs: 50, workerId: 'worker-slow' });
    const other = queueOn({ staleAfterMs: 300, workerId: 'worker-other' });
    let otherRuns = 0;
    other.handle(name, async () => {
      otherRuns += 1;
    });
    let signal: AbortSignal | null = null;
    slow.handle(name, async (_payload, job) => {
      signal = job.signal;
      // Three times the stale window, with the other worker trying to claim all along.
      const until = Date.now() + 900;
      while (Date.now() < until) {
        expect(await other.drain()).toBe(0);
        await sleep(50);
      }
    });
    const id = (await slow.enqueue(name, {}))!;
    expect(await slow.drain()).toBe(1);
    expect(otherRuns).toBe(0);
    expect(signal!.aborted).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: 'worker-slow' });
  });

  it('does not let a worker that lost its lock overwrite the new owner’s result', async () => {
    const name = freshQueue();
    // The first worker's heartbeat is far slower than the stale window: it looks dead while still running.
    const zombie = queueOn({ staleAfterMs: 200, heartbeatMs: 60_000, workerId: 'worker-zombie' });
    const rescuer = queueOn({ staleAfterMs: 200, workerId: 'worker-rescuer' });
    rescuer.handle(name, async () => undefined);
    let zombieSignal: AbortSignal | null = null;
    zombie.handle(name, async (_payload, job) => {
      zombieSignal = job.signal;
      await sleep(300);
      expect(await rescuer.drain()).toBe(1);
      throw new Error('zombie failure arriving late');
    });
    const id = (await zombie.enqueue(name, {}))!;
    expect(await zombie.drain()).toBe(1);
    expect(zombieSignal).not.toBeNull();
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'worker-rescuer', lastError: null });
  });

  it('aborts the handler’s signal when its lock is taken over', async () => {
    const name = freshQueue();
    const loser = queueOn({ staleAfterMs: 60_000, heartbeatMs: 30, workerId: 'worker-loser' });
    let aborted = false;
    loser.handle(name, async (_payload, job) => {
      // Simulate being judged dead: another worker takes the lock.
      await db.update(jobs).set({ lockedBy: 'worker-thief', attempts: job.attempts + 1 }).where(eq(jobs.id, job.id));
      await waitFor(async () => job.signal.aborted, 3_000);
      aborted = job.signal.aborted;
    });
    await loser.enqueue(name, {});
    expect(await loser.drain()).toBe(1);
    expect(aborted).toBe(true);
  });

  it('runs every job exactly once with two workers, each with their own connections, polling concurrently', async () => {
    const name = freshQueue();
    // On PostgreSQL the two workers are separate connection pools, as two processes would be; PGlite is
    // single-connection and single-process, so there they share it.
    const url = t.ctx.config.database.kind === 'postgres' ? t.ctx.config.database.url : null;
    const databases: Database[] = url ? [await openDatabase({ kind: 'postgres', url }), await openDatabase({ kind: 'postgres', url })] : [];
    const dbs = url ? databases.map((d) => d.db) : [db, db];
    try {
      const runs: Array<{ worker: string; n: number }> = [];
      const workers = dbs.map((workerDb, i) => {
        const queue = createDbJobQueue(workerDb, silent, { workerId: `worker-${i}` });
        queue.handle(name, async (payload) => {
          runs.push({ worker: `worker-${i}`, n: payload.n as number });
          await sleep(2 + Math.floor(Math.random() * 5));
        });
        return queue;
      });
      const ids: number[] = [];
      for (let n = 0; n < 50; n += 1) ids.push((await enqueueJob(db, name, { n }))!);
      for (const queue of workers) queue.start({ concurrency: 4, pollIntervalMs: 20 });
      try {
        await waitFor(async () => (await db.select().from(jobs).where(inArray(jobs.id, ids))).every((r) => r.status === 'done'));
      } finally {
        await Promise.all(workers.map((queue) => queue.stop()));
      }
      expect(runs).toHaveLength(50);
      expect(new Set(runs.map((r) => r.n)).size).toBe(50);
      expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(['worker-0', 'worker-1']));
      const rows = await db.select().from(jobs).where(inArray(jobs.id, ids));
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      for (const d of databases) await d.close();
    }
  });

  it('wakes its own polling loops when a job is enqueued, and stop() waits for the running job', async () => {
    const name = freshQueue();
    const queue = queueOn();
    let finished = false;
    queue.handle(name, async () => {
      await sleep(200);
      finished = true;
    });
    queue.start({ pollIntervalMs: 60_000, concurrency: 1 });
    await sleep(50); // the loop found nothing and sleeps for a minute
    const id = (await queue.enqueue(name, {}))!;
    await waitFor(async () => (await jobRow(db, id)).status === 'running', 2_000);
    await queue.stop();
    expect(finished).toBe(true);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done' });
  });

  it('keeps queued jobs across a restart of the database and runs them afterwards', async () => {
    const name = freshQueue();
    const dir = TEST_DB === 'pglite' ? await mkdtemp(path.join(os.tmpdir(), 'crate-jobs-restart-')) : null;
    const config =
      t.ctx.config.database.kind === 'postgres' ? t.ctx.config.database : ({ kind: 'pglite', dir } as const);
    try {
      const before = await openDatabase(config);
      await before.migrate();
      const id = (await createDbJobQueue(before.db, silent).enqueue(name, { survive: 'restart' }))!;
      await before.close();

      const after = await openDatabase(config);
      try {
        await after.migrate();
        const queue = createDbJobQueue(after.db, silent);
        const seen: unknown[] = [];
        queue.handle(name, async (payload) => {
          seen.push(payload);
        });
        expect(await queue.drain()).toBe(1);
        expect(seen).toEqual([{ survive: 'restart' }]);
        expect(await jobRow(after.db, id)).toMatchObject({ status: 'done' });
      } finally {
        await after.close();
      }
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  });
});
