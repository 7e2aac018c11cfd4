import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import { PLAYLIST_ITEMS_MAX, type Playlist } from '@crate/contract/library';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { Viewer } from '../../http/viewer.ts';
import * as catalogue from '../catalogue/catalogue-repository.ts';
import { presentItemRow, presentPackCard } from '../catalogue/catalogue-presenters.ts';
import { scopeOf } from '../catalogue/catalogue-scope.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../catalogue/cursor.ts';
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

const signedIn = (viewer: Viewer | null): Viewer => viewer!;

const timeCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.time);

export function registerLibraryRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** An item may be hearted or listed only when the viewer can see it. */
  const requireVisibleItem = async (viewer: Viewer, itemId: string) => {
    const [row] = await catalogue.listItemsByIds(db, scopeOf(viewer), [itemId]);
    if (!row) throw notFound('That sound');
  };

  registerEndpoint(app, API.favoriteItem, async ({ params, viewer }) => {
    await requireVisibleItem(signedIn(viewer), params.id);
    await favoritesRepo.setItemFavorite(db, signedIn(viewer).userId, params.id, true);
    return { favorited: true };
  });
  registerEndpoint(app, API.unfavoriteItem, async ({ params, viewer }) => {
    await favoritesRepo.setItemFavorite(db, signedIn(viewer).userId, params.id, false);
    return { favorited: false };
  });
  registerEndpoint(app, API.favoritePack, async ({ params, viewer }) => {
    const pack = await catalogue.findPack(db, scopeOf(viewer), { id: params.id });
    if (!pack) throw notFound('That pack');
    await favoritesRepo.setPackFavorite(db, signedIn(viewer).userId, params.id, true);
    return { favorited: true };
  });
  registerEndpoint(app, API.unfavoritePack, async ({ params, viewer }) => {
    await favoritesRepo.setPackFavorite(db, signedIn(viewer).userId, params.id, false);
    return { favorited: false };
  });
  registerEndpoint(app, API.listFavoriteItems, async ({ query, viewer }) => {
    const v = signedIn(viewer);
    const rows = await favoritesRepo.listFavoriteItems(db, { ...scopeOf(v), userId: v.userId }, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.favoritedAt.toISOString(), r.favoriteId));
  });
  registerEndpoint(app, API.listFavoritePacks, async ({ query, viewer }) => {
    const rows = await favoritesRepo.listFavoritePacks(db, signedIn(viewer).userId, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.favoritedAt.toISOString(), r.favoriteId));
  });

  const ownPlaylist = async (viewer: Viewer | null, id: string) => {
    const row = await playlistsRepo.findOwnPlaylist(db, signedIn(viewer).userId, id);
    if (!row) throw notFound('That playlist');
    return row;
  };

  registerEndpoint(app, API.listPlaylists, async ({ viewer }) => (await playlistsRepo.listPlaylists(db, signedIn(viewer).userId)).map(presentPlaylist));

  registerEndpoint(app, API.createPlaylist, async ({ body, viewer }) => {
    const id = await playlistsRepo.insertPlaylist(db, signedIn(viewer).userId, body.name);
    return presentPlaylist(await ownPlaylist(viewer, id));
  });

  registerEndpoint(app, API.getPlaylist, async ({ params, viewer }) => presentPlaylist(await ownPlaylist(viewer, params.id)));

  registerEndpoint(app, API.listPlaylistItems, async ({ params, viewer }) => {
    const playlist = await ownPlaylist(viewer, params.id);
    const rows = await playlistsRepo.listPlaylistItemRows(db, scopeOf(viewer), playlist.id);
    return rows.map(presentItemRow);
  });

  registerEndpoint(app, API.renamePlaylist, async ({ params, body, viewer }) => {
    await ownPlaylist(viewer, params.id);
    await playlistsRepo.renamePlaylist(db, params.id, body.name);
    return presentPlaylist(await ownPlaylist(viewer, params.id));
  });

  registerEndpoint(app, API.deletePlaylist, async ({ params, viewer }) => {
    await ownPlaylist(viewer, params.id);
    await playlistsRepo.deletePlaylist(db, params.id);
    return { ok: true as const };
  });

  registerEndpoint(app, API.addPlaylistItem, async ({ params, body, viewer }) => {
    const v = signedIn(viewer);
    await requireVisibleItem(v, body.item_id);
    await db.transaction(async (tx) => {
      const playlist = await playlistsRepo.findOwnPlaylist(tx, v.userId, params.id, true);
      if (!playlist) throw notFound('That playlist');
      if (playlist.itemIds.length >= PLAYLIST_ITEMS_MAX && !playlist.itemIds.includes(body.item_id)) {
        throw new AppError('CONFLICT', `A playlist holds at most ${PLAYLIST_ITEMS_MAX} sounds`, 'item_id');
      }
      await playlistsRepo.appendPlaylistItem(tx, params.id, body.item_id);
    });
    return presentPlaylist(await ownPlaylist(viewer, params.id));
  });

  registerEndpoint(app, API.removePlaylistItem, async ({ params, viewer }) => {
    await ownPlaylist(viewer, params.id);
    await playlistsRepo.removePlaylistItem(db, params.id, params.itemId);
    return presentPlaylist(await ownPlaylist(viewer, params.id));
  });

  registerEndpoint(app, API.reorderPlaylist, async ({ params, body, viewer }) => {
    await db.transaction(async (tx) => {
      const playlist = await playlistsRepo.findOwnPlaylist(tx, signedIn(viewer).userId, params.id, true);
      if (!playlist) throw notFound('That playlist');
      const current = new Set(playlist.itemIds);
      const samePermutation = body.item_ids.length === current.size && body.item_ids.every((id) => current.has(id));
      if (!samePermutation) throw new AppError('VALIDATION_FAILED', 'item_ids must list exactly the items of the playlist', 'item_ids');
      await playlistsRepo.reorderPlaylist(tx, params.id, body.item_ids);
    });
    return presentPlaylist(await ownPlaylist(viewer, params.id));
  });
}
