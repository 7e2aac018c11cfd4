import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AUTO_NAMED_STATEMENT, keptPrepared } from '../db/prepared.ts';
import { users } from '../db/schema/index.ts';
import type { Viewer } from '../http/viewer.ts';

/**
 * What is the viewer's own on a catalogue answer — the sounds and packs they favourited, the sounds they own —
 * kept in this process per user (decision 0077). Every catalogue and search answer shares its public part among
 * everybody and lays this over it.
 *
 * Freshness is exact across processes without a message: triggers bump `users.viewer_state_version` in the
 * transaction that favourites, unfavourites, gets or loses a sound (migration 0038), and the session's own
 * statement reads the version on every request. A copy is used while it is at least that version; otherwise
 * it is read again, in one statement, version included — so a purchase or a favourite made a moment earlier
 * on any process shows on the very next answer, here or elsewhere.
 *
 * Keyed by the verified viewer's user id only (the session statement's answer, never a client value), so one
 * viewer's copy is never another's. Bounded by users and by ids held; the least recently used go first.
 */
export interface ViewerState {
  version: number;
  favoriteItems: ReadonlySet<string>;
  favoritePacks: ReadonlySet<string>;
  ownedItems: ReadonlySet<string>;
}

export interface ViewerStateCache {
  /** The viewer's state, at least as new as the version their session statement read. */
  of(viewer: Pick<Viewer, 'userId' | 'stateVersion'>): Promise<ViewerState>;
  /** Copies read from the database and answers from memory since start (tests and benchmarks read them). */
  readonly stats: { reads: number; hits: number };
}

const stateQuery = keptPrepared((db) =>
  db
    .select({
      version: users.viewerStateVersion,
      favoriteItems: sql<string[]>`array(select f.item_id::text from favorites f where f.user_id = users.id and f.item_id is not null)`,
      favoritePacks: sql<string[]>`array(select f.pack_id::text from favorites f where f.user_id = users.id and f.pack_id is not null)`,
      ownedItems: sql<string[]>`array(select o.item_id::text from owned_items o where o.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(AUTO_NAMED_STATEMENT),
);

async function readViewerState(db: DbOrTx, userId: string): Promise<ViewerState> {
  const [row] = await stateQuery(db).execute({ userId });
  if (!row) return { version: Number.MAX_SAFE_INTEGER, favoriteItems: new Set(), favoritePacks: new Set(), ownedItems: new Set() };
  return { version: Number(row.version), favoriteItems: new Set(row.favoriteItems), favoritePacks: new Set(row.favoritePacks), ownedItems: new Set(row.ownedItems) };
}

const sizeOf = (state: ViewerState) => 1 + state.favoriteItems.size + state.favoritePacks.size + state.ownedItems.size;

export function createViewerStateCache(db: DbOrTx, limits: { maxUsers?: number; maxIds?: number } = {}): ViewerStateCache {
  const maxUsers = limits.maxUsers ?? 20_000;
  const maxIds = limits.maxIds ?? 4_000_000;
  // Insertion order is recency: a use moves the entry to the end, eviction takes from the front.
  const kept = new Map<string, ViewerState>();
  const reading = new Map<string, Promise<ViewerState>>();
  const stats = { reads: 0, hits: 0 };
  let ids = 0;

  const keep = (userId: string, state: ViewerState) => {
    const previous = kept.get(userId);
    if (previous && previous.version > state.version) return;
    if (previous) ids -= sizeOf(previous);
    kept.delete(userId);
    kept.set(userId, state);
    ids += sizeOf(state);
    for (const [key, entry] of kept) {
      if (kept.size <= maxUsers && ids <= maxIds) break;
      kept.delete(key);
      ids -= sizeOf(entry);
    }
  };

  return {
    stats,
    of({ userId, stateVersion }) {
      const state = kept.get(userId);
      if (state && state.version >= stateVersion) {
        stats.hits += 1;
        kept.delete(userId);
        kept.set(userId, state);
        return Promise.resolve(state);
      }
      // Concurrent requests of one viewer share one read; a read that started before this version is not enough.
      const pending = reading.get(userId);
      if (pending) return pending.then((read) => (read.version >= stateVersion ? read : this.of({ userId, stateVersion })));
      stats.reads += 1;
      const read = readViewerState(db, userId).finally(() => reading.delete(userId));
      reading.set(userId, read);
      return read.then((fresh) => {
        keep(userId, fresh);
        return fresh;
      });
    },
  };
}

/** Rows of the public part with the viewer's favourites laid over them (null for a visitor); the shared rows are left as they are. */
export const withFavoritedItems = <T extends { id: string }>(rows: readonly T[], state: ViewerState | null): Array<T & { favorited: boolean | null }> =>
  rows.map((row) => ({ ...row, favorited: state ? state.favoriteItems.has(row.id) : null }));

/** What a visitor owns. */
export const NOTHING_OWNED: ReadonlySet<string> = new Set();

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's copies of each viewer's own state (decision 0077). */
    viewerStates: ViewerStateCache;
  }
}
