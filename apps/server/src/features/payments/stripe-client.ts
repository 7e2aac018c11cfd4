import Stripe from 'stripe';

/**
 * The one way Crate makes a Stripe client (payments and payouts): two network retries, a 15 s timeout, and, for the
 * tests' local stand-in of the Stripe API, another host than Stripe's.
 */
export function createStripeClient(secretKey: string, apiUrl?: string | null): Stripe {
  const api = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Crate' },
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}
