import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { claims } from '@crate/contract/access';
import { API, type JsonEndpoint } from '@crate/contract/api-endpoints';
import { buildPath, callApi } from '../../../lib/api-client.ts';
import { studioKeys } from './studio-keys.ts';

/** GET /api/creator/earnings: the viewer's own months, the month so far and the balance carried. */
export function useCreatorEarnings() {
  return useQuery({ queryKey: studioKeys.earnings, queryFn: ({ signal }) => callApi(API.getCreatorEarnings, { signal }) });
}

/** Where the browser downloads a month's statement (the session cookie authorizes it). */
export const statementUrl = (month: string, format: 'pdf' | 'csv') =>
  buildPath(format === 'pdf' ? API.downloadEarningsStatementPdf.path : API.downloadEarningsStatementCsv.path, { month });

/*
 * The payout account (issue 28, part 3) is another change's contract: GET /api/payout-account →
 * {status: 'none'|'onboarding'|'active', provider}; POST /api/payout-account/onboarding {return_url?} → {url}.
 * Declared here as that contract reads, until it lands in packages/contract: then these two become its API entries.
 */
export const PAYOUT_ACCOUNT_STATES = ['none', 'onboarding', 'active'] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];
const payoutAccountSchema = z.object({ status: z.enum(PAYOUT_ACCOUNT_STATES), provider: z.string().nullable() });
const PAYOUT_ACCOUNT_API = {
  getPayoutAccount: { method: 'GET', path: '/api/payout-account', access: claims('creator', 'collaborator'), summary: 'My payout account', tags: ['payouts'], response: payoutAccountSchema },
  startPayoutOnboarding: {
    method: 'POST',
    path: '/api/payout-account/onboarding',
    access: claims('creator', 'collaborator'),
    summary: 'Where to connect or continue my payout account',
    tags: ['payouts'],
    body: z.strictObject({ return_url: z.string().optional() }),
    response: z.object({ url: z.string() }),
  },
} as const satisfies Record<string, JsonEndpoint>;

export function usePayoutAccount() {
  return useQuery({ queryKey: studioKeys.payoutAccount, queryFn: ({ signal }) => callApi(PAYOUT_ACCOUNT_API.getPayoutAccount, { signal }) });
}

/** Starts (or continues) onboarding and sends the browser to the provider's page, which comes back to /creator. */
export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: () => callApi(PAYOUT_ACCOUNT_API.startPayoutOnboarding, { body: { return_url: '/creator' } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
