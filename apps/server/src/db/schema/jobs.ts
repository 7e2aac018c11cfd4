/** The durable job queue (docs/decisions/0005-durable-jobs-in-postgres.md) and its schedules (0037). */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { JOB_NAMES, JOB_STATES } from '@crate/contract/jobs';
import { createdAt, ts } from './columns.ts';

/** Durable jobs in the same database: claimed with FOR UPDATE SKIP LOCKED, retried with backoff. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The job's name (its queue). */
    queue: text('queue', { enum: JOB_NAMES }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Optional de-duplication key: a second enqueue with the same key is ignored while this row is kept. */
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    /** The id of the request that queued it (http/request-id.ts), so its worker's log lines lead back to that request. */
    requestId: text('request_id'),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
    // The clean-up job finds finished rows past their retention without reading the queued ones.
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);

/**
 * The slots of scheduled jobs already queued, apart from the job rows (which the clean-up job deletes):
 * the primary key lets exactly one of the processes that reach a slot queue its job.
 */
export const jobScheduleSlots = pgTable(
  'job_schedule_slots',
  {
    name: text('name', { enum: JOB_NAMES }).notNull(),
    slotAt: ts('slot_at').notNull(),
    /** When the slot's job was queued (later than the slot after a downtime). */
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slotAt] })],
);
