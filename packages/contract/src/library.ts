import { z } from 'zod';

export const PLAYLIST_NAME_MAX = 80;
export const PLAYLIST_ITEMS_MAX = 500;
/** Playlists one account keeps: the list of them is answered whole, so it stays bounded. */
export const PLAYLISTS_MAX = 200;

export const playlistNameSchema = z.string().trim().min(1, 'Give the playlist a name').max(PLAYLIST_NAME_MAX, `A playlist name is at most ${PLAYLIST_NAME_MAX} characters`);

export const createPlaylistSchema = z.strictObject({ name: playlistNameSchema });
export const renamePlaylistSchema = z.strictObject({ name: playlistNameSchema });
export const addPlaylistItemSchema = z.strictObject({ item_id: z.uuid('item_id must be an item id') });
export const reorderPlaylistSchema = z.strictObject({
  item_ids: z.array(z.uuid()).max(PLAYLIST_ITEMS_MAX).refine((ids) => new Set(ids).size === ids.length, 'item_ids must not repeat'),
});

export const playlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  item_count: z.number().int(),
  item_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const favoriteStateSchema = z.object({ favorited: z.boolean() });
