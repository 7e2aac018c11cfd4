/** Durable jobs in the database (the `jobs` table), retried with exponential backoff, surviving restarts. */
export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  maxAttempts?: number;
  /** A second enqueue with the same key is ignored while the first exists. */
  uniqueKey?: string;
}

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

export interface JobQueue {
  enqueue(queue: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<number | null>;
  /** Registers the handler for a queue; workers only pick up queues with a handler. */
  handle(queue: string, handler: JobHandler): void;
  /** Starts polling; returns when stopped. */
  start(options?: { pollIntervalMs?: number; concurrency?: number }): void;
  stop(): Promise<void>;
  /** Runs every due job once, now (tests and the seed use it to drain the queue deterministically). */
  drain(): Promise<number>;
}
