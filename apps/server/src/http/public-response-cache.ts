import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_PRIVATE } from './cache-headers.ts';
import { onSuccessfulWrite } from './on-successful-write.ts';
import { carriesSessionCookie } from './session-cookies.ts';

/**
 * A micro-cache for anonymous API answers that already say `Cache-Control: public`: they are the same
 * for every visitor, and a CDN in front may keep them for their whole max-age. This process keeps each
 * for `ttlMs` (less than any max-age we send), so a burst of visitors on the same list costs one query.
 *
 * - Only GET /api/… answered 200 to a visitor without a session — or to anybody on an endpoint whose answer is the
 *   same for everyone (decision 0077) — with a string or buffer body (media streams are never held), and no Set-Cookie.
 * - Any state-changing request this process answers successfully empties it: once a creator publishes
 *   or an admin takes a pack down here, the next visitor sees it. Changes made elsewhere (another
 *   process, a job) or committed while a visitor's read was in flight show within `ttlMs`.
 * - Bounded by entries and bytes; the oldest entries go first.
 */
export interface PublicResponseCacheOptions {
  ttlMs: number;
  /** Milliseconds since the epoch, by the clock entries expire on (default the system's; tests move one by hand). */
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

interface Entry {
  expiresAt: number;
  body: string | Buffer;
  headers: Record<string, string>;
}

const KEPT_HEADERS = ['content-type', 'cache-control', 'vary'] as const;

interface PublicResponseCacheStats {
  hits: number;
  misses: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Hits and misses of the public response cache since start (benchmarks report them). */
    publicResponseCacheStats: PublicResponseCacheStats;
  }
}

/**
 * An answer the same for everyone still goes to a signed-in person's browser as `private, no-cache`: they may have just
 * changed it (published a pack, saved a banner), and their browser must ask again rather than show its own copy.
 */
function keepPrivateForSignedIn(request: FastifyRequest, reply: FastifyReply): void {
  if (carriesSessionCookie(request.headers.cookie)) reply.header('Cache-Control', CACHE_PRIVATE);
}

export function installPublicResponseCache(app: FastifyInstance, options: PublicResponseCacheOptions): void {
  const stats: PublicResponseCacheStats = { hits: 0, misses: 0 };
  app.decorate('publicResponseCacheStats', stats);
  if (options.ttlMs <= 0) return;
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const served = new WeakSet<FastifyRequest>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= Buffer.byteLength(entry.body);
    entries.delete(key);
  };
  // A visitor's answer, or one the same for everyone (registerEndpoint's sameForEveryone), whoever asks.
  const cacheable = async (request: FastifyRequest) =>
    request.method === 'GET' && request.url.startsWith('/api/') && (request.routeOptions.config.sameForEveryone === true || (await request.viewer()) === null);

  app.addHook('onRequest', async (request, reply: FastifyReply) => {
    if (!(await cacheable(request))) return;
    const entry = entries.get(request.url);
    if (!entry) {
      stats.misses += 1;
      return;
    }
    if (entry.expiresAt <= now()) {
      remove(request.url);
      stats.misses += 1;
      return;
    }
    stats.hits += 1;
    served.add(request);
    reply.headers(entry.headers).header('X-Cache', 'hit');
    keepPrivateForSignedIn(request, reply);
    return reply.send(entry.body);
  });

  /** Keeps a cacheable answer, with its headers as a visitor gets them. */
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> => {
    if (reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return;
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return;
    if (!String(reply.getHeader('cache-control') ?? '').startsWith('public') || !(await cacheable(request))) return;
    const size = Buffer.byteLength(payload);
    if (size > maxBytes / 16) return;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    remove(request.url);
    entries.set(request.url, { expiresAt: now() + options.ttlMs, body: payload, headers });
    bytes += size;
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(key);
    }
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (served.has(request)) return payload;
    await keep(request, reply, payload);
    if (request.routeOptions.config.sameForEveryone === true) keepPrivateForSignedIn(request, reply);
    return payload;
  });

  onSuccessfulWrite(app, () => {
    entries.clear();
    bytes = 0;
  });
}
