import type { Config } from '../../config.ts';
import { StripeProvider } from './stripe-provider.ts';

/**
 * The sandbox plugin (sandbox/sandbox-plugin.ts), loaded by dynamic import only when the configuration
 * makes the sandbox take payments (no STRIPE_SECRET_KEY; in production only with PAYMENTS_SANDBOX=true):
 * otherwise its code, routes and jobs are never loaded. Null in Stripe mode.
 */
export async function loadSandboxPlugin(config: Config): Promise<typeof import('./sandbox/sandbox-plugin.ts') | null> {
  return config.payments.kind === 'sandbox' ? import('./sandbox/sandbox-plugin.ts') : null;
}

/** Stripe, when STRIPE_SECRET_KEY is set (config.ts). */
export function createStripeProvider(config: Config): StripeProvider {
  const payments = config.payments;
  if (payments.kind !== 'stripe') throw new Error('The configuration names the sandbox, not Stripe');
  return new StripeProvider({ secretKey: payments.secretKey, webhookSecret: payments.webhookSecret, apiUrl: payments.apiUrl, publicUrl: config.publicUrl });
}
