import { PLAYLIST_ITEMS_MAX, PLAYLISTS_MAX } from '@crate/contract/library';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { asPlaylist, type PlaylistAction } from '../../policies/playlist-policy.ts';
import * as catalogueRows from '../../read-models/catalogue-rows.ts';
import { recordItemEvents } from '../tracking/item-events-service.ts';
import * as favoritesRepo from './favorites-repository.ts';
import * as playlistsRepo from './playlists-repository.ts';

/** A page of a list ordered by time, after the cursor's row. */
type TimePage = { limit: number; after: { value: string; id: string } | null };

/** An item may be hearted or listed only when it is listed for everybody (src/policies/item-policy.ts). */
async function requireCollectableItem(db: DbOrTx, viewer: Viewer, itemId: string): Promise<void> {
  authorize(viewer, 'collect', await catalogueRows.findItemFacts(db, itemId), asItem, 'That sound');
}

/** A playlist the viewer may act on; another user's reads as not found (decision 0013). `lock` inside a transaction. */
export async function playlistFor(db: DbOrTx, viewer: Viewer, action: PlaylistAction, id: string, lock = false) {
  return authorize(viewer, action, await playlistsRepo.findPlaylist(db, id, lock), asPlaylist, 'That playlist');
}

export async function favoriteItem(db: Db, viewer: Viewer, itemId: string): Promise<void> {
  await requireCollectableItem(db, viewer, itemId);
  await db.transaction(async (tx) => {
    // A new heart is a favorite in the creator's analytics; hearting again counts nothing.
    if (await favoritesRepo.setItemFavorite(tx, viewer.userId, itemId, true)) await recordItemEvents(tx, 'favorite', viewer.userId, [{ itemId }]);
  });
}

export async function unfavoriteItem(db: DbOrTx, viewer: Viewer, itemId: string): Promise<void> {
  await favoritesRepo.setItemFavorite(db, viewer.userId, itemId, false);
}

export async function favoritePack(db: DbOrTx, viewer: Viewer, packId: string): Promise<void> {
  authorize(viewer, 'collect', await catalogueRows.findPack(db, { id: packId }), asPack, 'That pack');
  await favoritesRepo.setPackFavorite(db, viewer.userId, packId, true);
}

export async function unfavoritePack(db: DbOrTx, viewer: Viewer, packId: string): Promise<void> {
  await favoritesRepo.setPackFavorite(db, viewer.userId, packId, false);
}

export const listFavoriteItems = (db: DbOrTx, viewer: Viewer, page: TimePage) =>
  favoritesRepo.listFavoriteItems(db, viewer.userId, page);

export const listFavoritePacks = (db: DbOrTx, viewer: Viewer, page: TimePage) =>
  favoritesRepo.listFavoritePacks(db, viewer.userId, page);

export const listPlaylists = (db: DbOrTx, viewer: Viewer, page: TimePage) =>
  playlistsRepo.listPlaylists(db, viewer.userId, page);

export async function createPlaylist(db: DbOrTx, viewer: Viewer, name: string) {
  const id = await playlistsRepo.insertPlaylistWithin(db, viewer.userId, name, PLAYLISTS_MAX);
  if (!id) throw new AppError('CONFLICT', `You have ${PLAYLISTS_MAX} playlists, the most one account keeps. Delete one to make another.`, 'name');
  return playlistFor(db, viewer, 'read', id);
}

export async function listPlaylistItems(db: DbOrTx, viewer: Viewer, playlistId: string) {
  const playlist = await playlistFor(db, viewer, 'read', playlistId);
  return playlistsRepo.listPlaylistItemRows(db, viewer.userId, playlist.id);
}

export async function renamePlaylist(db: DbOrTx, viewer: Viewer, playlistId: string, name: string) {
  await playlistFor(db, viewer, 'edit', playlistId);
  await playlistsRepo.renamePlaylist(db, playlistId, name);
  return playlistFor(db, viewer, 'read', playlistId);
}

export async function deletePlaylist(db: DbOrTx, viewer: Viewer, playlistId: string): Promise<void> {
  await playlistFor(db, viewer, 'edit', playlistId);
  await playlistsRepo.deletePlaylist(db, playlistId);
}

export async function addPlaylistItem(db: Db, viewer: Viewer, playlistId: string, itemId: string) {
  await requireCollectableItem(db, viewer, itemId);
  await db.transaction(async (tx) => {
    const playlist = await playlistFor(tx, viewer, 'edit', playlistId, true);
    if (playlist.itemIds.length >= PLAYLIST_ITEMS_MAX && !playlist.itemIds.includes(itemId)) {
      throw new AppError('CONFLICT', `A playlist holds at most ${PLAYLIST_ITEMS_MAX} sounds`, 'item_id');
    }
    if (await playlistsRepo.appendPlaylistItem(tx, playlistId, itemId)) await recordItemEvents(tx, 'playlist_add', viewer.userId, [{ itemId }]);
  });
  return playlistFor(db, viewer, 'read', playlistId);
}

export async function removePlaylistItem(db: DbOrTx, viewer: Viewer, playlistId: string, itemId: string) {
  await playlistFor(db, viewer, 'edit', playlistId);
  await playlistsRepo.removePlaylistItem(db, playlistId, itemId);
  return playlistFor(db, viewer, 'read', playlistId);
}

export async function reorderPlaylist(db: Db, viewer: Viewer, playlistId: string, itemIds: string[]) {
  await db.transaction(async (tx) => {
    const playlist = await playlistFor(tx, viewer, 'edit', playlistId, true);
    const current = new Set(playlist.itemIds);
    const samePermutation = itemIds.length === current.size && itemIds.every((id) => current.has(id));
    if (!samePermutation) throw new AppError('VALIDATION_FAILED', 'item_ids must list exactly the items of the playlist', 'item_ids');
    await playlistsRepo.reorderPlaylist(tx, playlistId, itemIds);
  });
  return playlistFor(db, viewer, 'read', playlistId);
}
