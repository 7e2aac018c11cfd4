import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobLane } from '@crate/contract/jobs';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/index.ts';
import { createDbJobQueue, type DbJobQueueOptions } from '../src/jobs/db-job-queue.ts';
import { PermanentJobError, type JobContext, type JobDefinition } from '../src/jobs/job-queue.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const silent = pino({ level: 'silent' });
let queueCounter = 0;
/** Each test uses its own job name, so queues of one test never pick up another test's jobs. */
const freshQueue = () => `test-queue-${++queueCounter}`;

const anyPayload = z.record(z.string(), z.unknown());
type TestRun = (payload: Record<string, unknown>, job: JobContext) => Promise<void>;
type TestJobOptions = Partial<Omit<JobDefinition<typeof anyPayload, void>, 'run'>>;
/** A one-job catalogue for these tests: any object is a valid payload unless the options say otherwise. */
const catalogueOf = (name: string, run: TestRun = async () => undefined, options: TestJobOptions = {}) => ({
  [name]: { lane: 'interactive' as JobLane, payload: anyPayload, ...options, run: (_ctx: void, payload: Record<string, unknown>, job: JobContext) => run(payload, job) },
});

async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}
/** The rows of a test's own job name (the column is typed with the product's names). */
const rowsOf = (db: Db, name: string) => db.select().from(jobs).where(eq(jobs.queue, name as never));

