import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { onSuccessfulWrite } from '../../http/on-successful-write.ts';
import { cacheUnlessSignedIn } from '../../http/cache-headers.ts';
import type { Viewer } from '../../http/viewer.ts';
import { presentItemRow } from '../catalogue/catalogue-presenters.ts';
import { presentArchivedItemRow } from './search-presenters.ts';
import { createSearchService, warmSearchPage, type IndexedSearchEngine, type SearchService } from './search-service.ts';

/** Free search and similar sounds are the same for every visitor: browsers and CDNs may keep them briefly. */
const cacheFor = (reply: FastifyReply, viewer: Viewer | null, publicSeconds: number | null) =>
  cacheUnlessSignedIn(reply, viewer, publicSeconds === null ? null : { maxAgeSeconds: publicSeconds, staleWhileRevalidateSeconds: 60 });

/**
 * The search the routes use (config SEARCH_INDEX): with this process's in-memory index, which reads the outbox
 * again after every write answered here (whoever changed the catalogue sees it on their next search), or
 * PostgreSQL alone.
 */
function searchServiceFor(app: FastifyInstance, ctx: AppContext): SearchService {
  const search = createSearchService(ctx, app.log);
  const index = search.index;
  if (!index) return search;
  onSuccessfulWrite(app, () => {
    search.forgetRows();
    void index.catchUp();
  });
  // A sound, pack or creator changed elsewhere: the catalogue's shared public parts are read again (decision 0077).
  index.onChange((changed) => {
    if (changed === 'all' || changed.length > 0) app.sharedAnswers.forget();
  });
  app.addHook('onClose', () => index.stop());
  const warmed = warmSearchPage(ctx, index, (url) => app.inject({ method: 'GET', url, remoteAddress: 'search-warm-up' }), app.log);
  app.decorate('searchIndex', { ...index, ready: warmed });
  return search;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search index, when it is the engine (tests and benchmarks wait for it and read its status). */
    searchIndex?: IndexedSearchEngine;
  }
}

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const search = searchServiceFor(app, ctx);
  const stateOf = async (viewer: Viewer | null) => (viewer ? app.viewerStates.of(viewer) : null);

  registerEndpoint(app, API.search, async ({ query, viewer, reply }) => {
    const { rows, page } = await search.find(query, viewer, await stateOf(viewer), 'paid');
    cacheFor(reply, viewer, null);
    return { items: rows.map(presentItemRow), ...page };
  });

  registerEndpoint(app, API.searchFree, async ({ query, viewer, reply }) => {
    const { rows, page } = await search.find(query, viewer, await stateOf(viewer), 'free');
    cacheFor(reply, viewer, 30);
    return { items: rows.map(presentItemRow), ...page };
  });

  registerEndpoint(app, API.searchArchived, async ({ query, viewer, reply }) => {
    const { rows, page } = await search.find(query, viewer, await stateOf(viewer), 'archived');
    cacheFor(reply, viewer, null);
    return { items: rows.map(presentArchivedItemRow), ...page };
  });

  registerEndpoint(app, API.similarItems, async ({ params, query, viewer, reply }) => {
    const rows = await search.similar(params.slug, { limit: query.limit, freeOnly: query.free === true }, await stateOf(viewer));
    cacheFor(reply, viewer, 300);
    return { items: rows.map(presentItemRow) };
  });
}
