import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getProfile } from '../profile/profile-service.ts';
import { acceptInvite, createInvite, describeInvite } from './invite-service.ts';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.createInvite, async ({ viewer, body, request }) => createInvite(ctx, viewer, body.email, request.ip));
  registerEndpoint(app, API.getInvite, async ({ params }) => describeInvite(ctx.db, params.token));
  registerEndpoint(app, API.acceptInvite, async ({ viewer, body, request }) => {
    await acceptInvite(ctx.db, viewer.userId, body.token, request.ip);
    return getProfile(ctx.db, viewer.userId);
  });
}
