import type { FastifyInstance, FastifyReply } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { Discover } from '@crate/contract/catalogue';
import { GENRES } from '@crate/contract/taxonomy';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { notFound } from '../../http/app-error.ts';
import { cacheUnlessSignedIn } from '../../http/cache-headers.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize, can } from '../../policies/can.ts';
import { asItem, isListedItem } from '../../policies/item-policy.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { findPack } from '../../read-models/catalogue-rows.ts';
import * as repo from './catalogue-repository.ts';
import {
  presentBanner,
  presentBundleCard,
  presentCreatorCard,
  presentItemRow,
  presentPackCard,
  presentStaffPlaylistCard,
} from './catalogue-presenters.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { listActiveProducts } from './pricing-repository.ts';
import { viewerCollectionPrice } from '../ownership/acquisition-service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id or a slug: /pack/{id} and /products/{slug} reach the same pack. */
const refOf = (ref: string) => (UUID.test(ref) ? { id: ref.toLowerCase() } : { slug: ref });

/**
 * Anonymous answers are the same for everybody and may be cached by browsers and CDNs briefly;
 * signed-in answers carry personal fields (favorited, unpublished packs) and stay private.
 */
const cacheFor = (reply: FastifyReply, viewer: Viewer | null, seconds = 30) =>
  cacheUnlessSignedIn(reply, viewer, { maxAgeSeconds: seconds, staleWhileRevalidateSeconds: 300 });

const asTimeCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.time);
const asNumberCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.position);


/** How long one process reuses the Discover payload: it is the same for everybody and the landing page. */
const DISCOVER_TTL_MS = 30_000;

