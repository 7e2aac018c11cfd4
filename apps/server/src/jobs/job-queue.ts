/** Durable jobs in the database (the `jobs` table), retried with exponential backoff, surviving restarts. */
import { z } from 'zod';
import type { JobLane } from '@crate/contract/jobs';
import type { DbOrTx } from '../db/client.ts';

export interface JobContext {
  id: number;
  /** The job's name, which is also its queue. */
  queue: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempts: number;
  maxAttempts: number;
  /** Aborted if this worker loses the job's lock (it was judged dead and the job handed to another worker). */
  signal: AbortSignal;
}

/**
 * When a scheduled job runs: at every time a cron expression names (five fields, UTC; `0 0 1 * *` is
 * midnight on the first of each month), or every `everyMs` counted from the Unix epoch, so that every
 * process computes the same slots. docs/decisions/0037-scheduled-jobs.md
 */
export type JobSchedule = { cron: string } | { everyMs: number };

/** A scheduled job's payload: the slot it runs for, an ISO time (one row per slot, across every process). */
export const scheduledPayloadSchema = z.strictObject({ slot: z.iso.datetime() });
export type ScheduledPayload = z.output<typeof scheduledPayloadSchema>;

/**
 * Everything about one kind of job, in one place: what its payload is, who runs it, how often it is
 * tried and in which lane. `Ctx` is what handlers are given to work with (the app's context).
 * The functions are properties, not methods, so that a handler must take exactly what its schema
 * gives (a method's parameters would be checked both ways, letting a handler expect fields no
 * payload has).
 */
export interface JobDefinition<S extends z.ZodType, Ctx> {
  /** Which workers take it: interactive jobs never wait behind bulk ones. */
  lane: JobLane;
  /** Checked when the job is queued and again when it runs (rows outlive deploys); a payload that fails it fails the job for good. */
  payload: S;
  /** Runs in all, including the first (default 5). */
  maxAttempts?: number;
  /** Delay before the next run after the `attempts`-th run failed (default: the queue's). */
  backoffMs?: (attempts: number) => number;
  /**
   * Idempotency key: while a job with this key is kept (queued, running, or finished within its
   * retention), queueing the same work again is a no-op. Work that must happen once ever keys itself
   * in its own rows too (a payment event by its id, a ledger entry by its key).
   */
  uniqueKey?: (payload: z.output<S>) => string;
  /**
   * Queued by the scheduler of every process that runs workers, once per slot across all of them; its
   * payload is then `{ slot }` (scheduledPayloadSchema) and it takes no unique key.
   */
  schedule?: JobSchedule;
  /** Throw to retry with backoff; throw a PermanentJobError when running again cannot help. */
  run: (ctx: Ctx, payload: z.output<S>, job: JobContext) => Promise<void>;
  /**
   * Runs once the job has failed for good — its last attempt threw, it threw a PermanentJobError, or its
   * worker died on the last attempt — before the failure is recorded, so work the job left half done (a
   * pack left "processing") can be closed. Must be idempotent: a worker dying between this and the
   * record runs it again. If it throws, an abandoned job stays as it is and the next sweep tries again.
   */
  failedForGood?: (ctx: Ctx, payload: z.output<S>, error: string) => Promise<void>;
}

/**
 * Any job's definition, whatever its payload: what a catalogue holds. Its handlers take `never`, so
 * nothing calls them but the queue, with a payload their own schema parsed.
 */
export interface AnyJobDefinition<Ctx> extends Omit<JobDefinition<z.ZodType, Ctx>, 'run' | 'uniqueKey' | 'failedForGood'> {
  run: (ctx: Ctx, payload: never, job: JobContext) => Promise<void>;
  uniqueKey?: (payload: never) => string;
  failedForGood?: (ctx: Ctx, payload: never, error: string) => Promise<void>;
}

/** Job name → definition; each entry keeps its own payload type (a catalogue is declared with `satisfies`). */
export type JobCatalogue<Ctx> = Record<string, AnyJobDefinition<Ctx>>;

/** Each entry of catalogue `C` checked against its own payload schema: its handlers take exactly what the schema gives. */
export type CheckedCatalogue<C, Ctx> = { [N in keyof C]: C[N] extends { payload: infer S extends z.ZodType } ? JobDefinition<S, Ctx> : never };

/** What a caller passes to enqueue job `N` of catalogue `C`. */
type JobPayload<C extends Record<string, { payload: z.ZodType }>, N extends keyof C> = z.input<C[N]['payload']>;

/** Thrown by a handler (or by the queue for a payload that does not parse): the job fails at once, with this message, and is not retried. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface EnqueueOptions {
  /** Queue it inside this transaction, so it exists exactly when the rows it is about do. */
  tx?: DbOrTx;
  /** Run no earlier than this (default: now, by the database clock). */
  runAt?: Date;
  /** Whose work it is (a user id): each owner's jobs take turns with everyone else's (docs/decisions/0075). */
  owner?: string | null;
  /** Nobody waits for it (the demo catalogue's media): claimed only when no other job of its lane is due. */
  backfill?: boolean;
}

export interface StartOptions {
  pollIntervalMs?: number;
  /** Polling loops per lane (defaults: DEFAULT_LANE_CONCURRENCY). */
  concurrency?: Partial<Record<JobLane, number>>;
}

export interface JobRetention {
  doneMs: number;
  failedMs: number;
}

export interface JobQueue<C extends JobCatalogue<Ctx>, Ctx> {
  /** The jobs this queue runs, with their lanes: its catalogue's (a plugin's jobs are there only when the plugin is loaded). */
  readonly lanes: ReadonlyMap<keyof C & string, JobLane>;
  /** The new job's id, or null when its unique key matched an existing job. Throws if the payload does not parse. */
  enqueue<N extends keyof C & string>(name: N, payload: JobPayload<C, N>, options?: EnqueueOptions): Promise<number | null>;
  /** Queues many jobs of one name with a few multi-row inserts, in the order given; returns how many were added (unique keys already present are skipped). */
  enqueueMany<N extends keyof C & string>(name: N, payloads: readonly JobPayload<C, N>[], options?: Omit<EnqueueOptions, 'runAt'>): Promise<number>;
  /** Lets this process run the catalogue's jobs, handing `ctx` to their handlers; until then it only queues them. */
  handleWith(ctx: Ctx): void;
  /**
   * Starts each lane's polling loops and the scheduler (which queues every scheduled job at each of its
   * slots) in the background and returns at once. Every process that runs workers calls it.
   */
  start(options?: StartOptions): void;
  /** Stops taking jobs and scheduling, and resolves when the jobs already running have finished. */
  stop(): Promise<void>;
  /** Runs every due job now, one after another, until none is due (tests and the seed use it); returns how many ran. */
  drain(): Promise<number>;
  /**
   * Queues each scheduled job whose latest slot is due and not yet queued by any process (after a
   * downtime only the latest missed slot: no storm); returns the slots this call queued. The scheduler
   * of `start` calls it at every slot; tests call it.
   */
  queueDueSlots(): Promise<Array<{ name: keyof C & string; slot: Date }>>;
  /** Deletes finished job rows: done ones older than `doneMs`, failed ones older than `failedMs`, and slots older than `failedMs` but each schedule's latest. */
  deleteFinished(retention: JobRetention): Promise<{ done: number; failed: number; slots: number }>;
}
