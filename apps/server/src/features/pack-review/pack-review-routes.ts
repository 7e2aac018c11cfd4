import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { sendStoredObject } from '../../files/send-stored-object.ts';
import { CACHE_PRIVATE } from '../../http/cache-headers.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { findFileForReview, getPackForReview, getPackProcessing, listWaitingPacks, reprocessPack, reviewPack } from './pack-review-service.ts';

/** Admins' review of packs and re-runs of processing; the creator's processing report (docs/decisions/0026). */
export function registerPackReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.listPacksAwaitingReview, async ({ query }) => listWaitingPacks(ctx.db, query));
  registerEndpoint(app, API.getPackForReview, async ({ viewer, params }) => getPackForReview(ctx.db, viewer, params.id));
  registerEndpoint(app, API.playPackFileForReview, async ({ viewer, params, request, reply }) => {
    const file = await findFileForReview(ctx, viewer, params.id, params.fileId);
    return sendStoredObject(request, reply, ctx.storage, { key: file.storageKey, cacheControl: CACHE_PRIVATE, contentType: file.contentType });
  });
  registerEndpoint(app, API.reviewPack, async ({ viewer, params, body, request }) => reviewPack(ctx, viewer, params.id, body, request.ip));
  registerEndpoint(app, API.reprocessPack, async ({ viewer, params, request }) => reprocessPack(ctx, viewer, params.id, request.ip));
  registerEndpoint(app, API.getPackProcessing, async ({ viewer, params }) => getPackProcessing(ctx.db, viewer, params.id));
}
