import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { SearchQuery } from '@crate/contract/search';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { onSuccessfulWrite } from '../../http/on-successful-write.ts';
import { cacheUnlessSignedIn } from '../../http/cache-headers.ts';
import type { Viewer } from '../../http/viewer.ts';
import { presentItemRow } from '../catalogue/catalogue-presenters.ts';
import { createIndexedSearchEngine, type IndexedSearchEngine } from './indexed-search-engine.ts';
import { createPostgresSearchEngine } from './postgres-search-engine.ts';
import type { SearchEngine, SearchScope } from './search-engine.ts';
import { presentArchivedItemRow } from './search-presenters.ts';
import { findListedItemId, listSearchRowsByIds } from './search-repository.ts';
import { warmSearchPage } from './search-warm-up.ts';

/** Free search and similar sounds are the same for every visitor: browsers and CDNs may keep them briefly. */
const cacheFor = (reply: FastifyReply, viewer: Viewer | null, publicSeconds: number | null) =>
  cacheUnlessSignedIn(reply, viewer, publicSeconds === null ? null : { maxAgeSeconds: publicSeconds, staleWhileRevalidateSeconds: 60 });

/**
 * The engine the routes use (config SEARCH_INDEX): this process's in-memory index, which reads the outbox
 * again after every write answered here (whoever changed the catalogue sees it on their next search), or
 * PostgreSQL alone.
 */
function searchEngineFor(app: FastifyInstance, { db, database, config, storage }: AppContext): SearchEngine {
  if (config.searchIndex.kind === 'postgres') return createPostgresSearchEngine(db);
  const engine = createIndexedSearchEngine(db, { pollMs: config.searchIndex.pollMs, logger: app.log, snapshots: storage });
  onSuccessfulWrite(app, () => void engine.catchUp());
  app.addHook('onClose', () => engine.stop());
  const warmed = warmSearchPage(app, { db, database }, engine);
  app.decorate('searchIndex', { ...engine, ready: warmed });
  return engine;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search index, when it is the engine (tests and benchmarks wait for it and read its status). */
    searchIndex?: IndexedSearchEngine;
  }
}

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const engine = searchEngineFor(app, ctx);
  async function find(query: SearchQuery, viewer: Viewer | null, corpus: SearchScope['corpus']) {
    const hits = await engine.search(query, { corpus, userId: viewer?.userId ?? null });
    const rows = await listSearchRowsByIds(db, viewer?.userId ?? null, hits.itemIds);
    const page = { total: hits.total, facets: hits.facets, next_cursor: hits.nextCursor, sort: hits.sort, seed: hits.seed, corrected: hits.corrected };
    return { rows, page };
  }

  registerEndpoint(app, API.search, async ({ query, viewer, reply }) => {
    const { rows, page } = await find(query, viewer, 'paid');
    cacheFor(reply, viewer, null);
    return { items: rows.map(presentItemRow), ...page };
  });

  registerEndpoint(app, API.searchFree, async ({ query, viewer, reply }) => {
    const { rows, page } = await find(query, viewer, 'free');
    cacheFor(reply, viewer, 30);
    return { items: rows.map(presentItemRow), ...page };
  });

  registerEndpoint(app, API.searchArchived, async ({ query, viewer, reply }) => {
    const { rows, page } = await find(query, viewer, 'archived');
    cacheFor(reply, viewer, null);
    return { items: rows.map(presentArchivedItemRow), ...page };
  });

  registerEndpoint(app, API.similarItems, async ({ params, query, viewer, reply }) => {
    const id = await findListedItemId(db, params.slug);
    if (!id) throw notFound('That sound');
    const ids = await engine.similar(id, query.limit, { freeOnly: query.free === true });
    const rows = await listSearchRowsByIds(db, viewer?.userId ?? null, ids);
    cacheFor(reply, viewer, 300);
    return { items: rows.map(presentItemRow) };
  });
}
