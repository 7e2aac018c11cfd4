import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { JobLane } from '@crate/contract/jobs';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { sharedPerScrape } from '../observability/metrics.ts';

/**
 * The due jobs a scrape reads at most, oldest first, through the (status, run_at) index: a scrape costs the
 * same with a million jobs waiting, and the oldest job's age stays exact; a count at the cap means "at least".
 */
const WAITING_JOBS_READ_CAP = 100_000;

/** Due jobs not yet claimed, per job name: how many (up to the cap in all) and how long the oldest has waited. */
async function readWaitingJobs(db: Db): Promise<Map<string, { waiting: number; oldestSeconds: number }>> {
  const rows = rowsOf<{ queue: string; waiting: string | number; oldest_seconds: string | number }>(
    await db.execute(sql`
      select queue, count(*) as waiting, extract(epoch from now() - min(run_at)) as oldest_seconds
      from (select queue, run_at from jobs where status = 'queued' and run_at <= now() order by run_at limit ${WAITING_JOBS_READ_CAP}) due
      group by queue`),
  );
  return new Map(rows.map((row) => [row.queue, { waiting: Number(row.waiting), oldestSeconds: Math.max(0, Number(row.oldest_seconds)) }]));
}

/**
 * Queue depth and age per job name and lane, read at scrape with one bounded query shared by both gauges. Every
 * job of the catalogue has its series (0 when none wait), so an alert sees a queue that empties.
 */
export function registerJobQueueGauges(registry: Registry, db: Db, lanes: ReadonlyMap<string, JobLane>): void {
  const read = sharedPerScrape(() => readWaitingJobs(db));
  const perJob = async (gauge: Gauge<'name' | 'lane'>, value: (found: { waiting: number; oldestSeconds: number } | undefined) => number) => {
    const waiting = await read();
    for (const [name, lane] of lanes) gauge.set({ name, lane }, value(waiting.get(name)));
  };
  new Gauge({
    name: 'crate_jobs_waiting',
    help: `Jobs due and not yet claimed, by job name and lane (at most ${WAITING_JOBS_READ_CAP} counted in all)`,
    labelNames: ['name', 'lane'] as const,
    registers: [registry],
    collect() {
      return perJob(this, (found) => found?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'crate_jobs_oldest_waiting_seconds',
    help: 'How long the oldest due job has waited to be claimed, by job name and lane (0 when none waits)',
    labelNames: ['name', 'lane'] as const,
    registers: [registry],
    collect() {
      return perJob(this, (found) => found?.oldestSeconds ?? 0);
    },
  });
}
