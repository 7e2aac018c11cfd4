import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getMyCreatorProfile, updateMyCreatorProfile, uploadStudioImage } from './creator-profile-service.ts';

export function registerCreatorProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getMyCreatorProfile, async ({ viewer }) => getMyCreatorProfile(ctx, viewer));
  registerEndpoint(app, API.updateMyCreatorProfile, async ({ viewer, body, request }) => updateMyCreatorProfile(ctx, viewer, body, request.ip || null));
  registerEndpoint(app, API.uploadStudioImage, async ({ viewer, query, request, upload }) =>
    uploadStudioImage(ctx, viewer, { query, contentType: request.headers['content-type'], body: upload }, request.ip || null),
  );
}
