import type { Database } from '../../db/client.ts';
import type { findSessionViewer } from './viewer-repository.ts';

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionViewer>>>;

/**
 * The embedded default's verified sessions, kept in memory (decision 0077). On PGlite one process owns the database
 * and every statement is its own, so the session statement — a third of a signed-in request there — needs running
 * only when something it reads has changed: migration 0038's triggers notify this connection as the change commits
 * (a sign-out, a disabled account, a role, a favourite bumping the viewer's state version), and everything kept is
 * forgotten before the writer goes on. PostgreSQL, where other processes write, reads the session every time.
 *
 * Only rows the database returned for a token whose signature verified are kept, so a forged cookie never fills it.
 * A read that a change overtook is not kept. Bounded by sessions; the oldest go first.
 */
export interface SessionCache {
  /** The kept row of this token, or the database's (kept for next time). */
  read(token: string, load: (token: string) => Promise<SessionRow | null>): Promise<SessionRow | null>;
}

export async function sessionCacheFor(database: Database, maxSessions = 10_000): Promise<SessionCache | null> {
  if (!database.onViewerChange) return null;
  const kept = new Map<string, SessionRow>();
  let generation = 0;
  await database.onViewerChange(() => {
    generation += 1;
    kept.clear();
  });
  return {
    async read(token, load) {
      const row = kept.get(token);
      if (row) return row;
      const before = generation;
      const loaded = await load(token);
      if (loaded && generation === before) {
        kept.set(token, loaded);
        for (const oldest of kept.keys()) {
          if (kept.size <= maxSessions) break;
          kept.delete(oldest);
        }
      }
      return loaded;
    },
  };
}