/** Discover's shelves, computed at most once per DISCOVER_TTL_MS per process (concurrent callers share one computation). */
function discoverLoader(db: AppContext['db']) {
  let cached: { at: number; value: Promise<Discover> } | null = null;
  const load = async (): Promise<Discover> => {
    const [bannerRows, picks, fresh, trending, genreCounts, featured, playlists] = await Promise.all([
      repo.listActiveBanners(db),
      repo.listStaffPicks(db, { limit: 12 }),
      repo.listNewPacks(db, { limit: 12 }),
      repo.listTrendingPacks(db, 12),
      repo.countPacksByGenre(db),
      repo.listCreators(db, { limit: 8, featuredOnly: true }),
      repo.listStaffPlaylists(db, 8),
    ]);
    return {
      banners: bannerRows.map(presentBanner),
      staff_picks: picks.slice(0, 12).map(presentPackCard),
      new_packs: fresh.slice(0, 12).map(presentPackCard),
      trending_packs: trending.map(presentPackCard),
      genres: GENRES.map((g) => ({ slug: g.slug, label: g.label, pack_count: genreCounts.get(g.slug) ?? 0 }))
        .filter((g) => g.pack_count > 0)
        .sort((a, b) => b.pack_count - a.pack_count)
        .slice(0, 16),
      featured_creators: featured.slice(0, 8).map(presentCreatorCard),
      staff_playlists: playlists.map(presentStaffPlaylistCard),
    };
  };
  return (): Promise<Discover> => {
    const now = Date.now();
    if (!cached || now - cached.at > DISCOVER_TTL_MS) {
      const value = load();
      cached = { at: now, value };
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}

export function registerCatalogueRoutes(app: FastifyInstance, { db }: AppContext): void {
  const discover = discoverLoader(db);

  registerEndpoint(app, API.discover, async ({ viewer, reply }) => {
    cacheFor(reply, viewer, 60);
    return discover();
  });

  registerEndpoint(app, API.listPacks, async ({ query, viewer, reply }) => {
    const rows = await repo.listNewPacks(db, { limit: query.limit, after: asTimeCursor(query.cursor), ...(query.genre ? { genre: query.genre } : {}) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.publishedAt?.toISOString() ?? null, r.id));
  });

  registerEndpoint(app, API.listStaffPicks, async ({ query, viewer, reply }) => {
    const rows = await repo.listStaffPicks(db, { limit: query.limit, after: asNumberCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.position, r.id));
  });

  /** A pack the viewer may read; an unpublished one reads as not found to everybody else (decision 0013). */
  const readablePack = async (viewer: Viewer | null, ref: string) => {
    return authorize(viewer, 'read', await findPack(db, viewer?.userId ?? null, refOf(ref)), asPack, 'That pack');
  };

  registerEndpoint(app, API.getPack, async ({ params, viewer, reply }) => {
    const pack = await readablePack(viewer, params.ref);
    const bundleRows = await repo.listBundlesOfPack(db, pack.id);
    cacheFor(reply, viewer);
    return {
      ...presentPackCard(pack),
      description: pack.description,
      tags: pack.tags,
      credit_cost: pack.creditCost,
      price_cents: pack.priceCents,
      currency: pack.currency,
      bundles: bundleRows.map(presentBundleCard),
      takedown_reason: pack.takedownReason,
      favorited: pack.favorited,
      can_edit: can(viewer, 'edit', asPack(pack)),
      viewer_price: await viewerCollectionPrice(db, viewer?.userId ?? null, 'pack', pack.id),
    };
  });

  registerEndpoint(app, API.listPackItems, async ({ params, query, viewer, reply }) => {
    const pack = await readablePack(viewer, params.ref);
    const rows = await repo.listPackItems(db, viewer?.userId ?? null, { packId: pack.id, limit: query.limit, after: asNumberCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.position, r.id));
  });

  registerEndpoint(app, API.getItem, async ({ params, viewer, reply }) => {
    const row = authorize(viewer, 'read', await repo.findItem(db, viewer?.userId ?? null, params.slug), asItem, 'That sound');
    cacheFor(reply, viewer);
    return { ...presentItemRow(row), description: row.description, pack_status: row.packStatus, published: isListedItem(asItem(row)), can_edit: can(viewer, 'edit', asItem(row)) };
  });

  registerEndpoint(app, API.listBundles, async ({ query, viewer, reply }) => {
    const rows = await repo.listBundles(db, { limit: query.limit, after: asTimeCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentBundleCard, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.getBundle, async ({ params, viewer, reply }) => {
    const bundle = await repo.findBundle(db, refOf(params.ref));
    if (!bundle) throw notFound('That bundle');
    const packRows = await repo.listPacksOfBundle(db, bundle.id);
    cacheFor(reply, viewer);
    return { ...presentBundleCard(bundle), packs: packRows.map(presentPackCard) };
  });

  registerEndpoint(app, API.listGenres, async ({ viewer, reply }) => {
    const counts = await repo.countPacksByGenre(db);
    cacheFor(reply, viewer, 300);
    return GENRES.map((g) => ({ slug: g.slug, label: g.label, pack_count: counts.get(g.slug) ?? 0 }));
  });

  registerEndpoint(app, API.listCreators, async ({ query, viewer, reply }) => {
    const rows = await repo.listCreators(db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.text) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentCreatorCard, (r) => encodeCursor(r.name, r.id));
  });

  registerEndpoint(app, API.getCreator, async ({ params, viewer, reply }) => {
    const creator = await repo.findCreator(db, refOf(params.ref));
    if (!creator) throw notFound('That creator');
    cacheFor(reply, viewer);
    return { ...presentCreatorCard(creator), website: creator.website, joined_at: creator.createdAt.toISOString() };
  });

  registerEndpoint(app, API.listCreatorPacks, async ({ params, query, viewer, reply }) => {
    const creator = await repo.findCreator(db, refOf(params.ref));
    if (!creator) throw notFound('That creator');
    const rows = await repo.listCreatorPacks(db, viewer, { creatorId: creator.id, limit: query.limit, after: asTimeCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.getStaffPlaylist, async ({ params, viewer, reply }) => {
    const playlist = await repo.findStaffPlaylist(db, refOf(params.ref));
    if (!playlist) throw notFound('That playlist');
    cacheFor(reply, viewer);
    return presentStaffPlaylistCard(playlist);
  });

  registerEndpoint(app, API.listStaffPlaylistItems, async ({ params, query, viewer, reply }) => {
    const playlist = await repo.findStaffPlaylist(db, refOf(params.ref));
    if (!playlist) throw notFound('That playlist');
    const rows = await repo.listStaffPlaylistItems(db, viewer?.userId ?? null, { playlistId: playlist.id, limit: query.limit, after: asNumberCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.listPosition, r.id));
  });

  registerEndpoint(app, API.listProducts, async ({ viewer, reply }) => {
    cacheFor(reply, viewer, 300);
    return listActiveProducts(db);
  });
}
