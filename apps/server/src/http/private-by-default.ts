import type { FastifyInstance } from 'fastify';

/** What an answer that did not choose its own caching gets: personal until a route says otherwise. */
export const CACHE_PERSONAL = 'private, no-store';

/**
 * Every answer is personal unless its route says otherwise: no Cache-Control means
 * `private, no-store`, so a new endpoint (or an error, or a login answer) can never be kept by a
 * shared cache by omission. Public catalogue answers opt in with their own `public, max-age…`.
 *
 * `Vary: Cookie` on everything that is not immutable: the same URL answers a signed-in viewer
 * differently (their favorites, their drafts), so a shared cache must not hand one to the other.
 * Immutable answers (hashed assets, public media) are the same bytes for everyone allowed to see them.
 */
export function installPrivateByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', CACHE_PERSONAL);
    if (!String(reply.getHeader('cache-control')).includes('immutable')) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) reply.header('Vary', vary ? `${vary}, Cookie` : 'Cookie');
    }
    return payload;
  });
}
