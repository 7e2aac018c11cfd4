import type { PaymentProvider as ProviderKind } from '@crate/contract/commerce-enums';

/**
 * Who sends creators' and collaborators' money (decision 0053), beside whoever takes it (payment-provider.ts) and
 * chosen the same way: Stripe Connect (stripe-payout-provider.ts) when STRIPE_SECRET_KEY is set, else the
 * embedded sandbox (sandbox/sandbox-payout-provider.ts, loaded with the sandbox plugin). A payee connects an
 * account through the provider's own onboarding page; Crate keeps only the account's id and whether it can be paid.
 */

export interface CreatePayoutAccountInput {
  email: string;
  userId: string;
  /** The same key makes one account however often it is asked (two clicks at once). */
  idempotencyKey: string;
}

export interface OnboardingLinkInput {
  accountId: string;
  /** Where the provider sends the payee once they are done or leave. */
  returnUrl: string;
  /** Where the provider sends the payee when the link has expired or was used: a page that asks for a fresh one. */
  refreshUrl: string;
}

export interface ProviderPayoutAccount {
  id: string;
  /** Transfers can be made to it (Stripe's `payouts_enabled`). */
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface TransferInput {
  /** In the currency's smallest unit; always positive. */
  amount: number;
  currency: string;
  destinationAccountId: string;
  /** The same key makes one transfer however often it is asked, answering the first one's id. */
  idempotencyKey: string;
  description: string;
  metadata?: Record<string, string>;
}

export interface PayoutProvider {
  readonly kind: ProviderKind;
  createAccount(input: CreatePayoutAccountInput): Promise<{ id: string }>;
  /** A fresh, short-lived link to the provider's onboarding page for the account. */
  onboardingLink(input: OnboardingLinkInput): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ProviderPayoutAccount>;
  /**
   * Sends money to a connected account. Throws PayoutRejectedError when the provider refused it for good (the
   * reason is the provider's, safe to show an admin); any other error (a timeout, a lost answer) says nothing
   * about whether it was made, so the caller asks again with the same key.
   */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
}

/** The provider said no to a transfer (a closed bank account, a capability missing): nothing was sent. */
export class PayoutRejectedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'PayoutRejectedError';
    this.code = code;
  }
}
