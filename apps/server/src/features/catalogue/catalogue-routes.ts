import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import { GENRES } from '@crate/contract/taxonomy';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { cacheUnlessSignedIn } from '../../http/cache-headers.ts';
import { onSuccessfulWrite } from '../../http/on-successful-write.ts';
import type { Viewer } from '../../http/viewer.ts';
import { presentBundleCard, presentCreatorCard, presentCreatorDetail, presentItemRow, presentPackCard, presentStaffPlaylistCard } from './catalogue-presenters.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import * as catalogue from './catalogue-service.ts';

/**
 * Anonymous answers are the same for everybody and may be cached by browsers and CDNs briefly;
 * signed-in answers carry personal fields (favorited, unpublished packs) and stay private.
 */
const cacheFor = (reply: FastifyReply, viewer: Viewer | null, seconds = 30) =>
  cacheUnlessSignedIn(reply, viewer, { maxAgeSeconds: seconds, staleWhileRevalidateSeconds: 300 });

const asTimeCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.time);
const asNumberCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.position);

export function registerCatalogueRoutes(app: FastifyInstance, { db }: AppContext): void {
  const discover = catalogue.discoverLoader(db);
  // As the public response cache does: a write answered here (a banner saved, a pack published) shows on the next Discover.
  onSuccessfulWrite(app, discover.forget);

  registerEndpoint(app, API.discover, async ({ viewer, reply }) => {
    cacheFor(reply, viewer, 60);
    return discover();
  });

  registerEndpoint(app, API.listPacks, async ({ query, viewer, reply }) => {
    const rows = await catalogue.listNewPacks(db, { limit: query.limit, after: asTimeCursor(query.cursor), ...(query.genre ? { genre: query.genre } : {}) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.publishedAt?.toISOString() ?? null, r.id));
  });

  registerEndpoint(app, API.listStaffPicks, async ({ query, viewer, reply }) => {
    const rows = await catalogue.listStaffPicks(db, { limit: query.limit, after: asNumberCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.position, r.id));
  });

  registerEndpoint(app, API.getPack, async ({ params, viewer, reply }) => {
    const { pack, bundles, abilities, viewerPrice } = await catalogue.getPack(db, viewer, params.ref);
    cacheFor(reply, viewer);
    return {
      ...presentPackCard(pack),
      description: pack.description,
      tags: pack.tags,
      credit_cost: pack.creditCost,
      price_cents: pack.priceCents,
      currency: pack.currency,
      bundles: bundles.map(presentBundleCard),
      takedown_reason: pack.takedownReason,
      favorited: pack.favorited,
      abilities,
      viewer_price: viewerPrice,
    };
  });

  registerEndpoint(app, API.listPackItems, async ({ params, query, viewer, reply }) => {
    const rows = await catalogue.listPackItems(db, viewer, params.ref, { limit: query.limit, after: asNumberCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.position, r.id));
  });

  registerEndpoint(app, API.getItem, async ({ params, viewer, reply }) => {
    const { item, listed, abilities } = await catalogue.getItem(db, viewer, params.slug);
    cacheFor(reply, viewer);
    return { ...presentItemRow(item), description: item.description, pack_status: item.packStatus, published: listed, abilities };
  });

  registerEndpoint(app, API.listBundles, async ({ query, viewer, reply }) => {
    const rows = await catalogue.listBundles(db, { limit: query.limit, after: asTimeCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentBundleCard, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.getBundle, async ({ params, viewer, reply }) => {
    const { bundle, packs, viewerPrice } = await catalogue.getBundle(db, viewer, params.ref);
    cacheFor(reply, viewer);
    return { ...presentBundleCard(bundle), packs: packs.map(presentPackCard), viewer_price: viewerPrice };
  });

  registerEndpoint(app, API.listGenres, async ({ viewer, reply }) => {
    const counts = await catalogue.countPacksByGenre(db);
    cacheFor(reply, viewer, 300);
    return GENRES.map((g) => ({ slug: g.slug, label: g.label, pack_count: counts.get(g.slug) ?? 0 }));
  });

  registerEndpoint(app, API.listCreators, async ({ query, viewer, reply }) => {
    const rows = await catalogue.listCreators(db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.text) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentCreatorCard, (r) => encodeCursor(r.name, r.id));
  });

  registerEndpoint(app, API.getCreator, async ({ params, viewer, reply }) => {
    const creator = await catalogue.getCreator(db, params.ref);
    cacheFor(reply, viewer);
    return presentCreatorDetail(creator);
  });

  registerEndpoint(app, API.listCreatorPacks, async ({ params, query, viewer, reply }) => {
    const rows = await catalogue.listCreatorPacks(db, viewer, params.ref, { limit: query.limit, after: asTimeCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.getStaffPlaylist, async ({ params, viewer, reply }) => {
    const playlist = await catalogue.getStaffPlaylist(db, params.ref);
    cacheFor(reply, viewer);
    return presentStaffPlaylistCard(playlist);
  });

  registerEndpoint(app, API.listStaffPlaylistItems, async ({ params, query, viewer, reply }) => {
    const rows = await catalogue.listStaffPlaylistItems(db, viewer, params.ref, { limit: query.limit, after: asNumberCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.listPosition, r.id));
  });

  registerEndpoint(app, API.listProducts, async ({ viewer, reply }) => {
    cacheFor(reply, viewer, 300);
    return catalogue.listProducts(db);
  });
}
