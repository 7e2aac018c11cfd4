import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { checkHealth } from './health-service.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.health, () => checkHealth(ctx));
}
