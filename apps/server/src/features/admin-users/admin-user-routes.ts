import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { setRoles } from '../roles/role-service.ts';
import { presentAdminUser } from './admin-user-presenter.ts';
import { findAdminUserRow } from './admin-user-service.ts';

export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.setUserRoles, async ({ viewer, params, body, request }) => {
    const roles = await setRoles(ctx.db, { userId: params.id, actorUserId: viewer.userId, ipAddress: request.ip, reason: 'admin' }, body.roles);
    const row = await findAdminUserRow(ctx.db, params.id);
    if (!row) throw notFound('The user');
    return presentAdminUser(row, roles);
  });
}
