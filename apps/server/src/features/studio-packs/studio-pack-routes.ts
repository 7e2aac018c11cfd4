import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  createStudioPack,
  deleteStudioPackFile,
  getStudioPack,
  listStudioPacks,
  republishStudioPack,
  submitStudioPack,
  updateStudioPack,
  updateStudioPackItems,
  withdrawStudioPack,
} from './studio-pack-service.ts';

export function registerStudioPackRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.listStudioPacks, async ({ viewer, query }) => listStudioPacks(ctx, viewer, query));
  registerEndpoint(app, API.createStudioPack, async ({ viewer, body, request }) => createStudioPack(ctx, viewer, body, request.ip || null));
  registerEndpoint(app, API.getStudioPack, async ({ viewer, params }) => getStudioPack(ctx, viewer, params.id));
  registerEndpoint(app, API.updateStudioPack, async ({ viewer, params, body, request }) => updateStudioPack(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.updateStudioPackItems, async ({ viewer, params, body, request }) => updateStudioPackItems(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.deleteStudioPackFile, async ({ viewer, params, request }) => deleteStudioPackFile(ctx, viewer, params.id, params.fileId, request.ip || null));
  registerEndpoint(app, API.withdrawStudioPack, async ({ viewer, params, request }) => withdrawStudioPack(ctx, viewer, params.id, request.ip || null));
  registerEndpoint(app, API.republishStudioPack, async ({ viewer, params, request }) => republishStudioPack(ctx, viewer, params.id, request.ip || null));
  registerEndpoint(app, API.submitStudioPack, async ({ viewer, params, request }) => submitStudioPack(ctx, viewer, params.id, request.ip || null));
}
