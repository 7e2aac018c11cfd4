import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { JOB_NAMES } from '@crate/contract/jobs';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

// Only the product's job names: rows of a job since removed (or of the queue's own tests) are left out.

export function countJobsByNameAndState(db: Db) {
  return db
    .select({ name: jobs.queue, state: jobs.status, count: count() })
    .from(jobs)
    .where(inArray(jobs.queue, [...JOB_NAMES]))
    .groupBy(jobs.queue, jobs.status);
}

export function latestFailedJobs(db: Db, limit: number) {
  return db
    .select({ id: jobs.id, name: jobs.queue, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts, lastError: jobs.lastError, createdAt: jobs.createdAt, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), inArray(jobs.queue, [...JOB_NAMES])))
    .orderBy(sql`${jobs.finishedAt} desc nulls last`, desc(jobs.id))
    .limit(limit);
}
