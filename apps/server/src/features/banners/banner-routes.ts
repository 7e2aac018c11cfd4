import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createBanner, deleteBanner, getBanner, listBanners, reorderBanners, updateBanner } from './banner-service.ts';

export function registerBannerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.listBanners, async () => listBanners(ctx));
  registerEndpoint(app, API.getBanner, async ({ viewer, params }) => getBanner(ctx, viewer, params.id));
  registerEndpoint(app, API.createBanner, async ({ viewer, body, request }) => createBanner(ctx, viewer, body, request.ip || null));
  registerEndpoint(app, API.updateBanner, async ({ viewer, params, body, request }) => updateBanner(ctx, viewer, params.id, body, request.ip || null));
  registerEndpoint(app, API.deleteBanner, async ({ viewer, params, request }) => deleteBanner(ctx, viewer, params.id, request.ip || null));
  registerEndpoint(app, API.reorderBanners, async ({ viewer, body, request }) => reorderBanners(ctx, viewer, body, request.ip || null));
}
