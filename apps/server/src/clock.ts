/**
 * What time it is, and waiting for a time. Production runs on the system's clock; a test hands the job
 * queue, its scheduler, the public response cache or the S3 URL signer a clock it moves by hand
 * (apps/server/test/manual-clock.ts), so no test sleeps for time to pass.
 */
export interface Clock {
  now(): Date;
  /** Resolves once `ms` have passed on this clock, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
};
