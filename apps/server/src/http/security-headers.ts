import type { FastifyInstance } from 'fastify';

/** Our own pages load only our own scripts; audio and images may come from our origin or blob: URLs. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * nosniff and a CSP on every response; the API docs route gets a looser CSP for the docs UI's inline
 * bootstrap. (The same-origin check against CSRF is http/same-origin.ts.)
 */
export function installSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    const docs = request.routeOptions.url?.startsWith('/api/docs') ?? false;
    reply.header('Content-Security-Policy', docs ? CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'") : CSP);
  });
}
