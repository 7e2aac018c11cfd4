import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scheme://host:port` of a URL (default ports dropped, host lower-cased), or null when it is not a URL with a host. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The origins a page of ours may send requests from: the one this request was addressed to (scheme
 * and host as Fastify reads them — X-Forwarded-Proto/-Host only from a TRUST_PROXY address) and the
 * configured PUBLIC_URL (a TLS proxy that is not trusted still serves the site from there).
 */
function ownOrigins(request: FastifyRequest, publicOrigin: string | null): string[] {
  const addressed = originOf(`${request.protocol}://${request.host}`);
  return [addressed, publicOrigin].filter((o): o is string => o !== null);
}

/**
 * CSRF: every state-changing request — any method but GET, HEAD and OPTIONS, on any path, however
 * it is spelled (the router decodes `%61pi` to `api`, so a path prefix is no test) — must come from
 * one of our own origins, compared as scheme + host + port. The browser's Origin decides, or Referer
 * when a browser sent no Origin; `Origin: null` (sandboxed frames, some redirects) is refused.
 * Requests with neither header are not from a browser page (curl, SDKs, payment webhooks) and pass;
 * session cookies are also SameSite=Lax.
 */
export function installSameOriginCheck(app: FastifyInstance, { publicUrl }: { publicUrl: string }): void {
  const publicOrigin = originOf(publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (source === undefined) return;
    const origin = originOf(source);
    if (origin === null || !ownOrigins(request, publicOrigin).includes(origin)) {
      throw new AppError('CSRF_REJECTED', 'Cross-site requests are not allowed');
    }
  });
}
