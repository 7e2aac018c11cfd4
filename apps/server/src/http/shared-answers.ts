import type { FastifyInstance } from 'fastify';
import { onSuccessfulWrite } from './on-successful-write.ts';

/**
 * The public part of catalogue answers, kept in this process as objects for everybody (decision 0077): what a
 * visitor gets, before the viewer's own part (favourites, owned sounds, what they may do) is laid over it. The
 * public response cache keeps visitors' answers as bytes; this keeps the same answers for signed-in viewers, on
 * the same terms:
 *
 * - each for `ttlMs` (PUBLIC_CACHE_SECONDS); any state-changing request this process answers successfully empties
 *   it, so whoever publishes, edits or takes down sees it at once; so does the search index's outbox read when it
 *   finds a sound, pack or creator changed elsewhere (another process, a job: within a poll); other changes made
 *   elsewhere show within `ttlMs`, as they do for visitors;
 * - concurrent callers of one key share one computation; a failed one is not kept;
 * - bounded by entries, the oldest going first.
 *
 * Only what no viewer changes belongs here: callers key on the resource (never on a viewer) and keep what a
 * visitor may read.
 */
interface SharedAnswers {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops everything kept: the catalogue changed (the search index's outbox read says so). */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sharedAnswers: SharedAnswers;
  }
}

export function installSharedAnswers(app: FastifyInstance, options: { ttlMs: number; now: () => number; maxEntries?: number }): void {
  const maxEntries = options.maxEntries ?? 5000;
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  onSuccessfulWrite(app, () => entries.clear());
  app.decorate('sharedAnswers', {
    forget: () => entries.clear(),
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return compute();
      const now = options.now();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now) return entry.value as Promise<T>;
      const value = compute();
      entries.delete(key);
      entries.set(key, { expiresAt: now + options.ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
  });
}
