import type { DbOrTx } from '../../db/client.ts';
import { listSearchRowsByIds, type SearchRowData } from './search-repository.ts';

/**
 * Search's rows by item id, kept in this process (decision 0077): a search's page is mostly rows another search
 * has just shown, and reading them was a third of a signed-in search's time. The rows are the public part, the same
 * for everybody (the viewer's favourites are laid over them), on the public caches' terms:
 *
 * - a row is dropped as soon as the search index's outbox read says its item changed, and every row when a pack or
 *   creator did; a write this process answers empties it (`clear`), so whoever changed something sees it at once;
 * - a row is kept at most `ttlMs` (PUBLIC_CACHE_SECONDS) whatever the outbox says: a pack's cover or a file's
 *   duration changes without an outbox row, and shows within that time, as it does for visitors;
 * - bounded by rows, the least recently stored going first.
 */
export interface SearchRowCache {
  rows(ids: readonly string[]): Promise<SearchRowData[]>;
  forget(changed: readonly string[] | 'all'): void;
}

export function createSearchRowCache(db: DbOrTx, options: { ttlMs: number; now: () => number; maxRows?: number }): SearchRowCache {
  const maxRows = options.maxRows ?? 50_000;
  const kept = new Map<string, { row: SearchRowData; expiresAt: number }>();
  return {
    async rows(ids) {
      if (options.ttlMs <= 0) return listSearchRowsByIds(db, [...ids]);
      const now = options.now();
      const missing: string[] = [];
      for (const id of ids) {
        const entry = kept.get(id);
        if (!entry || entry.expiresAt <= now) missing.push(id);
      }
      if (missing.length > 0) {
        const read = await listSearchRowsByIds(db, missing);
        const expiresAt = now + options.ttlMs;
        for (const row of read) {
          kept.delete(row.id);
          kept.set(row.id, { row, expiresAt });
        }
        for (const id of kept.keys()) {
          if (kept.size <= maxRows) break;
          kept.delete(id);
        }
        const byId = new Map(read.map((row) => [row.id, row]));
        return ids.flatMap((id) => byId.get(id) ?? kept.get(id)?.row ?? []);
      }
      return ids.map((id) => kept.get(id)!.row);
    },
    forget(changed) {
      if (changed === 'all') kept.clear();
      else for (const id of changed) kept.delete(id);
    },
  };
}
