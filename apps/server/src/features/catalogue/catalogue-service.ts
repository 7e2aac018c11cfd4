import type { Discover } from '@crate/contract/catalogue';
import { GENRES } from '@crate/contract/taxonomy';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize, can } from '../../policies/can.ts';
import { asItem, isListedItem } from '../../policies/item-policy.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { findPack } from '../../read-models/catalogue-rows.ts';
import { collectionPriceFor, findCollectionOffer } from '../ownership/acquisition-service.ts';
import { NOTHING_OWNED, type ViewerState } from '../../read-models/viewer-state.ts';

/** The viewer's hearts laid over shared rows (decision 0077). */
export { withFavoritedItems } from '../../read-models/viewer-state.ts';
import * as repo from './catalogue-repository.ts';
import { presentBanner, presentCreatorCard, presentPackCard, presentStaffPlaylistCard } from './catalogue-presenters.ts';
import { listActiveProducts } from './pricing-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id or a slug: /pack/{id} and /products/{slug} reach the same pack. */
const refOf = (ref: string) => (UUID.test(ref) ? { id: ref.toLowerCase() } : { slug: ref });

type TimeAfter = { value: string; id: string } | null;
type PositionAfter = { value: number; id: string } | null;

/** How long one process reuses the Discover payload: it is the same for everybody and the landing page. */
const DISCOVER_TTL_MS = 30_000;

export interface DiscoverLoader {
  (): Promise<Discover>;
  /** Drops the kept payload: the next caller computes it again (after a write in this process: a banner saved, a pack published). */
  forget(): void;
}

/** Discover's shelves, computed at most once per DISCOVER_TTL_MS per process (concurrent callers share one computation). */
export function discoverLoader(db: DbOrTx): DiscoverLoader {
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
  const discover = (): Promise<Discover> => {
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
  return Object.assign(discover, {
    forget: () => {
      cached = null;
    },
  });
}

export const listNewPacks = (db: DbOrTx, page: { limit: number; after: TimeAfter; genre?: string }) => repo.listNewPacks(db, page);
export const listStaffPicks = (db: DbOrTx, page: { limit: number; after: PositionAfter }) => repo.listStaffPicks(db, page);

/*
 * A pack, a sound and a pack's page of sounds come in two reads (decision 0077): the public part, what a visitor
 * reads (`findPublic…`, null when a visitor may not read it), which the routes share among everybody; and, for a
 * viewer that answer does not serve (a creator's own unpublished pack, an admin's look at a taken-down sound), the
 * same part read for them (`findReadable…`), 404 for whoever may not read it. Neither holds anything of the
 * viewer's own: the routes lay that over it.
 */

/** A pack with its bundles and what it offers for sale. */
async function packPart(db: DbOrTx, pack: NonNullable<Awaited<ReturnType<typeof findPack>>>) {
  const [bundles, offer] = await Promise.all([repo.listBundlesOfPack(db, pack.id), findCollectionOffer(db, 'pack', pack.id)]);
  return { pack, bundles, offer };
}
export type PackPart = Awaited<ReturnType<typeof packPart>>;

const visitorReadablePack = async (db: DbOrTx, ref: string) => {
  const pack = await findPack(db, refOf(ref));
  return pack && can(null, 'read', asPack(pack)) ? pack : null;
};

export async function findPublicPack(db: DbOrTx, ref: string): Promise<PackPart | null> {
  const pack = await visitorReadablePack(db, ref);
  return pack && packPart(db, pack);
}

/** A pack the viewer may read; an unpublished one reads as not found to everybody else (decision 0013). */
export async function findReadablePack(db: DbOrTx, viewer: Viewer | null, ref: string): Promise<PackPart> {
  return packPart(db, authorize(viewer, 'read', await findPack(db, refOf(ref)), asPack, 'That pack'));
}

export async function listPublicPackItems(db: DbOrTx, ref: string, page: { limit: number; after: PositionAfter }) {
  const pack = await visitorReadablePack(db, ref);
  return pack && repo.listPackItems(db, { packId: pack.id, ...page });
}

export async function listReadablePackItems(db: DbOrTx, viewer: Viewer | null, ref: string, page: { limit: number; after: PositionAfter }) {
  const pack = authorize(viewer, 'read', await findPack(db, refOf(ref)), asPack, 'That pack');
  return repo.listPackItems(db, { packId: pack.id, ...page });
}

/** A sound and whether it is listed. */
const itemPart = (item: NonNullable<Awaited<ReturnType<typeof repo.findItem>>>) => ({ item, listed: isListedItem(asItem(item)) });
export type ItemPart = ReturnType<typeof itemPart>;

export async function findPublicItem(db: DbOrTx, slug: string): Promise<ItemPart | null> {
  const item = await repo.findItem(db, slug);
  return item && can(null, 'read', asItem(item)) ? itemPart(item) : null;
}

export async function findReadableItem(db: DbOrTx, viewer: Viewer | null, slug: string): Promise<ItemPart> {
  return itemPart(authorize(viewer, 'read', await repo.findItem(db, slug), asItem, 'That sound'));
}

/** What collecting a pack or bundle on offer costs this viewer now: the whole price for a visitor, null when it is not on sale. */
export const priceForViewer = (offer: PackPart['offer'], state: ViewerState | null) => collectionPriceFor(offer, state?.ownedItems ?? NOTHING_OWNED);

export const listBundles = (db: DbOrTx, page: { limit: number; after: TimeAfter }) => repo.listBundles(db, page);

/** A bundle with its packs and what it offers for sale: the same for everybody. */
export async function getBundle(db: DbOrTx, ref: string) {
  const bundle = await repo.findBundle(db, refOf(ref));
  if (!bundle) throw notFound('That bundle');
  const [packs, offer] = await Promise.all([repo.listPacksOfBundle(db, bundle.id), findCollectionOffer(db, 'bundle', bundle.id)]);
  return { bundle, packs, offer };
}

export const countPacksByGenre = (db: DbOrTx) => repo.countPacksByGenre(db);
export const listCreators = (db: DbOrTx, page: { limit: number; after: TimeAfter }) => repo.listCreators(db, page);

export async function getCreator(db: DbOrTx, ref: string) {
  const creator = await repo.findCreator(db, refOf(ref));
  if (!creator) throw notFound('That creator');
  return creator;
}

export async function listCreatorPacks(db: DbOrTx, viewer: Viewer | null, ref: string, page: { limit: number; after: TimeAfter }) {
  const creator = await getCreator(db, ref);
  return repo.listCreatorPacks(db, viewer, { creatorId: creator.id, ...page });
}

export async function getStaffPlaylist(db: DbOrTx, ref: string) {
  const playlist = await repo.findStaffPlaylist(db, refOf(ref));
  if (!playlist) throw notFound('That playlist');
  return playlist;
}

/** A staff playlist's page of sounds: the same for everybody. */
export async function listStaffPlaylistItems(db: DbOrTx, ref: string, page: { limit: number; after: PositionAfter }) {
  const playlist = await getStaffPlaylist(db, ref);
  return repo.listStaffPlaylistItems(db, { playlistId: playlist.id, ...page });
}

export const listProducts = (db: DbOrTx) => listActiveProducts(db);
