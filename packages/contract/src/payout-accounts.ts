import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { PAYMENT_PROVIDERS } from './commerce-enums.ts';
import { MONTHLY_PAYOUT_STATUSES } from './payout-enums.ts';

/**
 * Where a creator's, collaborator's or affiliate's money goes (decision 0053): a Stripe Connect account, or the sandbox's
 * stand-in for one, connected through the provider's onboarding page; and an admin paying an approved month.
 */

/** none: never started; onboarding: started, the provider cannot pay it yet; active: transfers can be made to it. */
export const PAYOUT_ACCOUNT_VIEW_STATUSES = ['none', 'onboarding', 'active'] as const;
export type PayoutAccountViewStatus = (typeof PAYOUT_ACCOUNT_VIEW_STATUSES)[number];

export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_VIEW_STATUSES),
  /** Who holds the account (the provider this server pays through when there is none yet). */
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutOnboardingRequestSchema = z.strictObject({
  /** A page of this site to come back to once onboarding is done or left (default /creator). */
  return_url: z.string('return_url must be a non-empty string').min(1, 'return_url must be a non-empty string').max(2048, 'return_url is at most 2048 characters').optional(),
});
export type PayoutOnboardingRequest = z.infer<typeof payoutOnboardingRequestSchema>;

export const payoutOnboardingSchema = z.object({ url: z.string() });

/** A month being paid: its status and how many of its lines are where. */
export const payoutPayStatusSchema = z.object({
  id: z.string(),
  status: z.enum(MONTHLY_PAYOUT_STATUSES),
  lines: z.object({ pending: z.number().int(), paid: z.number().int(), failed: z.number().int(), carried: z.number().int() }),
});
export type PayoutPayStatus = z.infer<typeof payoutPayStatusSchema>;

/** Whoever may be paid: creators and collaborators their earnings, affiliates their commissions. */
const PAYEES = claims('creator', 'collaborator', 'affiliate');

export const PAYOUT_ACCOUNT_API = {
  getPayoutAccount: {
    method: 'GET',
    path: '/api/payout-account',
    access: PAYEES,
    summary: "My payout account's status; an account still onboarding is re-checked with the provider and turns active once it can be paid",
    tags: ['payouts'],
    response: payoutAccountSchema,
  },
  startPayoutOnboarding: {
    method: 'POST',
    path: '/api/payout-account/onboarding',
    access: PAYEES,
    verifiedEmail: true,
    summary: "A fresh link to the provider's onboarding page (the account is created the first time)",
    tags: ['payouts'],
    body: payoutOnboardingRequestSchema,
    response: payoutOnboardingSchema,
    rateLimit: 'create',
  },
  payMonthlyPayout: {
    method: 'POST',
    path: '/api/admin/payouts/:id/pay',
    access: claims('admin'),
    summary: "Pay an approved month: one transfer per pending or failed line, in a job (202); a draft or a paid month is 409; a month already paying answers its progress",
    tags: ['admin', 'payouts'],
    params: z.strictObject({ id: z.uuid('Not a valid payout id') }),
    response: payoutPayStatusSchema,
    status: 202,
  },
} as const satisfies Record<string, Endpoint>;
