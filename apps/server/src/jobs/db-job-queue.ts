import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { EnqueueOptions, JobHandler, JobQueue } from './job-queue.ts';

/** 2^attempts seconds, capped at one hour: 2 s, 4 s, 8 s, … */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 2 ** attempts);
}

/** A job stuck in `running` this long (its worker died) is picked up again. */
const STALE_LOCK = '15 minutes';

/**
 * The proven Postgres queue design (as graphile-worker and pg-boss): claim with
 * `FOR UPDATE SKIP LOCKED`, so many workers in many processes never take the same job.
 */
export function createDbJobQueue(db: Db, log: Logger): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const workerId = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function claim(): Promise<{ id: number; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number } | null> {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return null;
    const result = await db.execute(sql`
      update ${jobs} set status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}
      where id = (
        select id from ${jobs}
        where queue in (${sql.join(queues.map((q) => sql`${q}`), sql`, `)})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_at < now() - ${STALE_LOCK}::interval))
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, queue, payload, attempts, max_attempts`);
    const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
    return (row as never) ?? null;
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.queue)!;
    try {
      await handler(job.payload, { id: Number(job.id), attempts: job.attempts });
      await db.execute(sql`update ${jobs} set status = 'done', finished_at = now(), locked_at = null, last_error = null where id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      log.warn({ job: job.id, queue: job.queue, attempts: job.attempts, err: error }, final ? 'job failed for good' : 'job failed, will retry');
      await db.execute(sql`
        update ${jobs} set
          status = ${final ? 'failed' : 'queued'},
          last_error = ${message.slice(0, 2000)},
          locked_at = null,
          run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
          finished_at = ${final ? sql`now()` : sql`null`}
        where id = ${job.id}`);
    }
    return true;
  }

  return {
    async enqueue(queue, payload, options: EnqueueOptions = {}) {
      const rows = await db
        .insert(jobs)
        .values({
          queue,
          payload,
          runAt: options.runAt ?? new Date(),
          maxAttempts: options.maxAttempts ?? 5,
          uniqueKey: options.uniqueKey ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return rows[0]?.id ?? null;
    },
    handle(queue, handler) {
      handlers.set(queue, handler);
    },
    start({ pollIntervalMs = 1000, concurrency = 2 } = {}) {
      stopped = false;
      const tick = async () => {
        if (stopped) return;
        const batch = Array.from({ length: concurrency }, async () => {
          while (!stopped && (await runOne())) {
            /* keep taking jobs while there are any */
          }
        });
        running = Promise.allSettled(batch);
        await running;
        if (!stopped) timer = setTimeout(tick, pollIntervalMs);
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    async drain() {
      let count = 0;
      while (await runOne()) count += 1;
      return count;
    },
  };
}
