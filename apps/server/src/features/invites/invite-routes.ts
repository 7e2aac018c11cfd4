import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getProfile } from '../profile/profile-service.ts';
import { acceptInvite, createInvite, describeInvite, listCollaborators, removeCollaborator, withdrawInvite } from './invite-service.ts';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.createInvite, async ({ viewer, body, request }) => createInvite(ctx, viewer, body.email, request.ip));
  registerEndpoint(app, API.listCollaborators, async ({ viewer }) => listCollaborators(ctx.db, viewer));
  registerEndpoint(app, API.removeCollaborator, async ({ viewer, params, request }) => removeCollaborator(ctx.db, viewer, params.userId, request.ip || null));
  registerEndpoint(app, API.withdrawInvite, async ({ viewer, params, request }) => withdrawInvite(ctx.db, viewer, params.id, request.ip || null));
  registerEndpoint(app, API.getInvite, async ({ params }) => describeInvite(ctx.db, params.token));
  registerEndpoint(app, API.acceptInvite, async ({ viewer, body, request }) => {
    await acceptInvite(ctx.db, viewer, body.token, request.ip);
    return getProfile(ctx.db, viewer.userId);
  });
}
