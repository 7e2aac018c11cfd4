import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { presentDashboard } from './admin-dashboard-presenter.ts';
import { readDashboard } from './admin-dashboard-service.ts';

/** /admin's answer: what needs attention and the month's key numbers (docs/decisions/0048). */
export function registerAdminDashboardRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  registerEndpoint(app, API.adminDashboard, async () => presentDashboard(await readDashboard(db, clock.now())));
}
