import { z } from 'zod';

/**
 * The durable jobs the server runs (docs/decisions/0005-durable-jobs-in-postgres.md). A job's name is
 * also its queue: the `jobs.queue` column holds one of these. Adding a job adds its name here and its
 * entry to the server's job catalogue (apps/server/src/jobs/job-catalogue.ts), where a scheduled job
 * also says when it runs (docs/decisions/0037-scheduled-jobs.md).
 */
export const JOB_NAMES = ['mail', 'derive-media', 'credits-expire', 'play-dedupe-prune', 'payment-event', 'payment-refund', 'subscription-cancel', 'sandbox-webhook', 'sandbox-settle', 'subscription-recheck', 'credits-expiring-notice', 'analyse-audio', 'process-pack', 'jobs-clean-up', 'uploads-sweep', 'site-stats-rollup', 'payout-drafts', 'payout-pay', 'unpack-zip', 'attribution-forward', 'release-reminders'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** queued → running → done, or back to queued (a retry) until it fails for good. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Each lane has its own workers, so a job someone is waiting for (an e-mail, an order's fulfilment)
 * never queues behind bulk work (media derivatives of a 300-file pack). docs/decisions/0012-job-lanes.md
 */
export const JOB_LANES = ['interactive', 'bulk'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/** Every state, zero included. */
const stateCountsSchema = z.record(z.enum(JOB_STATES), z.number().int().nonnegative());

export const jobFailuresQuerySchema = z.strictObject({
  failures: z.coerce.number().int().min(1).max(100).default(20),
});

/** The admin view of the queue: how many jobs of each name are in each state, and the latest failures. */
export const adminJobsSchema = z.object({
  queues: z.array(z.object({ name: z.enum(JOB_NAMES), lane: z.enum(JOB_LANES), counts: stateCountsSchema })),
  failures: z.array(
    z.object({
      id: z.number().int(),
      name: z.enum(JOB_NAMES),
      attempts: z.number().int(),
      max_attempts: z.number().int(),
      error: z.string().nullable(),
      created_at: z.string(),
      failed_at: z.string().nullable(),
    }),
  ),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;
