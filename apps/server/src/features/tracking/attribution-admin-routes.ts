import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { presentAttributionStatus } from './attribution-admin-presenter.ts';
import { getAttributionStatus, retryFailedAttribution } from './attribution-admin-service.ts';

/** The Attribution panel of /admin (issue 29, docs/decisions/0057): the forwarder's state and "Retry failed". */
export function registerAttributionAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.adminAttribution, async () => presentAttributionStatus(await getAttributionStatus(ctx)));
  registerEndpoint(app, API.retryFailedAttribution, async ({ viewer, request }) => ({ retried: await retryFailedAttribution(ctx, viewer, request.ip || null) }));
}
