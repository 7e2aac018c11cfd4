import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { JOB_LANES, type JobLane, type JobName } from '@crate/contract/jobs';
import { systemClock, type Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import {
  PermanentJobError,
  type CheckedCatalogue,
  type EnqueueOptions,
  type JobCatalogue,
  type JobContext,
  type JobQueue,
  type StartOptions,
} from './job-queue.ts';
import { scheduleSlots } from './job-schedule.ts';
import type { JobOutcome } from '../observability/metrics.ts';
import { currentRequestId, inRequestScope } from '../observability/request-scope.ts';
import { createJobScheduler, type ScheduledJob } from './job-scheduler.ts';

/** 2^attempts seconds (2 s, 4 s, 8 s, …) capped at one hour, plus up to 10 % jitter so retries after an outage spread out. */
export function defaultBackoffMs(attempts: number): number {
  const base = Math.min(3600, 2 ** attempts) * 1000;
  return Math.round(base + Math.random() * base * 0.1);
}

export interface DbJobQueueOptions {
  /** Delay before the next run after the `attempts`-th run failed, for jobs whose definition sets none. */
  backoffMs?: (attempts: number) => number;
  /** A job whose lock has not been renewed for this long belongs to a dead worker and is run again (default 5 min). */
  staleAfterMs?: number;
  /** How often a running job's lock is renewed (default a fifth of staleAfterMs). */
  heartbeatMs?: number;
  /** Names this worker in `locked_by` (default: process id plus a random suffix). */
  workerId?: string;
  /**
   * Tests move time by hand with one: due times, locks, retention, waits and schedules then follow it.
   * Unset, due times, locks and retention follow the database's clock (so servers whose clocks differ
   * agree on them) and waits and schedules this process's.
   */
  clock?: Clock;
  /** Hears how each run this process made ended and how long it took (the metrics, when they are on). */
  onJobRan?: (run: { name: string; lane: JobLane; outcome: JobOutcome; seconds: number }) => void;
}

/** Polling loops per lane when `start` is not told otherwise: interactive loops mostly sleep, bulk ones keep two cores busy. */
export const DEFAULT_LANE_CONCURRENCY: Record<JobLane, number> = { interactive: 2, bulk: 2 };

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_STALE_AFTER_MS = 5 * 60 * 1000;
const DEAD_WORKER_ERROR = 'The worker running this job stopped before it finished';
/** Rows per INSERT of enqueueMany: well under PostgreSQL's 65,535 bind parameters. */
const ENQUEUE_BATCH = 2000;

const secondsInterval = (ms: number): SQL => sql`make_interval(secs => ${ms / 1000})`;
/** Rows per DELETE of the clean-up: short statements, so workers claiming meanwhile never wait long. */
const DELETE_BATCH = 5000;

/** The `queue` column is typed with the product's job names; a catalogue of other names (the queue's own tests) is stored the same way. */
const queueValue = (name: string) => name as JobName;

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
}

/**
 * The catalogue's scheduled jobs, refused at start when an entry cannot be scheduled: a schedule that
 * names no time, a payload that is not the slot, or a unique key (the slot is the key).
 */
