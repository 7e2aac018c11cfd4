import type { FastifyRequest } from 'fastify';
import type { RequestAttribution } from './tracking-service.ts';

/** What a request says for attribution: its cookies (consent), the client address as routed and the user agent. */
export const attributionOf = (request: FastifyRequest): RequestAttribution => ({
  cookieHeader: request.headers.cookie,
  ipAddress: request.ip || null,
  userAgent: request.headers['user-agent'],
});