/** Polls the database until a state other loops write shows up (no time has to pass for it). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
/** A promise and the function that settles it: a test step waits for an event, never for time. */
function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe(`durable jobs on ${TEST_DB}`, () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db;
  });
  afterAll(() => t.close());

  /** A queue of these tests' catalogue that runs its jobs (with no context: test handlers need none). */
  function queueOn(catalogue: ReturnType<typeof catalogueOf>, options: DbJobQueueOptions = {}, on: Db = db) {
    const queue = createDbJobQueue(on, silent, catalogue, options);
    queue.handleWith(undefined);
    return queue;
  }

  it('runs an enqueued job with its payload and records it done', async () => {
    const name = freshQueue();
    const seen: Array<{ payload: Record<string, unknown>; job: JobContext }> = [];
    const queue = queueOn(
      catalogueOf(name, async (payload, job) => {
        seen.push({ payload, job });
      }),
    );
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
    let calls = 0;
    const failing: TestRun = async (_payload, job) => {
      calls += 1;
      throw new Error(`transcoder crashed on attempt ${job.attempts}`);
    };
    const clock = new ManualClock(new Date());
    const queue = queueOn(catalogueOf(name, failing, { maxAttempts: 3 }), { backoffMs: (attempts) => attempts * 2000, clock });
    const id = (await queue.enqueue(name, {}))!;

    expect(await queue.drain()).toBe(1);
    let row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'transcoder crashed on attempt 1', lockedAt: null });
    // run_at moved out by the backoff, 2 s after the first failure: nothing is due until then.
    expect(row.runAt).toEqual(new Date(clock.now().getTime() + 2000));
    expect(await queue.drain()).toBe(0);
    clock.advance(1999);
    expect(await queue.drain()).toBe(0);
    clock.advance(1);
    expect(await queue.drain()).toBe(1);
    row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'transcoder crashed on attempt 2' });
    expect(row.runAt).toEqual(new Date(clock.now().getTime() + 4000));

    clock.advance(4000);
    expect(await queue.drain()).toBe(1);
    row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'transcoder crashed on attempt 3', lockedAt: null });
    expect(row.finishedAt).toEqual(clock.now());
    expect(calls).toBe(3);
    clock.advance(3600_000);
    expect(await queue.drain()).toBe(0);
  });

  it('uses the backoff of the job’s definition over the queue’s', async () => {
    const name = freshQueue();
    const queue = queueOn(
      catalogueOf(
        name,
        async () => {
          throw new Error('busy');
        },
        { backoffMs: () => 60_000 },
      ),
      { backoffMs: () => 0 },
    );
    const id = (await queue.enqueue(name, {}))!;
    expect(await queue.drain()).toBe(1);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.runAt.getTime()).toBeGreaterThan(row.createdAt.getTime() + 50_000);
  });

  it('succeeds on a retry and clears the error', async () => {
    const name = freshQueue();
    const queue = queueOn(
      catalogueOf(name, async (_payload, job) => {
        if (job.attempts < 2) throw new Error('mail server busy');
      }),
      { backoffMs: () => 0 },
    );
    const id = (await queue.enqueue(name, {}))!;
    // With no backoff the retry is due at once, so one drain runs both attempts.
    expect(await queue.drain()).toBe(2);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('fails a job at once, without retrying, when its handler throws a PermanentJobError', async () => {
    const name = freshQueue();
    let calls = 0;
    const queue = queueOn(
      catalogueOf(name, async () => {
        calls += 1;
        throw new PermanentJobError('file 42 is not audio that can be read');
      }),
      { backoffMs: () => 0 },
    );
    const id = (await queue.enqueue(name, {}))!;
    expect(await queue.drain()).toBe(1);
    expect(calls).toBe(1);
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 1, maxAttempts: 5, lastError: 'file 42 is not audio that can be read', lockedAt: null });
  });

  it('refuses to queue a payload its schema rejects, saying why', async () => {
    const name = freshQueue();
    const queue = queueOn(catalogueOf(name, undefined, { payload: z.strictObject({ fileId: z.uuid() }) as never }));
    await expect(queue.enqueue(name, { fileId: 'not-a-uuid' })).rejects.toThrow(`Job "${name}" cannot be queued with this payload: fileId: Invalid UUID`);
    await expect(queue.enqueueMany(name, [{ fileId: crypto.randomUUID() }, { fileId: 7 }])).rejects.toThrow(/fileId: Invalid input: expected string/);
    expect(await rowsOf(db, name)).toEqual([]);
  });

  it('fails a job whose stored payload no longer parses at once, without running its handler', async () => {
    const name = freshQueue();
    // Queued by an older version whose payload had a different shape.
    const id = (await queueOn(catalogueOf(name)).enqueue(name, { file: 'f-1' }))!;
    let calls = 0;
    const strict = queueOn(
      catalogueOf(
        name,
        async () => {
          calls += 1;
        },
        { payload: z.strictObject({ fileId: z.uuid() }) as never },
      ),
    );
    expect(await strict.drain()).toBe(1);
    expect(calls).toBe(0);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toBe(`Job "${name}" has an invalid payload: fileId: Invalid input: expected string, received undefined; payload: Unrecognized key: "file"`);
  });

  it('ignores a second enqueue with the same unique key, even after the first ran', async () => {
    const name = freshQueue();
    let runs = 0;
    const queue = queueOn(
      catalogueOf(
        name,
        async () => {
          runs += 1;
        },
        { uniqueKey: (payload) => `fulfil-order-${String(payload.order)}-${name}` },
      ),
    );
    const key = `fulfil-order-1-${name}`;
    const first = await queue.enqueue(name, { order: 1 });
    expect(first).toEqual(expect.any(Number));
    expect(await queue.enqueue(name, { order: 1 })).toBeNull();
    expect(await queue.drain()).toBe(1);
    expect(await queue.enqueue(name, { order: 1 })).toBeNull();
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(1);
    expect(await db.select().from(jobs).where(eq(jobs.uniqueKey, key))).toHaveLength(1);
    // Many at once: keys already present are skipped, the count says how many were added.
    expect(await queue.enqueueMany(name, [{ order: 1 }, { order: 2 }, { order: 3 }])).toBe(2);
  });

  it('queues a job inside a transaction only if the transaction commits', async () => {
    const name = freshQueue();
    const queue = queueOn(catalogueOf(name));
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(name, { rolledBack: true }, { tx });
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    await db.transaction(async (tx) => {
      await queue.enqueue(name, { committed: true }, { tx });
    });
    const rows = await rowsOf(db, name);
    expect(rows.map((r) => r.payload)).toEqual([{ committed: true }]);
  });

  it('waits for run_at and leaves queues without a handler alone', async () => {
    const name = freshQueue();
    const other = freshQueue();
    const ran: number[] = [];
    const clock = new ManualClock(new Date());
    const queue = queueOn(
      catalogueOf(name, async (payload) => {
        ran.push(payload.n as number);
      }),
      { clock },
    );
    await queue.enqueue(name, { n: 1 }, { runAt: new Date(clock.now().getTime() + 400) });
    await createDbJobQueue(db, silent, catalogueOf(other)).enqueue(other, { n: 2 });
    expect(await queue.drain()).toBe(0);
    clock.advance(399);
    expect(await queue.drain()).toBe(0);
    clock.advance(1);
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([1]);
    const [orphan] = await rowsOf(db, other);
    expect(orphan).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('only queues, and runs nothing, until handleWith gives it a context', async () => {
    const name = freshQueue();
    let runs = 0;
    const queue = createDbJobQueue(
      db,
      silent,
      catalogueOf(name, async () => {
        runs += 1;
      }),
    );
    const id = (await queue.enqueue(name, {}))!;
    expect(await queue.drain()).toBe(0);
    queue.handleWith(undefined);
    expect(await queue.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done' });
  });

  it('picks up a job left running by a dead worker once the stale-lock window has passed', async () => {
    const name = freshQueue();
    const id = (await queueOn(catalogueOf(name)).enqueue(name, { n: 1 }))!;
    // A worker claimed it and died: the lock is never renewed.
    await db.update(jobs).set({ status: 'running', attempts: 1, lockedAt: new Date(Date.now() - 10_000), lockedBy: 'worker-dead' }).where(eq(jobs.id, id));

    const patient = queueOn(catalogueOf(name), { staleAfterMs: 60_000 });
    expect(await patient.drain()).toBe(0);

    const runs: JobContext[] = [];
    const rescuer = queueOn(
      catalogueOf(name, async (_payload, job) => {
        runs.push(job);
      }),
      { staleAfterMs: 5_000, workerId: 'worker-rescuer' },
    );
    expect(await rescuer.drain()).toBe(1);
    expect(runs[0]).toMatchObject({ id, attempts: 2 });
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'worker-rescuer', lastError: null });
  });

  it('fails a job whose worker died on its last attempt instead of running it again', async () => {
    const name = freshQueue();
    let runs = 0;
    const catalogue = catalogueOf(
      name,
      async () => {
        runs += 1;
      },
      { maxAttempts: 2 },
    );
    const id = (await queueOn(catalogue).enqueue(name, {}))!;
    await db.update(jobs).set({ status: 'running', attempts: 2, lockedAt: new Date(Date.now() - 10_000), lockedBy: 'worker-dead' }).where(eq(jobs.id, id));
    const queue = queueOn(catalogue, { staleAfterMs: 1_000 });
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(0);
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'The worker running this job stopped before it finished' });
  });

  it('runs failedForGood once a job fails for good — thrown on its last attempt, or its worker died on it — and not on a retry', async () => {
    const name = freshQueue();
    const hooked: Array<{ payload: Record<string, unknown>; error: string }> = [];
    let failing = true;
    const catalogue = catalogueOf(
      name,
      async () => {
        if (failing) throw new Error('ffmpeg went away');
      },
      { maxAttempts: 2, failedForGood: async (_ctx, payload, error) => void hooked.push({ payload, error }) },
    );
    const queue = queueOn(catalogue, { backoffMs: () => 0 });
    const thrown = (await queue.enqueue(name, { packId: 'p-thrown' }))!;
    expect(await queue.drain()).toBe(2);
    expect(hooked).toEqual([{ payload: { packId: 'p-thrown' }, error: 'ffmpeg went away' }]);
    expect(await jobRow(db, thrown)).toMatchObject({ status: 'failed', attempts: 2 });

    failing = false;
    const died = (await queue.enqueue(name, { packId: 'p-died' }))!;
    await db.update(jobs).set({ status: 'running', attempts: 2, lockedAt: new Date(Date.now() - 10_000), lockedBy: 'worker-dead' }).where(eq(jobs.id, died));
    expect(await queueOn(catalogue, { staleAfterMs: 1_000 }).drain()).toBe(0);
    expect(hooked.at(-1)).toEqual({ payload: { packId: 'p-died' }, error: 'The worker running this job stopped before it finished' });
    expect(await jobRow(db, died)).toMatchObject({ status: 'failed' });
  });

  it('leaves an abandoned job for the next sweep when its failedForGood hook throws', async () => {
    const name = freshQueue();
    let hookFails = true;
    const catalogue = catalogueOf(name, async () => undefined, {
      maxAttempts: 1,
      failedForGood: async () => {
        if (hookFails) throw new Error('database away');
      },
    });
    const id = (await queueOn(catalogue).enqueue(name, {}))!;
    await db.update(jobs).set({ status: 'running', attempts: 1, lockedAt: new Date(Date.now() - 10_000), lockedBy: 'worker-dead' }).where(eq(jobs.id, id));
    await queueOn(catalogue, { staleAfterMs: 1_000 }).drain();
    expect(await jobRow(db, id)).toMatchObject({ status: 'running', lockedBy: 'worker-dead' });
    hookFails = false;
    await queueOn(catalogue, { staleAfterMs: 1_000 }).drain();
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed' });
  });

  it('keeps a long job locked with heartbeats, so no other worker takes it', async () => {
    const name = freshQueue();
    const clock = new ManualClock(new Date());
    let otherRuns = 0;
    const other = queueOn(
      catalogueOf(name, async () => {
        otherRuns += 1;
      }),
      { staleAfterMs: 300, workerId: 'worker-other', clock },
    );
    let lockSignal: AbortSignal | null = null;
    const slow = queueOn(
      catalogueOf(name, async (_payload, job) => {
        lockSignal = job.signal;
        // Three times the stale window, with the other worker trying to claim at every step.
        for (let step = 0; step < 18; step += 1) {
          clock.advance(50);
          // The heartbeat woke, renewed the lock and sleeps again.
          await clock.whenSleeping(1);
          expect((await jobRow(db, job.id)).lockedAt).toEqual(clock.now());
          expect(await other.drain()).toBe(0);
        }
      }),
      { staleAfterMs: 300, heartbeatMs: 50, workerId: 'worker-slow', clock },
    );
    const id = (await slow.enqueue(name, {}))!;
    expect(await slow.drain()).toBe(1);
    expect(otherRuns).toBe(0);
    expect(lockSignal!.aborted).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: 'worker-slow' });
  });

  it('does not let a worker that lost its lock overwrite the new owner’s result', async () => {
    const name = freshQueue();
    const clock = new ManualClock(new Date());
    const rescuer = queueOn(catalogueOf(name), { staleAfterMs: 200, workerId: 'worker-rescuer', clock });
    let zombieSignal: AbortSignal | null = null;
    // The first worker's heartbeat is far slower than the stale window: it looks dead while still running.
    const zombie = queueOn(
      catalogueOf(name, async (_payload, job) => {
        zombieSignal = job.signal;
        clock.advance(300);
        expect(await rescuer.drain()).toBe(1);
        throw new Error('zombie failure arriving late');
      }),
      { staleAfterMs: 200, heartbeatMs: 60_000, workerId: 'worker-zombie', clock },
    );
    const id = (await zombie.enqueue(name, {}))!;
    expect(await zombie.drain()).toBe(1);
    expect(zombieSignal).not.toBeNull();
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'worker-rescuer', lastError: null });
  });

  it('aborts the handler’s signal when its lock is taken over', async () => {
    const name = freshQueue();
    let aborted = false;
    const clock = new ManualClock(new Date());
    const loser = queueOn(
      catalogueOf(name, async (_payload, job) => {
        // Simulate being judged dead: another worker takes the lock; the next heartbeat finds it gone.
        await db.update(jobs).set({ lockedBy: 'worker-thief', attempts: job.attempts + 1 }).where(eq(jobs.id, job.id));
        const lost = new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
        clock.advance(30);
        await lost;
        aborted = job.signal.aborted;
      }),
      { staleAfterMs: 60_000, heartbeatMs: 30, workerId: 'worker-loser', clock },
    );
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
      const allRan = signal();
      const workers = dbs.map((workerDb, i) =>
        queueOn(
          catalogueOf(name, async (payload) => {
            runs.push({ worker: `worker-${i}`, n: payload.n as number });
            if (runs.length === 50) allRan.resolve();
            // Give the event loop to the other worker's loops between jobs.
            await new Promise((resolve) => setImmediate(resolve));
          }),
          { workerId: `worker-${i}` },
          workerDb,
        ),
      );
      const ids: number[] = [];
      for (let n = 0; n < 50; n += 1) ids.push((await workers[0]!.enqueue(name, { n }))!);
      for (const queue of workers) queue.start({ concurrency: { interactive: 4 }, pollIntervalMs: 20 });
      try {
        await allRan.promise;
      } finally {
        // stop() returns once the running jobs are recorded.
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
    const clock = new ManualClock(new Date());
    const started = signal();
    const release = signal();
    let finished = false;
    const queue = queueOn(
      catalogueOf(name, async () => {
        started.resolve();
        await release.promise;
        finished = true;
      }),
      { clock },
    );
    queue.start({ pollIntervalMs: 60_000, concurrency: { interactive: 1 } });
    await clock.whenSleeping(1); // the loop found nothing and sleeps for a minute, which this clock never lets pass
    const id = (await queue.enqueue(name, {}))!;
    await started.promise;
    const stopped = queue.stop();
    expect(finished).toBe(false);
    release.resolve();
    await stopped;
    expect(finished).toBe(true);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done' });
  });

  it('runs an interactive job at once while every bulk worker is busy and bulk jobs wait', async () => {
    const bulkName = freshQueue();
    const interactiveName = freshQueue();
    const release = signal();
    const bothBulkStarted = signal();
    const mailSent = signal();
    let bulkStarted = 0;
    const sent: unknown[] = [];
    const queue = queueOn({
      ...catalogueOf(
        bulkName,
        async () => {
          bulkStarted += 1;
          if (bulkStarted === 2) bothBulkStarted.resolve();
          await release.promise;
        },
        { lane: 'bulk' },
      ),
      ...catalogueOf(interactiveName, async (payload) => {
        sent.push(payload);
        mailSent.resolve();
      }),
    });
    await queue.enqueueMany(bulkName, Array.from({ length: 20 }, (_, n) => ({ n })));
    queue.start({ pollIntervalMs: 60_000, concurrency: { bulk: 2, interactive: 1 } });
    try {
      await bothBulkStarted.promise;
      const id = (await queue.enqueue(interactiveName, { to: 'someone' }))!;
      await mailSent.promise;
      await waitFor(async () => (await jobRow(db, id)).status === 'done', 5_000);
      expect(sent).toEqual([{ to: 'someone' }]);
      expect(bulkStarted).toBe(2);
      expect((await rowsOf(db, bulkName)).filter((r) => r.status === 'queued')).toHaveLength(18);
    } finally {
      const stopped = queue.stop();
      release.resolve();
      await stopped;
    }
  });

  // Opens and migrates a file-backed PGlite twice: tens of seconds on a loaded machine.
  it('keeps queued jobs across a restart of the database and runs them afterwards', { timeout: 120_000 }, async () => {
    const name = freshQueue();
    const dir = TEST_DB === 'pglite' ? await mkdtemp(path.join(os.tmpdir(), 'crate-jobs-restart-')) : null;
    const config =
      t.ctx.config.database.kind === 'postgres' ? t.ctx.config.database : ({ kind: 'pglite', dir } as const);
    try {
      const before = await openDatabase(config);
      await before.migrate();
      const id = (await createDbJobQueue(before.db, silent, catalogueOf(name)).enqueue(name, { survive: 'restart' }))!;
      await before.close();

      const after = await openDatabase(config);
      try {
        await after.migrate();
        const seen: unknown[] = [];
        const queue = queueOn(
          catalogueOf(name, async (payload) => {
            seen.push(payload);
          }),
          {},
          after.db,
        );
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
