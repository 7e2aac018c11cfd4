import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { decideAccess } from '@crate/contract/access';
import type { Endpoint } from '@crate/contract/api-endpoints';
import { AppError } from './app-error.ts';
import type { Viewer } from './viewer.ts';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface EndpointInput<E extends Endpoint> {
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  /** The signed-in user, or null. Guaranteed non-null when the endpoint's access is not public. */
  viewer: Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<z.input<E['response']>>;

/** Rate limit for login, register, reset, recovery and password change: per client address and route. */
const AUTH_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * Registers one contract endpoint. Access is decided in onRequest — before the body is even parsed —
 * so an anonymous caller gets 401 and a caller without the claim 403, whatever they sent.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: endpoint.rateLimited ? { rateLimit: AUTH_RATE_LIMIT } : {},
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status ?? 200]: endpoint.response },
    },
    onRequest: async (request) => {
      const viewer = await request.viewer();
      const decision = decideAccess(endpoint.access, viewer);
      if (decision === 'signInRequired') throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      if (decision === 'forbidden') throw new AppError('FORBIDDEN', 'Your account does not have access to this');
    },
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as never,
        params: request.params as never,
        query: request.query as never,
        viewer: await request.viewer(),
        request,
        reply,
      });
      reply.status(endpoint.status ?? 200);
      return result;
    },
  });
}
