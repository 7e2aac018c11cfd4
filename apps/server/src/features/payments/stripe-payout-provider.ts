import Stripe from 'stripe';
import { createStripeClient } from './stripe-client.ts';
import type { Config } from '../../config.ts';
import { ProviderRequestError } from './payment-provider.ts';
import { PayoutRejectedError, type CreatePayoutAccountInput, type OnboardingLinkInput, type PayoutProvider, type ProviderPayoutAccount, type TransferInput } from './payout-provider.ts';

/**
 * Stripe Connect (decision 0053) through the official SDK: an Express account per payee, Stripe's hosted
 * onboarding through account links, and a transfer from Crate's balance per paid line, keyed so a retried
 * call makes one transfer. STRIPE_API_URL points the SDK at another host (the tests' stand-in).
 */
export interface StripePayoutOptions {
  secretKey: string;
  apiUrl: string | null;
}

/** Stripe refused the request itself (400s, 402s, 403s): asking again with the same key answers the same. */
const refused = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripePermissionError;

export class StripePayoutProvider implements PayoutProvider {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;

  constructor(options: StripePayoutOptions) {
    this.#stripe = createStripeClient(options.secretKey, options.apiUrl);
  }

  async #call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (refused(error)) throw new ProviderRequestError(error.code ?? error.type, error.message);
      throw error;
    }
  }

  async createAccount(input: CreatePayoutAccountInput): Promise<{ id: string }> {
    const account = await this.#call(() =>
      this.#stripe.accounts.create(
        { type: 'express', email: input.email, capabilities: { transfers: { requested: true } }, metadata: { user_id: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: account.id };
  }

  async onboardingLink(input: OnboardingLinkInput): Promise<{ url: string }> {
    const link = await this.#call(() => this.#stripe.accountLinks.create({ account: input.accountId, return_url: input.returnUrl, refresh_url: input.refreshUrl, type: 'account_onboarding' }));
    return { url: link.url };
  }

  async retrieveAccount(accountId: string): Promise<ProviderPayoutAccount> {
    const account = await this.#call(() => this.#stripe.accounts.retrieve(accountId));
    return { id: account.id, payoutsEnabled: account.payouts_enabled === true, detailsSubmitted: account.details_submitted === true };
  }

  async transfer(input: TransferInput): Promise<{ transferId: string }> {
    try {
      const transfer = await this.#stripe.transfers.create(
        { amount: input.amount, currency: input.currency, destination: input.destinationAccountId, description: input.description, ...(input.metadata ? { metadata: input.metadata } : {}) },
        { idempotencyKey: input.idempotencyKey },
      );
      return { transferId: transfer.id };
    } catch (error) {
      // A refusal is definitive (Stripe answers the same to the same key); a timeout or a 5xx says nothing.
      if (refused(error)) throw new PayoutRejectedError(error.code ?? error.type, error.message);
      throw error;
    }
  }
}

/** Stripe Connect, when STRIPE_SECRET_KEY is set (config.ts). */
export function createStripePayoutProvider(config: Config): StripePayoutProvider {
  const payments = config.payments;
  if (payments.kind !== 'stripe') throw new Error('The configuration names the sandbox, not Stripe');
  return new StripePayoutProvider({ secretKey: payments.secretKey, apiUrl: payments.apiUrl });
}
