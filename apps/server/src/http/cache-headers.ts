import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Viewer } from './viewer.ts';

/** Derivatives whose key changes whenever their content does (previews, peaks, resized art): cache for a year. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Only the viewer's browser may keep a copy, and it asks us (so we check access) before reusing it. */
export const CACHE_PRIVATE = 'private, no-cache';

/** How long shared caches may keep an anonymous answer, and serve it stale while they fetch a fresh one. */
export interface PublicCaching {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/**
 * Catalogue and search answers: everybody not signed in gets the same bytes, so shared caches may keep
 * them; a signed-in viewer's answer carries their own state (favourites, their drafts) and is private.
 * `caching: null` keeps even the anonymous answer private (it changes with every request).
 */
export function cacheUnlessSignedIn(reply: FastifyReply, viewer: Viewer | null, caching: PublicCaching | null): void {
  reply.header('Vary', 'Cookie');
  reply.header(
    'Cache-Control',
    viewer || !caching ? CACHE_PRIVATE : `public, max-age=${caching.maxAgeSeconds}, stale-while-revalidate=${caching.staleWhileRevalidateSeconds}`,
  );
}

/**
 * How long a browser keeps a file of the built web app: hashed assets for good; the favicon and the
 * sharing image for a day (Chromium asks for the favicon again on every history change, which a search
 * makes on each keystroke); index.html is always revalidated, so a deploy reaches the next page load.
 */
export function staticCacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return CACHE_IMMUTABLE;
  if (path.basename(filePath).startsWith('index.html')) return 'no-cache';
  return 'public, max-age=86400';
}
