import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getPayoutAccount, startPayoutOnboarding } from './payout-account-service.ts';
import { startPayingMonth } from './payout-pay-service.ts';

/** Payout accounts for creators and collaborators, and an admin paying an approved month (decision 0053). */
export function registerPayoutAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getPayoutAccount, async ({ viewer, request }) => getPayoutAccount(ctx, viewer, request.ip));
  registerEndpoint(app, API.startPayoutOnboarding, async ({ viewer, body, request }) => startPayoutOnboarding(ctx, viewer, body.return_url, request.ip));
  registerEndpoint(app, API.payMonthlyPayout, async ({ viewer, params, request }) => startPayingMonth(ctx, viewer, params.id, request.ip));
}
