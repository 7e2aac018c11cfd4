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
import { abilitiesOn } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { asPack } from '../../policies/pack-policy.ts';

/**
 * Anonymous answers are the same for everybody and may be cached by browsers and CDNs briefly; signed-in answers
 * carry personal fields (favorited, their price, unpublished packs) and stay private — except answers the same for
 * everyone, which are public whoever asks.
 */
const cacheFor = (reply: FastifyReply, viewer: Viewer | null, seconds = 30) =>
  cacheUnlessSignedIn(reply, viewer, { maxAgeSeconds: seconds, staleWhileRevalidateSeconds: 300 });

const asTimeCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.time);
const asNumberCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.position);

/** Answers the same for every caller: the public response cache serves them to signed-in viewers too (decision 0077). */
const SAME_FOR_EVERYONE = { sameForEveryone: true } as const;

export function registerCatalogueRoutes(app: FastifyInstance, { db }: AppContext): void {
  const discover = catalogue.discoverLoader(db);
  // As the public response cache does: a write answered here (a banner saved, a pack published) shows on the next Discover.
  onSuccessfulWrite(app, discover.forget);
  const { sharedAnswers, viewerStates } = app;
  const stateOf = async (viewer: Viewer | null) => (viewer ? viewerStates.of(viewer) : null);
  /** The public part shared by everybody a visitor's answer serves; else (a creator's own draft) the viewer's own read of it. */
  const sharedOr = <T>(key: string, publicRead: () => Promise<T | null>, ownRead: () => Promise<T>) =>
    sharedAnswers.get(key, publicRead).then((shared) => shared ?? ownRead());

  registerEndpoint(
    app,
    API.discover,
    async ({ reply }) => {
      cacheFor(reply, null, 60);
      return discover();
    },
    SAME_FOR_EVERYONE,
  );

  registerEndpoint(
    app,
    API.listPacks,
    async ({ query, reply }) => {
      const rows = await catalogue.listNewPacks(db, { limit: query.limit, after: asTimeCursor(query.cursor), ...(query.genre ? { genre: query.genre } : {}) });
      cacheFor(reply, null);
      return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.publishedAt?.toISOString() ?? null, r.id));
    },
    SAME_FOR_EVERYONE,
  );

  registerEndpoint(
    app,
    API.listStaffPicks,
    async ({ query, reply }) => {
      const rows = await catalogue.listStaffPicks(db, { limit: query.limit, after: asNumberCursor(query.cursor) });
      cacheFor(reply, null);
      return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.position, r.id));
    },
    SAME_FOR_EVERYONE,
  );

  // The public part is shared by everybody a visitor's answer serves; the viewer's favourite, price and abilities are laid over it.
  registerEndpoint(app, API.getPack, async ({ params, viewer, reply }) => {
    const [part, state] = await Promise.all([
      sharedOr(`pack ${params.ref}`, () => catalogue.findPublicPack(db, params.ref), () => catalogue.findReadablePack(db, viewer, params.ref)),
      stateOf(viewer),
    ]);
    const { pack, bundles, offer } = part;
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
      favorited: state ? state.favoritePacks.has(pack.id) : null,
      abilities: abilitiesOn(viewer, asPack(pack), ['edit', 'takedown']),
      viewer_price: catalogue.priceForViewer(offer, state),
    };
  });

  registerEndpoint(app, API.listPackItems, async ({ params, query, viewer, reply }) => {
    const page = { limit: query.limit, after: asNumberCursor(query.cursor) };
    const [rows, state] = await Promise.all([
      sharedOr(
        `pack-items ${params.ref} ${query.limit} ${query.cursor ?? ''}`,
        () => catalogue.listPublicPackItems(db, params.ref, page),
        () => catalogue.listReadablePackItems(db, viewer, params.ref, page),
      ),
      stateOf(viewer),
    ]);
    cacheFor(reply, viewer);
    return toPage(catalogue.withFavoritedItems(rows, state), query.limit, presentItemRow, (r) => encodeCursor(r.position, r.id));
  });

  registerEndpoint(app, API.getItem, async ({ params, viewer, reply }) => {
    const [{ item, listed }, state] = await Promise.all([
      sharedOr(`item ${params.slug}`, () => catalogue.findPublicItem(db, params.slug), () => catalogue.findReadableItem(db, viewer, params.slug)),
      stateOf(viewer),
    ]);
    cacheFor(reply, viewer);
    const [row] = catalogue.withFavoritedItems([item], state);
    return { ...presentItemRow(row!), description: item.description, pack_status: item.packStatus, published: listed, abilities: abilitiesOn(viewer, asItem(item), ['edit', 'takedown']) };
  });

  registerEndpoint(
    app,
    API.listBundles,
    async ({ query, reply }) => {
      const rows = await catalogue.listBundles(db, { limit: query.limit, after: asTimeCursor(query.cursor) });
      cacheFor(reply, null);
      return toPage(rows, query.limit, presentBundleCard, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
    },
    SAME_FOR_EVERYONE,
  );

  registerEndpoint(app, API.getBundle, async ({ params, viewer, reply }) => {
    const [{ bundle, packs, offer }, state] = await Promise.all([sharedAnswers.get(`bundle ${params.ref}`, () => catalogue.getBundle(db, params.ref)), stateOf(viewer)]);
    cacheFor(reply, viewer);
    return { ...presentBundleCard(bundle), packs: packs.map(presentPackCard), viewer_price: catalogue.priceForViewer(offer, state) };
  });

  registerEndpoint(
    app,
    API.listGenres,
    async ({ reply }) => {
      const counts = await catalogue.countPacksByGenre(db);
      cacheFor(reply, null, 300);
      return GENRES.map((g) => ({ slug: g.slug, label: g.label, pack_count: counts.get(g.slug) ?? 0 }));
    },
    SAME_FOR_EVERYONE,
  );

  registerEndpoint(
    app,
    API.listCreators,
    async ({ query, reply }) => {
      const rows = await catalogue.listCreators(db, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.text) });
      cacheFor(reply, null);
      return toPage(rows, query.limit, presentCreatorCard, (r) => encodeCursor(r.name, r.id));
    },
    SAME_FOR_EVERYONE,
  );

  registerEndpoint(
    app,
    API.getCreator,
    async ({ params, reply }) => {
      const creator = await catalogue.getCreator(db, params.ref);
      cacheFor(reply, null);
      return presentCreatorDetail(creator);
    },
    SAME_FOR_EVERYONE,
  );

  // Not shared: the creator, their collaborators and admins see unpublished packs too.
  registerEndpoint(app, API.listCreatorPacks, async ({ params, query, viewer, reply }) => {
    const rows = await catalogue.listCreatorPacks(db, viewer, params.ref, { limit: query.limit, after: asTimeCursor(query.cursor) });
    cacheFor(reply, viewer);
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(
    app,
    API.getStaffPlaylist,
    async ({ params, reply }) => {
      const playlist = await catalogue.getStaffPlaylist(db, params.ref);
      cacheFor(reply, null);
      return presentStaffPlaylistCard(playlist);
    },
    SAME_FOR_EVERYONE,
  );

  registerEndpoint(app, API.listStaffPlaylistItems, async ({ params, query, viewer, reply }) => {
    const page = { limit: query.limit, after: asNumberCursor(query.cursor) };
    const [rows, state] = await Promise.all([
      sharedAnswers.get(`staff-playlist-items ${params.ref} ${query.limit} ${query.cursor ?? ''}`, () => catalogue.listStaffPlaylistItems(db, params.ref, page)),
      stateOf(viewer),
    ]);
    cacheFor(reply, viewer);
    return toPage(catalogue.withFavoritedItems(rows, state), query.limit, presentItemRow, (r) => encodeCursor(r.listPosition, r.id));
  });

  registerEndpoint(
    app,
    API.listProducts,
    async ({ reply }) => {
      cacheFor(reply, null, 300);
      return catalogue.listProducts(db);
    },
    SAME_FOR_EVERYONE,
  );
}
