import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { sendStoredObject } from '../../files/send-stored-object.ts';
import { CACHE_PRIVATE } from '../../http/cache-headers.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  findPlayableDemo,
  getApplicationForAdmin,
  getMyApplication,
  listWaitingApplications,
  resubmitApplication,
  reviewApplication,
  submitApplication,
  uploadDemo,
} from './creator-application-service.ts';

export function registerCreatorApplicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getMyCreatorApplication, async ({ viewer }) => getMyApplication(ctx.db, viewer!));
  registerEndpoint(app, API.uploadApplicationDemo, async ({ viewer, query, request, upload }) => uploadDemo(ctx, viewer!, query.name, request.headers['content-type'], upload));
  registerEndpoint(app, API.submitCreatorApplication, async ({ viewer, body, request }) => submitApplication(ctx, viewer!, body, request.ip));
  registerEndpoint(app, API.resubmitCreatorApplication, async ({ viewer, body, request }) => resubmitApplication(ctx, viewer!, body, request.ip));
  registerEndpoint(app, API.playApplicationDemo, async ({ viewer, params, request, reply }) => {
    const preview = await findPlayableDemo(ctx.db, viewer!, params.id, params.fileId);
    return sendStoredObject(request, reply, ctx.storage, { key: preview.storageKey, cacheControl: CACHE_PRIVATE, contentType: preview.contentType });
  });
  registerEndpoint(app, API.listWaitingApplications, async () => listWaitingApplications(ctx.db));
  registerEndpoint(app, API.getCreatorApplication, async ({ viewer, params }) => getApplicationForAdmin(ctx.db, viewer, params.id));
  registerEndpoint(app, API.reviewCreatorApplication, async ({ viewer, params, body, request }) => reviewApplication(ctx, viewer!, params.id, body, request.ip));
}
