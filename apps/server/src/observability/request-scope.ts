import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, followed through every await: an HTTP request while it is answered
 * (http/request-id.ts enters it), then each job that request queued while the job runs (jobs/db-job-queue.ts).
 * Log lines (create-context.ts's logger) and queued jobs read it here, so no function has to pass it along.
 */
const scope = new AsyncLocalStorage<{ requestId: string | null }>();

/** The id of the request the current work is done for; null outside any (a scheduled job, the start). */
export function currentRequestId(): string | null {
  return scope.getStore()?.requestId ?? null;
}

/** Runs `work` (and everything it awaits or schedules) on behalf of request `requestId`; null: of none. */
export function inRequestScope<T>(requestId: string | null, work: () => T): T {
  return scope.run({ requestId }, work);
}
