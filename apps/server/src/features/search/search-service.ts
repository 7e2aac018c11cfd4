import type { SearchQuery } from '@crate/contract/search';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { createIndexedSearchEngine, type SearchLogger } from './indexed-search-engine.ts';
import { createPostgresSearchEngine } from './postgres-search-engine.ts';
import type { SearchEngine, SearchScope } from './search-engine.ts';
import { findListedItemId } from './search-repository.ts';
import { createSearchRowCache } from './search-row-cache.ts';
import { registerSearchIndexGauges } from './search-index-gauges.ts';
import { withTextFilters } from './search-request.ts';
import { withFavoritedItems, type ViewerState } from '../../read-models/viewer-state.ts';

export type { IndexedSearchEngine } from './indexed-search-engine.ts';
export { warmSearchPage } from './search-warm-up.ts';

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * Search on the engine the configuration names (SEARCH_INDEX): this process's in-memory index, or PostgreSQL
 * alone. The engine finds ids; their rows (the public part, kept in this process while the index says they are
 * current) get the viewer's favourites laid over them.
 */
export function createSearchService(ctx: AppContext, logger: SearchLogger) {
  const { db, config, storage, metrics } = ctx;
  const index = config.searchIndex.kind === 'postgres' ? null : createIndexedSearchEngine(db, { pollMs: config.searchIndex.pollMs, logger, snapshots: storage });
  if (index && metrics) registerSearchIndexGauges(metrics.registry, db, index);
  const engine: SearchEngine = index ?? createPostgresSearchEngine(db);
  // Rows are kept only while the index's outbox reads say what changed; PostgreSQL alone reads them each time.
  const rowCache = createSearchRowCache(db, { ttlMs: index ? config.publicCacheSeconds * 1000 : 0, now: () => ctx.clock.now().getTime() });
  index?.onChange(rowCache.forget);
  return {
    /** Drops every kept row: a write this process answered may have changed any (its owner calls it). */
    forgetRows: () => rowCache.forget('all'),
    /** The in-memory index, when it is the engine (its owner keeps it caught up and stops it); null on PostgreSQL alone. */
    index,
    /** `state`: the viewer's own (their owned sounds count for "not yet owned", their favourites mark the rows); null for a visitor. */
    async find(query: SearchQuery, viewer: Viewer | null, state: ViewerState | null, corpus: SearchScope['corpus']) {
      const hits = await engine.search(withTextFilters(query), { corpus, userId: viewer?.userId ?? null, ...(state ? { ownedItems: state.ownedItems } : {}) });
      const rows = withFavoritedItems(await rowCache.rows(hits.itemIds), state);
      const page = { total: hits.total, facets: hits.facets, next_cursor: hits.nextCursor, sort: hits.sort, seed: hits.seed, corrected: hits.corrected };
      return { rows, page };
    },
    /** Sounds like the listed sound of this slug (404 when there is none). */
    async similar(slug: string, { limit, freeOnly }: { limit: number; freeOnly: boolean }, state: ViewerState | null) {
      const id = await findListedItemId(db, slug);
      if (!id) throw notFound('That sound');
      const ids = await engine.similar(id, limit, { freeOnly });
      return withFavoritedItems(await rowCache.rows(ids), state);
    },
  };
}
