import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getProfile, updateProfile } from './profile-service.ts';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.getProfile, async ({ viewer }) => getProfile(ctx.db, viewer.userId));
  registerEndpoint(app, API.updateProfile, async ({ viewer, body }) => updateProfile(ctx.db, viewer.userId, body));
}
