import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import { PLAYLIST_ITEMS_MAX, PLAYLISTS_MAX, type Playlist } from '@crate/contract/library';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { asPlaylist, type PlaylistAction } from '../../policies/playlist-policy.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as catalogueRows from '../../read-models/catalogue-rows.ts';
import { presentItemRow, presentPackCard } from '../catalogue/catalogue-presenters.ts';
import { recordItemEvents } from '../tracking/item-events-service.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import * as favoritesRepo from './favorites-repository.ts';
import * as playlistsRepo from './playlists-repository.ts';

function presentPlaylist(row: playlistsRepo.PlaylistRow): Playlist {
  return {
    id: row.id,
    name: row.name,
    item_count: row.itemIds.length,
    item_ids: row.itemIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const timeCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.time);

export function registerLibraryRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** An item may be hearted or listed only when it is listed for everybody (src/policies/item-policy.ts). */
  const requireCollectableItem = async (viewer: Viewer, itemId: string) => {
    authorize(viewer, 'collect', await catalogueRows.findItemFacts(db, itemId), asItem, 'That sound');
  };

  registerEndpoint(app, API.favoriteItem, async ({ params, viewer }) => {
    await requireCollectableItem(viewer, params.id);
    await db.transaction(async (tx) => {
      // A new heart is a favorite in the creator's analytics; hearting again counts nothing.
      if (await favoritesRepo.setItemFavorite(tx, viewer.userId, params.id, true)) await recordItemEvents(tx, 'favorite', viewer.userId, [{ itemId: params.id }]);
    });
    return { favorited: true };
  });
  registerEndpoint(app, API.unfavoriteItem, async ({ params, viewer }) => {
    await favoritesRepo.setItemFavorite(db, viewer.userId, params.id, false);
    return { favorited: false };
  });
  registerEndpoint(app, API.favoritePack, async ({ params, viewer }) => {
    authorize(viewer, 'collect', await catalogueRows.findPack(db, viewer.userId, { id: params.id }), asPack, 'That pack');
    await favoritesRepo.setPackFavorite(db, viewer.userId, params.id, true);
    return { favorited: true };
  });
  registerEndpoint(app, API.unfavoritePack, async ({ params, viewer }) => {
    await favoritesRepo.setPackFavorite(db, viewer.userId, params.id, false);
    return { favorited: false };
  });
  registerEndpoint(app, API.listFavoriteItems, async ({ query, viewer }) => {
    const rows = await favoritesRepo.listFavoriteItems(db, viewer.userId, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.favoritedAt.toISOString(), r.favoriteId));
  });
  registerEndpoint(app, API.listFavoritePacks, async ({ query, viewer }) => {
    const rows = await favoritesRepo.listFavoritePacks(db, viewer.userId, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.favoritedAt.toISOString(), r.favoriteId));
  });

  /** A playlist the viewer may act on; another user's reads as not found (decision 0013). `lock` inside a transaction. */
  const playlistFor = async (viewer: Viewer, action: PlaylistAction, id: string, tx: DbOrTx = db, lock = false) =>
    authorize(viewer, action, await playlistsRepo.findPlaylist(tx, id, lock), asPlaylist, 'That playlist');

  registerEndpoint(app, API.listPlaylists, async ({ query, viewer }) => {
    const rows = await playlistsRepo.listPlaylists(db, viewer.userId, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentPlaylist, (r) => encodeCursor(r.updatedAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.createPlaylist, async ({ body, viewer }) => {
    const id = await playlistsRepo.insertPlaylistWithin(db, viewer.userId, body.name, PLAYLISTS_MAX);
    if (!id) throw new AppError('CONFLICT', `You have ${PLAYLISTS_MAX} playlists, the most one account keeps. Delete one to make another.`, 'name');
    return presentPlaylist(await playlistFor(viewer, 'read', id));
  });

  registerEndpoint(app, API.getPlaylist, async ({ params, viewer }) => presentPlaylist(await playlistFor(viewer, 'read', params.id)));

  registerEndpoint(app, API.listPlaylistItems, async ({ params, viewer }) => {
    const playlist = await playlistFor(viewer, 'read', params.id);
    const rows = await playlistsRepo.listPlaylistItemRows(db, viewer.userId, playlist.id);
    return rows.map(presentItemRow);
  });

  registerEndpoint(app, API.renamePlaylist, async ({ params, body, viewer }) => {
    await playlistFor(viewer, 'edit', params.id);
    await playlistsRepo.renamePlaylist(db, params.id, body.name);
    return presentPlaylist(await playlistFor(viewer, 'read', params.id));
  });

  registerEndpoint(app, API.deletePlaylist, async ({ params, viewer }) => {
    await playlistFor(viewer, 'edit', params.id);
    await playlistsRepo.deletePlaylist(db, params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, API.addPlaylistItem, async ({ params, body, viewer }) => {
    await requireCollectableItem(viewer, body.item_id);
    await db.transaction(async (tx) => {
      const playlist = await playlistFor(viewer, 'edit', params.id, tx, true);
      if (playlist.itemIds.length >= PLAYLIST_ITEMS_MAX && !playlist.itemIds.includes(body.item_id)) {
        throw new AppError('CONFLICT', `A playlist holds at most ${PLAYLIST_ITEMS_MAX} sounds`, 'item_id');
      }
      if (await playlistsRepo.appendPlaylistItem(tx, params.id, body.item_id)) await recordItemEvents(tx, 'playlist_add', viewer.userId, [{ itemId: body.item_id }]);
    });
    return presentPlaylist(await playlistFor(viewer, 'read', params.id));
  });

  registerEndpoint(app, API.removePlaylistItem, async ({ params, viewer }) => {
    await playlistFor(viewer, 'edit', params.id);
    await playlistsRepo.removePlaylistItem(db, params.id, params.itemId);
    return presentPlaylist(await playlistFor(viewer, 'read', params.id));
  });

  registerEndpoint(app, API.reorderPlaylist, async ({ params, body, viewer }) => {
    await db.transaction(async (tx) => {
      const playlist = await playlistFor(viewer, 'edit', params.id, tx, true);
      const current = new Set(playlist.itemIds);
      const samePermutation = body.item_ids.length === current.size && body.item_ids.every((id) => current.has(id));
      if (!samePermutation) throw new AppError('VALIDATION_FAILED', 'item_ids must list exactly the items of the playlist', 'item_ids');
      await playlistsRepo.reorderPlaylist(tx, params.id, body.item_ids);
    });
    return presentPlaylist(await playlistFor(viewer, 'read', params.id));
  });
}
