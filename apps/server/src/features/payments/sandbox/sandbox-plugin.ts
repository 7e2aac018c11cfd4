import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { AppJobQueue } from '../../../jobs/job-catalogue.ts';
import { SandboxPayoutProvider } from './sandbox-payout-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';

/**
 * The embedded payment sandbox as a plugin (decision 0023): its provider, its jobs (sandbox-jobs.ts) and its
 * hosted card page (sandbox-routes.ts). create-context.ts and app-routes.ts load it by dynamic import only
 * when the sandbox takes payments — never in production unless PAYMENTS_SANDBOX=true (config.ts) — so a
 * Stripe server has none of its routes (404) or jobs. Its table, sandbox_objects, stays in the schema
 * (db/schema/payments-sandbox.ts), as migrations are one history for every mode.
 */
export { SANDBOX_JOBS } from './sandbox-jobs.ts';
export { registerSandboxRoutes } from './sandbox-routes.ts';

export function createSandboxProvider(config: Config, db: Db, jobs: AppJobQueue): SandboxProvider {
  const payments = config.payments;
  if (payments.kind !== 'sandbox') throw new Error('The configuration names Stripe, not the sandbox');
  return new SandboxProvider({ db, jobs: () => jobs, publicUrl: config.publicUrl, webhookSecret: payments.webhookSecret, pendingMs: payments.pendingMs, webhookUrl: payments.webhookUrl });
}

/** The sandbox's stand-in for Stripe Connect (decision 0053): payout accounts, their onboarding page and transfers. */
export function createSandboxPayoutProvider(config: Config, db: Db): SandboxPayoutProvider {
  if (config.payments.kind !== 'sandbox') throw new Error('The configuration names Stripe, not the sandbox');
  return new SandboxPayoutProvider({ db, publicUrl: config.publicUrl });
}
