import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { decideAccess, type Access, type PublicAccess } from '@crate/contract/access';
import type { Endpoint } from '@crate/contract/api-endpoints';
import { AppError } from './app-error.ts';
import type { Viewer } from './viewer.ts';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** Who a handler serves: anyone (maybe nobody) on a public endpoint, a signed-in user on every other. */
export type ViewerOf<A extends Access> = A extends PublicAccess ? Viewer | null : Viewer;

export interface EndpointInput<E extends Endpoint> {
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  /** The signed-in user; null only on a public endpoint when nobody is signed in (onRequest refused the rest). */
  viewer: ViewerOf<E['access']>;
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
      const viewer = await request.viewer();
      // onRequest already refused this; checked again so the handler's non-null viewer is a fact, not a cast.
      if (!viewer && endpoint.access.kind !== 'public') throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      const result = await handler({
        body: request.body as never,
        params: request.params as never,
        query: request.query as never,
        viewer: viewer as ViewerOf<E['access']>,
        request,
        reply,
      });
      reply.status(endpoint.status ?? 200);
      return result;
    },
  });
}
