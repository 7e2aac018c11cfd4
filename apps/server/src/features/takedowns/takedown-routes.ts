import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { archivePack, restoreArchivedPack, restoreTakenDownItem, takeDownItem } from './takedown-service.ts';

/** What an admin takes down and restores (the archive's search is search's). */
export function registerTakedownRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.takeDownItem, async ({ params, body, viewer, request }) => takeDownItem(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.archivePack, async ({ params, body, viewer, request }) => archivePack(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.restoreArchivedPack, async ({ params, viewer, request }) => restoreArchivedPack(ctx, viewer, params.id, request.ip || null));
  registerEndpoint(app, API.restoreTakenDownItem, async ({ params, viewer, request }) => restoreTakenDownItem(ctx, viewer, params.id, request.ip || null));
}
