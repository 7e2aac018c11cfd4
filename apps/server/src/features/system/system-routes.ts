import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { checkHealth } from './health-service.ts';
import { scrapeMetrics } from './metrics-service.ts';
import { checkReadiness } from './readiness-service.ts';

/** Liveness (cheap: the database answers), readiness (should this process get traffic) and the metrics scrape. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.health, () => checkHealth(ctx));
  // The search routes decorate the app with its index after these are registered: it is read per request.
  registerEndpoint(app, API.ready, () => checkReadiness(ctx, app.searchIndex ?? null));
  registerEndpoint(app, API.metrics, async ({ request, reply }) => {
    const answer = await scrapeMetrics(ctx, request.headers.authorization);
    if (answer.status !== 200) {
      if (answer.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError(answer.code, answer.message);
    }
    return reply.type(answer.contentType).send(answer.body);
  });
}
