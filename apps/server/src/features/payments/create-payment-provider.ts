import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AppJobQueue } from '../../jobs/job-catalogue.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { StripeProvider } from './stripe-provider.ts';

/** The provider the configuration names: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function createPaymentProvider(config: Config, db: Db, jobs: AppJobQueue): PaymentProvider {
  const p = config.payments;
  if (p.kind === 'stripe') return new StripeProvider({ secretKey: p.secretKey, webhookSecret: p.webhookSecret, apiUrl: p.apiUrl, publicUrl: config.publicUrl });
  return new SandboxProvider({ db, jobs: () => jobs, publicUrl: config.publicUrl, webhookSecret: p.webhookSecret, pendingMs: p.pendingMs, webhookUrl: p.webhookUrl });
}
