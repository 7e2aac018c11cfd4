/**
 * Every job the server runs: its payload, its handler, its lane and how it is retried. Adding a job is
 * its name in the contract (packages/contract/src/jobs.ts) and one entry here; queueing it is
 * `ctx.jobs.enqueue(name, payload)`, typed by the entry. A scheduled job's entry also says when it runs
 * (`scheduled`), and every process that runs workers queues it once per slot. docs/decisions/0005,
 * 0012 and 0037.
 */
import type { z } from 'zod';
import type { JobName } from '@crate/contract/jobs';
import type { AppContext } from '../app-context.ts';
import { runCreditExpiry } from '../features/credits/credit-expiry-job.ts';
import { runPlayDedupePrune } from '../features/tracking/play-dedupe-prune-job.ts';
import { ATTRIBUTION_FORWARD_EVERY_MS, runAttributionForward } from '../features/tracking/attribution-forward-job.ts';
import {
  paymentEventJobKey,
  paymentEventPayloadSchema,
  paymentRefundFailed,
  paymentRefundJobKey,
  paymentRefundPayloadSchema,
  runCreditsExpiringNotice,
  runPaymentEvent,
  runPaymentRefund,
  runSubscriptionRecheck,
  runSubscriptionCancel,
  subscriptionCancelJobKey,
  subscriptionCancelPayloadSchema,
  subscriptionRecheckPayloadSchema,
} from '../features/payments/payment-jobs.ts';
import { analyseAudioJobKey, analyseAudioPayloadSchema, runAnalyseAudio } from '../features/studio-packs/analyse-audio-job.ts';
import { runUploadsSweep } from '../features/studio-packs/uploads-sweep-job.ts';
import { runUnpackZip, unpackZipFailed, unpackZipJobKey, unpackZipPayloadSchema } from '../features/studio-packs/zip-import-job.ts';
import { mailMessageSchema } from '../mail/mailer.ts';
import { deriveMediaJobKey, deriveMediaPayloadSchema, runDeriveMedia } from '../processing/derive-media-job.ts';
import { giveUpProcessPack, PROCESS_PACK_MAX_ATTEMPTS, processPackPayloadSchema, runProcessPack } from '../processing/process-pack.ts';
import { scheduledPayloadSchema, type AnyJobDefinition, type JobDefinition, type JobQueue, type JobSchedule } from './job-queue.ts';
import { runJobsCleanUp } from './jobs-clean-up.ts';
import { runSiteStatsRollup } from '../features/admin-dashboard/site-stats-rollup-job.ts';
import { runPayoutDrafts } from '../features/payouts/payout-drafts-job.ts';
import { runReleaseReminders } from '../features/releases/release-reminders-job.ts';
import { payoutPayFailedForGood, payoutPayJobKey, payoutPayPayloadSchema, runPayoutPay } from '../features/payouts/payout-pay-service.ts';
import type { SANDBOX_JOBS, SandboxJobName } from '../features/payments/sandbox/sandbox-jobs.ts';

/** Infers an entry's payload type from its schema, and checks its handlers take exactly that payload. */
const job = <S extends z.ZodType>(definition: JobDefinition<S, AppContext>) => definition;
/** A scheduled job: its payload is the slot it runs for; its slot, not a unique key, makes it run once. */
const scheduled = (definition: Omit<JobDefinition<typeof scheduledPayloadSchema, AppContext>, 'payload' | 'uniqueKey' | 'schedule'> & { schedule: JobSchedule }) =>
  job({ ...definition, payload: scheduledPayloadSchema });
const HOUR_MS = 3600_000;

