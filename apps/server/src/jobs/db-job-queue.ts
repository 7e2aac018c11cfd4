import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { EnqueueOptions, JobContext, JobHandler, JobQueue } from './job-queue.ts';

/** 2^attempts seconds (2 s, 4 s, 8 s, …) capped at one hour, plus up to 10 % jitter so retries after an outage spread out. */
export function defaultBackoffMs(attempts: number): number {
  const base = Math.min(3600, 2 ** attempts) * 1000;
  return Math.round(base + Math.random() * base * 0.1);
}

export interface DbJobQueueOptions {
  /** Delay before the next run after the `attempts`-th run failed. */
  backoffMs?: (attempts: number) => number;
  /** A job whose lock has not been renewed for this long belongs to a dead worker and is run again (default 5 min). */
  staleAfterMs?: number;
  /** How often a running job's lock is renewed (default a fifth of staleAfterMs). */
  heartbeatMs?: number;
  /** Names this worker in `locked_by` (default: process id plus a random suffix). */
  workerId?: string;
}

const DEFAULT_STALE_AFTER_MS = 5 * 60 * 1000;
const DEAD_WORKER_ERROR = 'The worker running this job stopped before it finished';

const secondsInterval = (ms: number): SQL => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Inserts a job. Takes a transaction too, so a job can be queued atomically with the rows it is about
 * (it then runs only if the transaction commits). Returns null when `uniqueKey` matched an existing job.
 */
export async function enqueueJob(db: DbOrTx, queue: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<number | null> {
  const rows = await db
    .insert(jobs)
    .values({
      queue,
      payload,
      // Unset → the column default now(): the database's clock decides when jobs are due, not each server's.
      ...(options.runAt ? { runAt: options.runAt } : {}),
      maxAttempts: options.maxAttempts ?? 5,
      uniqueKey: options.uniqueKey ?? null,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * The Postgres queue design of graphile-worker, que and pg-boss, on the `jobs` table:
 *  - claim: one UPDATE whose subquery picks the oldest due job `FOR UPDATE SKIP LOCKED`, so any number of
 *    workers in any number of processes never take the same job, and never wait on each other;
 *  - a running job's lock is renewed by a heartbeat; a lock not renewed for `staleAfterMs` means its worker
 *    died, and the job is claimed again (or failed, when it has no attempts left);
 *  - every write after the claim is fenced by (locked_by, attempts), so a worker that lost its lock
 *    cannot overwrite what the new owner did;
 *  - a failed run is queued again with exponential backoff until max_attempts, then marked failed with
 *    its last error. Rows are kept (done and failed alike) as the record of what ran.
 * Written with Drizzle's query builder only, so rows come back typed the same on PGlite and node-postgres.
 */
export function createDbJobQueue(db: Db, log: Logger, options: DbJobQueueOptions = {}): JobQueue {
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(staleAfterMs / 5));
  const workerId = options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();

  let stopped = true;
  let loops: Promise<void> = Promise.resolve();
  let lastSweep = 0;
  /** Loops asleep between polls; enqueue and stop wake them. */
  const sleepers = new Set<() => void>();

  const staleCutoff = () => sql`now() - ${secondsInterval(staleAfterMs)}`;

  /** Jobs whose worker died on their last allowed attempt will never be claimed again: record them as failed. */
  async function failAbandoned(queues: string[]): Promise<void> {
    const abandoned = await db
      .update(jobs)
      .set({ status: 'failed', lastError: DEAD_WORKER_ERROR, lockedAt: null, finishedAt: sql`now()` })
      .where(
        and(
          inArray(jobs.queue, queues),
          eq(jobs.status, 'running'),
          lt(jobs.lockedAt, staleCutoff()),
          gte(jobs.attempts, jobs.maxAttempts),
        ),
      )
      .returning({ id: jobs.id, queue: jobs.queue });
    for (const job of abandoned) log.error({ job: job.id, queue: job.queue }, 'job failed for good: its worker died on the last attempt');
  }

  async function claim(): Promise<(typeof jobs.$inferSelect) | null> {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return null;
    if (Date.now() - lastSweep > Math.min(staleAfterMs, 60_000)) {
      lastSweep = Date.now();
      await failAbandoned(queues);
    }
    const next = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.queue, queues),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleCutoff()), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedAt: sql`now()`,
        lockedBy: workerId,
        // Re-claimed from a dead worker: say so, in case this run fails without an error of its own.
        lastError: sql`case when ${jobs.status} = 'running' then ${DEAD_WORKER_ERROR} else ${jobs.lastError} end`,
      })
      .where(sql`${jobs.id} = (${next})`)
      .returning();
    return job ?? null;
  }

  /** Only the worker holding this run's lock may write to the job. */
  const ownRun = (job: { id: number; attempts: number }) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts));

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.queue)!;
    const lockLost = new AbortController();
    let finished = false;
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(ownRun(job))
        .returning({ id: jobs.id })
        .then((rows) => {
          if (rows.length === 0 && !finished && !lockLost.signal.aborted) {
            log.warn({ job: job.id, queue: job.queue }, 'lost the lock of a running job');
            lockLost.abort(new Error('This worker lost the job lock'));
          }
        })
        .catch((error: unknown) => log.warn({ job: job.id, err: error }, 'could not renew a job lock'));
    }, heartbeatMs);
    heartbeat.unref();
    const context: JobContext = { id: job.id, queue: job.queue, attempts: job.attempts, maxAttempts: job.maxAttempts, signal: lockLost.signal };
    try {
      await handler(job.payload, context);
      finished = true;
      clearInterval(heartbeat);
      await db.update(jobs).set({ status: 'done', finishedAt: sql`now()`, lockedAt: null, lastError: null }).where(ownRun(job));
      log.debug({ job: job.id, queue: job.queue, attempts: job.attempts }, 'job done');
    } catch (error) {
      finished = true;
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.maxAttempts;
      log.warn({ job: job.id, queue: job.queue, attempts: job.attempts, err: error }, final ? 'job failed for good' : 'job failed, will retry');
      await db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', lastError: message.slice(0, 2000), lockedAt: null, finishedAt: sql`now()` }
            : { status: 'queued', lastError: message.slice(0, 2000), lockedAt: null, runAt: sql`now() + ${secondsInterval(backoffMs(job.attempts))}` },
        )
        .where(ownRun(job));
    }
    return true;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };

  async function workLoop(pollIntervalMs: number): Promise<void> {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        // The database is unreachable or the claim failed: wait a poll interval and try again.
        log.error({ err: error }, 'job worker could not claim or record a job');
      }
      if (!worked && !stopped) await sleep(pollIntervalMs);
    }
  }

  return {
    async enqueue(queue, payload, enqueueOptions) {
      const id = await enqueueJob(db, queue, payload, enqueueOptions);
      if (id !== null && !stopped && handlers.has(queue)) wakeAll();
      return id;
    },
    handle(queue, handler) {
      handlers.set(queue, handler);
    },
    start({ pollIntervalMs = 1000, concurrency = 2 } = {}) {
      if (!stopped) return;
      stopped = false;
      loops = Promise.all(Array.from({ length: concurrency }, () => workLoop(pollIntervalMs))).then(() => undefined);
    },
    async stop() {
      stopped = true;
      wakeAll();
      await loops;
    },
    async drain() {
      lastSweep = 0;
      let count = 0;
      while (await runOne()) count += 1;
      return count;
    },
  };
}
