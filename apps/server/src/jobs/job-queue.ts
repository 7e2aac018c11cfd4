/** Durable jobs in the database (the `jobs` table), retried with exponential backoff, surviving restarts. */
import type { z } from 'zod';
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
 * Everything about one kind of job, in one place: what its payload is, who runs it, how often it is
 * tried and in which lane. `Ctx` is what handlers are given to work with (the app's context).
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
   * Idempotency key: while any job with this key exists (queued, running, done or failed), queueing
   * the same work again is a no-op. Use it for "do this once" work such as fulfilling an order.
   */
  uniqueKey?(payload: z.output<S>): string;
  /** Throw to retry with backoff; throw a PermanentJobError when running again cannot help. */
  run(ctx: Ctx, payload: z.output<S>, job: JobContext): Promise<void>;
  /**
   * Runs once the job has failed for good — its last attempt threw, it threw a PermanentJobError, or its
   * worker died on the last attempt — before the failure is recorded, so work the job left half done (a
   * pack left "processing") can be closed. Must be idempotent: a worker dying between this and the
   * record runs it again. If it throws, an abandoned job stays as it is and the next sweep tries again.
   */
  failedForGood?(ctx: Ctx, payload: z.output<S>, error: string): Promise<void>;
}

/** Job name → definition; each entry keeps its own payload type (a catalogue is declared with `satisfies`). */
export type JobCatalogue<Ctx> = Record<string, JobDefinition<z.ZodType, Ctx>>;

/** What a caller passes to enqueue job `N` of catalogue `C`. */
export type JobPayload<C extends Record<string, { payload: z.ZodType }>, N extends keyof C> = z.input<C[N]['payload']>;

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
}

export interface StartOptions {
  pollIntervalMs?: number;
  /** Polling loops per lane (defaults: DEFAULT_LANE_CONCURRENCY). */
  concurrency?: Partial<Record<JobLane, number>>;
}

export interface JobQueue<C extends JobCatalogue<Ctx>, Ctx> {
  /** The new job's id, or null when its unique key matched an existing job. Throws if the payload does not parse. */
  enqueue<N extends keyof C & string>(name: N, payload: JobPayload<C, N>, options?: EnqueueOptions): Promise<number | null>;
  /** Queues many jobs of one name with a few multi-row inserts, in the order given; returns how many were added (unique keys already present are skipped). */
  enqueueMany<N extends keyof C & string>(name: N, payloads: readonly JobPayload<C, N>[], options?: Pick<EnqueueOptions, 'tx'>): Promise<number>;
  /** Lets this process run the catalogue's jobs, handing `ctx` to their handlers; until then it only queues them. */
  handleWith(ctx: Ctx): void;
  /** Starts each lane's polling loops in the background and returns at once. */
  start(options?: StartOptions): void;
  /** Stops taking jobs and resolves when the jobs already running have finished. */
  stop(): Promise<void>;
  /** Runs every due job now, one after another, until none is due (tests and the seed use it); returns how many ran. */
  drain(): Promise<number>;
}
