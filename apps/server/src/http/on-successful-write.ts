import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls `listener` after this process has answered a state-changing request (any method but GET, HEAD
 * and OPTIONS) without an error: the moment answers kept in memory may no longer be what the database
 * says. Caches that keep such answers empty themselves here.
 */
export function onSuccessfulWrite(app: FastifyInstance, listener: () => void): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) listener();
  });
}
