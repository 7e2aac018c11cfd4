/** The durable job queue (docs/decisions/0005-durable-jobs-in-postgres.md) and its schedules (0037). */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * Whose work this is (a user id), for fairness (docs/decisions/0075): `owner_position` is how many of the
     * owner's jobs were unfinished when it was queued, and workers take lower positions first, so one creator's
     * 2,000 files never make another's single file wait behind them.
     */
    owner: text('owner'),
    ownerPosition: integer('owner_position').notNull().default(0),
    /** Work nobody is waiting for (the demo catalogue's media): taken only when nothing else is due. */
    backfill: boolean('backfill').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    /** The id of the request that queued it (http/request-id.ts), so its worker's log lines lead back to that request. */
    requestId: text('request_id'),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    // The claim's order (db-job-queue.ts): backfill last, then the owner's position, then age.
    index('jobs_claim_order_idx').on(t.backfill, t.ownerPosition, t.runAt, t.id).where(sql`${t.status} = 'queued'`),
    // An owner's unfinished jobs, counted when more are queued for them.
    index('jobs_owner_open_idx').on(t.owner).where(sql`${t.owner} is not null and ${t.status} in ('queued', 'running')`),
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
