import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * nosniff and a CSP on every response; API docs get a looser CSP for the docs UI's inline bootstrap.
 * CSRF: session cookies are SameSite=Lax, and every state-changing API request must come from our own
 * origin (Origin or, failing that, Referer) — cross-site forms and fetches are refused.
 */
export function installSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    const docs = request.url.startsWith('/api/docs');
    reply.header('Content-Security-Policy', docs ? CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'") : CSP);
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return; // Non-browser clients (curl, SDKs) send neither; browsers always send Origin on cross-site POSTs.
    let origin: string;
    try {
      origin = new URL(source).host;
    } catch {
      throw new AppError('CSRF_REJECTED', 'The request came from an unknown origin');
    }
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (origin !== host) throw new AppError('CSRF_REJECTED', 'Cross-site requests are not allowed');
  });
}
