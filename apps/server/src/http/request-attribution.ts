import type { FastifyRequest } from 'fastify';

/** What a request says for advertising attribution (docs/decisions/0057): its cookies (consent), the client address as routed and the user agent. */
export interface RequestAttribution {
  cookieHeader: string | undefined;
  ipAddress: string | null;
  userAgent: string | null | undefined;
}

export const attributionOf = (request: FastifyRequest): RequestAttribution => ({
  cookieHeader: request.headers.cookie,
  ipAddress: request.ip || null,
  userAgent: request.headers['user-agent'],
});
