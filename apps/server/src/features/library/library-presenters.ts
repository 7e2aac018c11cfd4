import type { Playlist } from '@crate/contract/library';
import type { PlaylistRow } from './playlists-repository.ts';

export function presentPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    name: row.name,
    item_count: row.itemIds.length,
    item_ids: row.itemIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
