import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getDefaultSplit, getPackSplit, listMyShares, setDefaultSplit, setPackSplit } from './split-service.ts';

export function registerSplitRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getPackSplit, async ({ viewer, params }) => getPackSplit(ctx, viewer, params.id));
  registerEndpoint(app, API.setPackSplit, async ({ viewer, params, body, request }) => setPackSplit(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.getDefaultSplit, async ({ viewer }) => getDefaultSplit(ctx, viewer));
  registerEndpoint(app, API.setDefaultSplit, async ({ viewer, body, request }) => setDefaultSplit(ctx, viewer, body, request.ip || null));
  registerEndpoint(app, API.listMyShares, async ({ viewer }) => listMyShares(ctx, viewer));
}
