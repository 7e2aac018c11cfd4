import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../observability/metrics.ts';

/** Requests no route matched (unknown API paths, screens of the web app) share one label: a URL never becomes one. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every answered request under its route's template (`/api/packs/:id`), its method and its
 * status class. The time is Fastify's, from the request's first hook to the answer's end.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
