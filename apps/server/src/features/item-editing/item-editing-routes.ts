import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getEditableItem, replaceItemFile, updateItem } from './item-editing-service.ts';

export function registerItemEditingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getEditableItem, async ({ viewer, params }) => getEditableItem(ctx, viewer, params.slug));
  registerEndpoint(app, API.updateItem, async ({ viewer, params, body, request }) => updateItem(ctx, viewer, params.slug, body, request.ip || null));
  registerEndpoint(app, API.replaceItemFile, async ({ viewer, params, query, request, upload }) =>
    replaceItemFile(ctx, viewer, params.slug, query, request.headers['content-type'], upload, request.ip || null),
  );
}
