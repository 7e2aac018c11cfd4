/** Query keys of the signed-in user's library, shared by the rows that change it and the library screen. */
export const libraryKeys = {
  all: ['library'] as const,
  favoriteItems: ['library', 'favorites', 'items'] as const,
  favoritePacks: ['library', 'favorites', 'packs'] as const,
  playlists: ['library', 'playlists'] as const,
  playlistItems: (id: string) => ['library', 'playlists', id, 'items'] as const,
  ownedIds: ['library', 'owned', 'ids'] as const,
  ownedItems: ['library', 'owned', 'items'] as const,
  downloads: ['library', 'downloads'] as const,
  creditHistory: ['library', 'credits', 'history'] as const,
};