function scheduledJobsOf<Ctx>(catalogue: JobCatalogue<Ctx>): ScheduledJob[] {
  return Object.entries(catalogue).flatMap(([name, definition]) => {
    if (!definition.schedule) return [];
    if (definition.uniqueKey) throw new Error(`Job "${name}" is scheduled: its slot is its key, so it takes no uniqueKey`);
    if (!definition.payload.safeParse({ slot: new Date(0).toISOString() }).success) {
      throw new Error(`Job "${name}" is scheduled, so its payload is the slot it runs for (scheduledPayloadSchema)`);
    }
    return [{ name, slots: scheduleSlots(name, definition.schedule) }];
  });
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
 *    its last error. Rows are kept (done and failed alike) as the record of what ran;
 *  - every job belongs to a lane, and each lane has loops of its own that claim only its jobs, so an
 *    e-mail is claimed at once however many media jobs wait (docs/decisions/0012-job-lanes.md);
 *  - the catalogue says what each job's payload is: it is parsed when queued and again when run, and a
 *    payload that does not parse, or a handler's PermanentJobError, fails the job at once;
 *  - `start` also runs the scheduler, which queues each scheduled job once per slot across processes
 *    (docs/decisions/0037), and `deleteFinished` is the clean-up its `jobs-clean-up` job runs.
 * Written with Drizzle's query builder only, so rows come back typed the same on PGlite and node-postgres.
 * This module is the only writer of the `jobs` table.
 */
export function createDbJobQueue<Ctx, C extends JobCatalogue<Ctx>>(db: Db, log: Logger, catalogue: C & JobCatalogue<Ctx> & CheckedCatalogue<C, Ctx>, options: DbJobQueueOptions = {}): JobQueue<C, Ctx> {
  const clock = options.clock ?? systemClock;
  /** "Now" in SQL: the database's clock, or the injected one. */
  const dbNow = (): SQL => (options.clock ? sql`${options.clock.now().toISOString()}::timestamptz` : sql`now()`);
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(staleAfterMs / 5));
  const workerId = options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const names = Object.keys(catalogue);
  const namesOf = (lane: JobLane) => names.filter((name) => catalogue[name]!.lane === lane);
  const scheduler = createJobScheduler(db, log, clock, scheduledJobsOf(catalogue), {
    slot: async (tx, name, slot) => void (await insertJobs(tx, name, [{ slot: slot.toISOString() }], {})),
    committed: (name) => {
      if (!stopped && handlerContext) wake(catalogue[name]!.lane);
    },
  });
  /** Set by handleWith: until then this process only queues jobs. */
  let handlerContext: { ctx: Ctx } | null = null;

  let stopped = true;
  let loops: Promise<void> = Promise.resolve();
  let stopScheduler = new AbortController();
  let lastSweep = 0;
  /** Loops asleep between polls, by lane; enqueue wakes its lane's, stop wakes all. */
  const sleepers = new Map<JobLane, Set<() => void>>(JOB_LANES.map((lane) => [lane, new Set()]));
  /**
   * How many wake-ups each lane has had: a loop that was polling when a job was queued (and so not asleep to be
   * woken) sees the count moved and polls again instead of sleeping past the job.
   */
  const wakeUps = new Map<JobLane, number>(JOB_LANES.map((lane) => [lane, 0]));

  function parsePayloads(name: string, payloads: readonly unknown[]): Array<{ payload: Record<string, unknown>; uniqueKey: string | null }> {
    const definition = catalogue[name];
    if (!definition) throw new Error(`There is no job named "${name}" in the catalogue`);
    return payloads.map((payload) => {
      const parsed = definition.payload.safeParse(payload);
      if (!parsed.success) throw new Error(`Job "${name}" cannot be queued with this payload: ${describeIssues(parsed.error)}`);
      return { payload: payload as Record<string, unknown>, uniqueKey: definition.uniqueKey?.(parsed.data as never) ?? null };
    });
  }

  /**
   * How many of `owner`'s jobs are unfinished: the position the next one takes, so workers interleave owners
   * (docs/decisions/0075). Read without a lock: two enqueues at once may share a position, which only ties them.
   */
  async function openJobsOf(on: DbOrTx, owner: string | null | undefined): Promise<number> {
    if (!owner) return 0;
    const [row] = await on
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.owner, owner), inArray(jobs.status, ['queued', 'running'])));
    return row?.n ?? 0;
  }

  /** Inserts jobs with multi-row inserts; a unique key already present skips its row. Returns the new rows' ids. */
  async function insertJobs(on: DbOrTx, name: string, payloads: readonly unknown[], placement: Omit<EnqueueOptions, 'tx'>): Promise<number[]> {
    const rows = parsePayloads(name, payloads);
    const maxAttempts = catalogue[name]!.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const firstPosition = await openJobsOf(on, placement.owner);
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += ENQUEUE_BATCH) {
      const inserted = await on
        .insert(jobs)
        .values(
          rows.slice(start, start + ENQUEUE_BATCH).map((row, index) => ({
            queue: queueValue(name),
            payload: row.payload,
            // Unset → now(): the database's clock decides when jobs are due, not each server's (unless a test's clock does).
            runAt: placement.runAt ?? dbNow(),
            maxAttempts,
            uniqueKey: row.uniqueKey,
            owner: placement.owner ?? null,
            ownerPosition: placement.owner ? firstPosition + start + index : 0,
            backfill: placement.backfill ?? false,
            // The request this job was queued for (or the job that queued it ran for): its log lines say so.
            requestId: currentRequestId(),
          })),
        )
        .onConflictDoNothing({ target: jobs.uniqueKey })
        .returning({ id: jobs.id });
      ids.push(...inserted.map((r) => r.id));
    }
    // Inside a caller's transaction the loop may look before the commit; it finds the job at its next poll.
    if (ids.length > 0 && !stopped && handlerContext) wake(catalogue[name]!.lane);
    return ids;
  }

  const before = (ms: number) => sql`${dbNow()} - ${secondsInterval(ms)}`;
  const staleCutoff = () => before(staleAfterMs);

  /** The definition's failedForGood hook, if it has one and the payload still parses; its errors are the caller's. */
  async function runFailedHook(queue: string, payload: unknown, error: string): Promise<void> {
    const definition = catalogue[queue];
    if (!definition?.failedForGood || !handlerContext) return;
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) return;
    await definition.failedForGood(handlerContext.ctx, parsed.data as never, error);
  }

  /**
   * Jobs whose worker died on their last allowed attempt will never be claimed again: record them as failed,
   * after their failedForGood hook (a hook that throws leaves the job for the next sweep).
   */
  async function failAbandoned(queues: readonly string[]): Promise<void> {
    const abandonedWhere = and(
      inArray(jobs.queue, queues.map(queueValue)),
      eq(jobs.status, 'running'),
      lt(jobs.lockedAt, staleCutoff()),
      gte(jobs.attempts, jobs.maxAttempts),
    );
    const abandoned = await db.select({ id: jobs.id, queue: jobs.queue, payload: jobs.payload }).from(jobs).where(abandonedWhere);
    for (const job of abandoned) {
      try {
        await runFailedHook(job.queue, job.payload, DEAD_WORKER_ERROR);
      } catch (error) {
        log.error({ job: job.id, queue: job.queue, err: error }, 'the failure hook of an abandoned job failed; it is tried again at the next sweep');
        continue;
      }
      const [failed] = await db
        .update(jobs)
        .set({ status: 'failed', lastError: DEAD_WORKER_ERROR, lockedAt: null, finishedAt: dbNow() })
        .where(and(eq(jobs.id, job.id), abandonedWhere))
        .returning({ id: jobs.id });
      if (failed) log.error({ job: job.id, queue: job.queue }, 'job failed for good: its worker died on the last attempt');
    }
  }

  /**
   * Claims the next due job among `queues` (its own lane's, or every one for drain): work somebody waits for before
   * backfill, then the lowest position in its owner's queue (one file of each creator's in turn), then the oldest.
   */
  async function claim(queues: readonly string[]): Promise<(typeof jobs.$inferSelect) | null> {
    if (!handlerContext || queues.length === 0) return null;
    if (clock.now().getTime() - lastSweep > Math.min(staleAfterMs, 60_000)) {
      lastSweep = clock.now().getTime();
      await failAbandoned(names);
    }
    const next = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.queue, queues.map(queueValue)),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, dbNow())),
            and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleCutoff()), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(jobs.backfill, jobs.ownerPosition, jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedAt: dbNow(),
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

  /** Parses the stored payload (it may predate a change of the schema) and runs the job's handler. */
  async function runHandler(job: typeof jobs.$inferSelect, context: JobContext): Promise<void> {
    const definition = catalogue[job.queue]!;
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`Job "${job.queue}" has an invalid payload: ${describeIssues(parsed.error)}`);
    // The payload parsed with this entry's own schema: what its handler takes (CheckedCatalogue).
    await definition.run(handlerContext!.ctx, parsed.data as never, context);
  }

  async function runOne(queues: readonly string[]): Promise<boolean> {
    const job = await claim(queues);
    if (!job) return false;
    // Everything the run does — its log lines, the jobs it queues — is on behalf of the request that queued it.
    const started = performance.now();
    const outcome = await inRequestScope(job.requestId, () => runClaimed(job));
    options.onJobRan?.({ name: job.queue, lane: catalogue[job.queue]!.lane, outcome, seconds: (performance.now() - started) / 1000 });
    return true;
  }

  /** Runs a claimed job to its end: done, queued again with backoff, or failed for good. */
  async function runClaimed(job: typeof jobs.$inferSelect): Promise<JobOutcome> {
    const lockLost = new AbortController();
    const handlerDone = new AbortController();
    let finished = false;
    const stopHeartbeat = () => {
      finished = true;
      handlerDone.abort();
    };
    void (async () => {
      for (;;) {
        await clock.sleep(heartbeatMs, handlerDone.signal);
        if (finished) return;
        try {
          const rows = await db.update(jobs).set({ lockedAt: dbNow() }).where(ownRun(job)).returning({ id: jobs.id });
          if (rows.length === 0 && !finished && !lockLost.signal.aborted) {
            log.warn({ job: job.id, queue: job.queue }, 'lost the lock of a running job');
            lockLost.abort(new Error('This worker lost the job lock'));
            return;
          }
        } catch (error) {
          log.warn({ job: job.id, err: error }, 'could not renew a job lock');
        }
      }
    })();
    const context: JobContext = { id: job.id, queue: job.queue, attempts: job.attempts, maxAttempts: job.maxAttempts, signal: lockLost.signal };
    try {
      await runHandler(job, context);
      stopHeartbeat();
      await db.update(jobs).set({ status: 'done', finishedAt: dbNow(), lockedAt: null, lastError: null }).where(ownRun(job));
      log.debug({ job: job.id, queue: job.queue, attempts: job.attempts }, 'job done');
      return 'done';
    } catch (error) {
      stopHeartbeat();
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      log.warn({ job: job.id, queue: job.queue, attempts: job.attempts, err: error }, final ? 'job failed for good' : 'job failed, will retry');
      const backoffMs = catalogue[job.queue]?.backoffMs ?? options.backoffMs ?? defaultBackoffMs;
      if (final && !lockLost.signal.aborted) {
        await runFailedHook(job.queue, job.payload, message).catch((hookError: unknown) =>
          log.error({ job: job.id, queue: job.queue, err: hookError }, 'the failure hook of a job failed'),
        );
      }
      await db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', lastError: message.slice(0, 2000), lockedAt: null, finishedAt: dbNow() }
            : { status: 'queued', lastError: message.slice(0, 2000), lockedAt: null, runAt: sql`${dbNow()} + ${secondsInterval(backoffMs(job.attempts))}` },
        )
        .where(ownRun(job));
      return final ? 'failed' : 'retry';
    }
  }

  async function sleep(lane: JobLane, ms: number): Promise<void> {
    const asleep = sleepers.get(lane)!;
    const woken = new AbortController();
    const wakeUp = () => woken.abort();
    asleep.add(wakeUp);
    try {
      await clock.sleep(ms, woken.signal);
    } finally {
      asleep.delete(wakeUp);
    }
  }
  function wake(lane: JobLane): void {
    wakeUps.set(lane, wakeUps.get(lane)! + 1);
    for (const wakeUp of [...sleepers.get(lane)!]) wakeUp();
  }

  async function workLoop(lane: JobLane, pollIntervalMs: number): Promise<void> {
    const queues = namesOf(lane);
    while (!stopped) {
      const wakeUpsBefore = wakeUps.get(lane);
      let worked = false;
      try {
        worked = await runOne(queues);
      } catch (error) {
        // The database is unreachable or the claim failed: wait a poll interval and try again.
        log.error({ err: error, lane }, 'job worker could not claim or record a job');
      }
      if (!worked && !stopped && wakeUps.get(lane) === wakeUpsBefore) await sleep(lane, pollIntervalMs);
    }
  }

  return {
    lanes: new Map(names.map((name) => [name, catalogue[name]!.lane])),
    async enqueue(name, payload, { tx = db, ...placement } = {}) {
      const [id] = await insertJobs(tx, name, [payload], placement);
      return id ?? null;
    },
    async enqueueMany(name, payloads, { tx = db, ...placement } = {}) {
      return (await insertJobs(tx, name, payloads, placement)).length;
    },
    handleWith(ctx) {
      handlerContext = { ctx };
    },
    start({ pollIntervalMs = 1000, concurrency = {} }: StartOptions = {}) {
      if (!stopped) return;
      stopped = false;
      const lanes = JOB_LANES.filter((lane) => namesOf(lane).length > 0);
      const perLane = lanes.flatMap((lane) => Array.from({ length: concurrency[lane] ?? DEFAULT_LANE_CONCURRENCY[lane] }, () => workLoop(lane, pollIntervalMs)));
      stopScheduler = new AbortController();
      loops = Promise.all([...perLane, scheduler.run(stopScheduler.signal)]).then(() => undefined);
    },
    async stop() {
      stopped = true;
      stopScheduler.abort();
      for (const lane of JOB_LANES) wake(lane);
      await loops;
    },
    async drain() {
      lastSweep = 0;
      let count = 0;
      while (await runOne(names)) count += 1;
      return count;
    },
    async queueDueSlots() {
      return (await scheduler.queueDueSlots()) as Array<{ name: keyof C & string; slot: Date }>;
    },
    async deleteFinished({ doneMs, failedMs }) {
      const deleteWhere = async (where: SQL | undefined): Promise<number> => {
        let total = 0;
        for (;;) {
          const batch = db.select({ id: jobs.id }).from(jobs).where(where).limit(DELETE_BATCH);
          const deleted = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
          total += deleted.length;
          if (deleted.length < DELETE_BATCH) return total;
        }
      };
      return {
        done: await deleteWhere(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before(doneMs)))),
        failed: await deleteWhere(and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, before(failedMs)))),
        slots: await scheduler.deleteSlotsBefore(before(failedMs)),
      };
    },
  };
}
