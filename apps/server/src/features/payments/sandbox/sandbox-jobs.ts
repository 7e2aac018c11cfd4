import { z } from 'zod';
import type { JobName } from '@crate/contract/jobs';
import type { AppContext } from '../../../app-context.ts';
import type { AnyJobDefinition } from '../../../jobs/job-queue.ts';
import { SandboxProvider } from './sandbox-provider.ts';

/**
 * The sandbox's own jobs: delivering its events and settling its pending payments. They join the job
 * catalogue only in a process that runs the sandbox (create-context.ts loads this plugin then); with
 * Stripe they are not registered, and nothing queues them.
 */

export type SandboxJobName = Extract<JobName, `sandbox-${string}`>;

const sandboxWebhookPayloadSchema = z.strictObject({ eventId: z.string().min(1).max(255) });
const sandboxWebhookJobKey = (p: { eventId: string }) => `sandbox-webhook:${p.eventId}`;
function sandboxOf(ctx: AppContext): SandboxProvider {
  if (!(ctx.payments instanceof SandboxProvider)) throw new Error('This job belongs to the sandbox provider, and the server runs another');
  return ctx.payments;
}
/** The sandbox sends one signed event to Crate's webhook endpoint; a non-2xx answer retries with backoff, like Stripe. */
async function runSandboxWebhook(ctx: AppContext, payload: { eventId: string }): Promise<void> {
  await sandboxOf(ctx).deliver(payload.eventId);
}

const sandboxSettlePayloadSchema = z.strictObject({ sessionId: z.string().min(1).max(255), outcome: z.enum(['succeeds', 'fails', 'expires']) });
const sandboxSettleJobKey = (p: { sessionId: string; outcome: string }) => `sandbox-settle:${p.sessionId}:${p.outcome}`;
async function runSandboxSettle(ctx: AppContext, payload: { sessionId: string; outcome: 'succeeds' | 'fails' | 'expires' }): Promise<void> {
  await sandboxOf(ctx).settle(payload.sessionId, payload.outcome);
}

export const SANDBOX_JOBS = {
  'sandbox-webhook': { lane: 'interactive', payload: sandboxWebhookPayloadSchema, uniqueKey: sandboxWebhookJobKey, maxAttempts: 12, backoffMs: (n) => Math.min(60_000, 500 * 2 ** n), run: runSandboxWebhook },
  'sandbox-settle': { lane: 'interactive', payload: sandboxSettlePayloadSchema, uniqueKey: sandboxSettleJobKey, run: runSandboxSettle },
} satisfies Record<SandboxJobName, AnyJobDefinition<AppContext>>;
