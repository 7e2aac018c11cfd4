import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { registerHealthRoutes } from './features/system/health-routes.ts';

/** Every feature's routes, registered in one place. */
export async function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHealthRoutes(app, ctx);
}
