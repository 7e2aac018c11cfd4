/** Durable jobs in the database (the `jobs` table), retried with exponential backoff, surviving restarts. */
export interface EnqueueOptions {
  /** Run no earlier than this (default: now, by the database clock). */
  runAt?: Date;
  /** Runs in all, including the first (default 5). */
  maxAttempts?: number;
  /**
   * Idempotency key: while any job with this key exists (queued, running, done or failed), enqueueing
   * again is a no-op that returns null. Use it for "do this once" work such as fulfilling an order.
   */
  uniqueKey?: string;
}

export interface JobContext {
  id: number;
  queue: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempts: number;
  maxAttempts: number;
  /** Aborted if this worker loses the job's lock (it was judged dead and the job handed to another worker). */
  signal: AbortSignal;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobContext) => Promise<void>;

export interface JobQueue {
  /** The new job's id, or null when uniqueKey matched an existing job. */
  enqueue(queue: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<number | null>;
  /** Registers the handler for a queue; a worker only picks up jobs of queues it has a handler for. */
  handle(queue: string, handler: JobHandler): void;
  /** Starts `concurrency` polling loops in the background and returns at once. */
  start(options?: { pollIntervalMs?: number; concurrency?: number }): void;
  /** Stops taking jobs and resolves when the jobs already running have finished. */
  stop(): Promise<void>;
  /** Runs every due job now, one after another, until none is due (tests and the seed use it); returns how many ran. */
  drain(): Promise<number>;
}
