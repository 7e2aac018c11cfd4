import type { PolicyViewer } from './policy-viewer.ts';

/** A user's own playlist in their library. */
export interface PlaylistFacts {
  userId: string;
}
export type PlaylistResource = PlaylistFacts & { type: 'playlist' };
export const asPlaylist = (row: PlaylistFacts): PlaylistResource => ({ type: 'playlist', userId: row.userId });

/**
 * read / edit: its owner only. A library is personal, so there is no admin override here: no screen
 * or endpoint shows one user's playlists to anybody else.
 */
export type PlaylistAction = 'read' | 'edit';

export function canOnPlaylist(viewer: PolicyViewer, _action: PlaylistAction, playlist: PlaylistFacts): boolean {
  return viewer !== null && viewer.userId === playlist.userId;
}
