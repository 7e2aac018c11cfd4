import { z } from 'zod';
import { SIGNED_IN } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { okSchema } from './auth.ts';
import { itemRowSchema, packCardSchema } from './catalogue.ts';
import {
  addPlaylistItemSchema,
  createPlaylistSchema,
  favoriteStateSchema,
  playlistSchema,
  renamePlaylistSchema,
  reorderPlaylistSchema,
} from './library.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid id') });
const playlistItemParams = z.strictObject({ id: z.uuid('Not a valid id'), itemId: z.uuid('Not a valid id') });

/** Favorites and a user's own playlists. A playlist is private to its owner: anyone else gets 404. */
export const LIBRARY_API = {
  favoriteItem: { method: 'PUT', path: '/api/favorites/items/:id', access: SIGNED_IN, summary: 'Heart an item', tags: ['library'], params: idParams, response: favoriteStateSchema },
  unfavoriteItem: { method: 'DELETE', path: '/api/favorites/items/:id', access: SIGNED_IN, summary: 'Remove the heart from an item', tags: ['library'], params: idParams, response: favoriteStateSchema },
  favoritePack: { method: 'PUT', path: '/api/favorites/packs/:id', access: SIGNED_IN, summary: 'Heart a pack', tags: ['library'], params: idParams, response: favoriteStateSchema },
  unfavoritePack: { method: 'DELETE', path: '/api/favorites/packs/:id', access: SIGNED_IN, summary: 'Remove the heart from a pack', tags: ['library'], params: idParams, response: favoriteStateSchema },
  listFavoriteItems: { method: 'GET', path: '/api/favorites/items', access: SIGNED_IN, summary: 'Hearted items, newest first', tags: ['library'], query: pageQuerySchema, response: pageSchema(itemRowSchema) },
  listFavoritePacks: { method: 'GET', path: '/api/favorites/packs', access: SIGNED_IN, summary: 'Hearted packs, newest first', tags: ['library'], query: pageQuerySchema, response: pageSchema(packCardSchema) },

  listPlaylists: { method: 'GET', path: '/api/playlists', access: SIGNED_IN, summary: 'My playlists, most recently changed first', tags: ['library'], query: pageQuerySchema, response: pageSchema(playlistSchema) },
  createPlaylist: { method: 'POST', path: '/api/playlists', access: SIGNED_IN, summary: 'Create a playlist', tags: ['library'], body: createPlaylistSchema, response: playlistSchema, status: 201, rateLimit: 'create' },
  getPlaylist: { method: 'GET', path: '/api/playlists/:id', access: SIGNED_IN, summary: 'One of my playlists', tags: ['library'], params: idParams, response: playlistSchema },
  listPlaylistItems: { method: 'GET', path: '/api/playlists/:id/items', access: SIGNED_IN, summary: 'The items of one of my playlists, in order', tags: ['library'], params: idParams, response: z.array(itemRowSchema) },
  renamePlaylist: { method: 'PATCH', path: '/api/playlists/:id', access: SIGNED_IN, summary: 'Rename a playlist', tags: ['library'], params: idParams, body: renamePlaylistSchema, response: playlistSchema },
  deletePlaylist: { method: 'DELETE', path: '/api/playlists/:id', access: SIGNED_IN, summary: 'Delete a playlist', tags: ['library'], params: idParams, response: okSchema },
  addPlaylistItem: { method: 'POST', path: '/api/playlists/:id/items', access: SIGNED_IN, summary: 'Add an item to the end of a playlist', tags: ['library'], params: idParams, body: addPlaylistItemSchema, response: playlistSchema },
  removePlaylistItem: { method: 'DELETE', path: '/api/playlists/:id/items/:itemId', access: SIGNED_IN, summary: 'Remove an item from a playlist', tags: ['library'], params: playlistItemParams, response: playlistSchema },
  reorderPlaylist: { method: 'PUT', path: '/api/playlists/:id/order', access: SIGNED_IN, summary: 'Reorder a playlist (a permutation of its items)', tags: ['library'], params: idParams, body: reorderPlaylistSchema, response: playlistSchema },
} as const satisfies Record<string, Endpoint>;
