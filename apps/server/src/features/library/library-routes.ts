import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { presentItemRow, presentPackCard } from '../catalogue/catalogue-presenters.ts';
import { presentPlaylist } from './library-presenters.ts';
import * as library from './library-service.ts';

const timeCursor = (cursor: string | undefined) => decodeCursor(cursor, CURSOR_VALUES.time);

export function registerLibraryRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerEndpoint(app, API.favoriteItem, async ({ params, viewer }) => {
    await library.favoriteItem(db, viewer, params.id);
    return { favorited: true };
  });
  registerEndpoint(app, API.unfavoriteItem, async ({ params, viewer }) => {
    await library.unfavoriteItem(db, viewer, params.id);
    return { favorited: false };
  });
  registerEndpoint(app, API.favoritePack, async ({ params, viewer }) => {
    await library.favoritePack(db, viewer, params.id);
    return { favorited: true };
  });
  registerEndpoint(app, API.unfavoritePack, async ({ params, viewer }) => {
    await library.unfavoritePack(db, viewer, params.id);
    return { favorited: false };
  });
  registerEndpoint(app, API.listFavoriteItems, async ({ query, viewer }) => {
    const rows = await library.listFavoriteItems(db, viewer, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentItemRow, (r) => encodeCursor(r.favoritedAt.toISOString(), r.favoriteId));
  });
  registerEndpoint(app, API.listFavoritePacks, async ({ query, viewer }) => {
    const rows = await library.listFavoritePacks(db, viewer, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentPackCard, (r) => encodeCursor(r.favoritedAt.toISOString(), r.favoriteId));
  });

  registerEndpoint(app, API.listPlaylists, async ({ query, viewer }) => {
    const rows = await library.listPlaylists(db, viewer, { limit: query.limit, after: timeCursor(query.cursor) });
    return toPage(rows, query.limit, presentPlaylist, (r) => encodeCursor(r.updatedAt.toISOString(), r.id));
  });
  registerEndpoint(app, API.createPlaylist, async ({ body, viewer }) => presentPlaylist(await library.createPlaylist(db, viewer, body.name)));
  registerEndpoint(app, API.getPlaylist, async ({ params, viewer }) => presentPlaylist(await library.playlistFor(db, viewer, 'read', params.id)));
  registerEndpoint(app, API.listPlaylistItems, async ({ params, viewer }) => (await library.listPlaylistItems(db, viewer, params.id)).map(presentItemRow));
  registerEndpoint(app, API.renamePlaylist, async ({ params, body, viewer }) => presentPlaylist(await library.renamePlaylist(db, viewer, params.id, body.name)));
  registerEndpoint(app, API.deletePlaylist, async ({ params, viewer }) => {
    await library.deletePlaylist(db, viewer, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, API.addPlaylistItem, async ({ params, body, viewer }) => presentPlaylist(await library.addPlaylistItem(db, viewer, params.id, body.item_id)));
  registerEndpoint(app, API.removePlaylistItem, async ({ params, viewer }) => presentPlaylist(await library.removePlaylistItem(db, viewer, params.id, params.itemId)));
  registerEndpoint(app, API.reorderPlaylist, async ({ params, body, viewer }) => presentPlaylist(await library.reorderPlaylist(db, viewer, params.id, body.item_ids)));
}
