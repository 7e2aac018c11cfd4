import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { uploadImage } from './admin-image-service.ts';

export function registerAdminImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.uploadAdminImage, async ({ viewer, query, request, upload }) =>
    uploadImage(ctx, viewer, { query, contentType: request.headers['content-type'], body: upload, keyPrefix: 'admin-images' }, request.ip || null),
  );
}