export const JOB_CATALOGUE = {
  mail: job({ lane: 'interactive', payload: mailMessageSchema, maxAttempts: 8, run: (ctx, message) => ctx.mailer.send(message) }),
  'derive-media': job({ lane: 'bulk', payload: deriveMediaPayloadSchema, uniqueKey: deriveMediaJobKey, run: runDeriveMedia }),
  'credits-expire': scheduled({ lane: 'bulk', schedule: { everyMs: HOUR_MS }, run: runCreditExpiry }),
  'play-dedupe-prune': scheduled({ lane: 'bulk', schedule: { everyMs: HOUR_MS }, run: runPlayDedupePrune }),
  // Fulfilment is someone waiting for their plan: interactive lane (decision 0023).
  'payment-event': job({ lane: 'interactive', payload: paymentEventPayloadSchema, uniqueKey: paymentEventJobKey, maxAttempts: 12, run: runPaymentEvent }),
  'subscription-recheck': job({ lane: 'interactive', payload: subscriptionRecheckPayloadSchema, run: runSubscriptionRecheck }),
  // Money going back to someone who was charged twice (decision 0033): retried as long as a webhook would be.
  'payment-refund': job({ lane: 'interactive', payload: paymentRefundPayloadSchema, uniqueKey: paymentRefundJobKey, maxAttempts: 12, backoffMs: (n) => Math.min(600_000, 1000 * 2 ** n), run: runPaymentRefund, failedForGood: paymentRefundFailed }),
  'subscription-cancel': job({ lane: 'interactive', payload: subscriptionCancelPayloadSchema, uniqueKey: subscriptionCancelJobKey, maxAttempts: 12, backoffMs: (n) => Math.min(600_000, 1000 * 2 ** n), run: runSubscriptionCancel }),
  // No unique key: approval and every admin re-run queue one; a job for a pack no longer approved or processing does nothing.
  // Short backoff: a retry after a crash should not leave a creator watching "processing" for minutes.
  'process-pack': job({
    lane: 'bulk',
    payload: processPackPayloadSchema,
    maxAttempts: PROCESS_PACK_MAX_ATTEMPTS,
    backoffMs: (n) => Math.min(60_000, 1000 * 2 ** n),
    run: runProcessPack,
    failedForGood: giveUpProcessPack,
  }),
  // Midnight UTC: the day whose lots expire a week later.
  'credits-expiring-notice': scheduled({ lane: 'bulk', schedule: { cron: '0 0 * * *' }, run: runCreditsExpiringNotice }),
  // The creator is looking at the sounds table waiting for BPM and key: interactive lane.
  'analyse-audio': job({ lane: 'interactive', payload: analyseAudioPayloadSchema, uniqueKey: analyseAudioJobKey, run: runAnalyseAudio }),
  // The creator watches the zip's progress bar (decision 0060): interactive lane, like the analysis of its sounds.
  // A short backoff, and few tries: a zip that breaks twice on our side is said to have failed, not left "unpacking".
  'unpack-zip': job({
    lane: 'interactive',
    payload: unpackZipPayloadSchema,
    uniqueKey: unpackZipJobKey,
    maxAttempts: 3,
    backoffMs: (n) => Math.min(60_000, 2000 * 2 ** n),
    run: runUnpackZip,
    failedForGood: unpackZipFailed,
  }),
  'jobs-clean-up': scheduled({ lane: 'bulk', schedule: { everyMs: HOUR_MS }, run: runJobsCleanUp }),
  'uploads-sweep': scheduled({ lane: 'bulk', schedule: { everyMs: HOUR_MS }, run: runUploadsSweep }),
  'site-stats-rollup': scheduled({ lane: 'bulk', schedule: { everyMs: 10 * 60_000 }, run: runSiteStatsRollup }),
  // Creators' estimate of the month so far and the month just ended, waiting for approval (decision 0051).
  'payout-drafts': scheduled({ lane: 'bulk', schedule: { everyMs: HOUR_MS }, run: runPayoutDrafts }),
  // An admin waits on the month's progress: interactive lane. One job per paying round (decision 0053); a retry asks the
  // provider again with the same keys, so a crash or a lost answer never pays a line twice.
  'payout-pay': job({
    lane: 'interactive',
    payload: payoutPayPayloadSchema,
    uniqueKey: payoutPayJobKey,
    maxAttempts: 12,
    backoffMs: (n) => Math.min(600_000, 1000 * 2 ** n),
    run: runPayoutPay,
    failedForGood: payoutPayFailedForGood,
  }),
  // Tracking events to the Conversions API receiver (decision 0057): often, so 1,000 events a second never pile up.
  // Each morning, the writers who have not answered a release for a week are reminded once (decision 0064).
  'release-reminders': scheduled({ lane: 'bulk', schedule: { cron: '0 8 * * *' }, run: runReleaseReminders }),
  'attribution-forward': scheduled({ lane: 'bulk', schedule: { everyMs: ATTRIBUTION_FORWARD_EVERY_MS }, run: runAttributionForward }),
} satisfies Record<Exclude<JobName, SandboxJobName>, AnyJobDefinition<AppContext>>;

/**
 * Every job a process may run: the catalogue, and the payment sandbox's jobs (features/payments/sandbox),
 * which create-context.ts adds only when the sandbox plugin is loaded — queueing one otherwise throws.
 */
export type AppJobCatalogue = typeof JOB_CATALOGUE & typeof SANDBOX_JOBS;
export type AppJobQueue = JobQueue<AppJobCatalogue, AppContext>;
