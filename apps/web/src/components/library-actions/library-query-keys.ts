/** Query keys of the signed-in user's library, shared by the rows that change it and the library screen. */
export const libraryKeys = {
  all: ['library'] as const,
  favoriteItems: ['library', 'favorites', 'items'] as const,
  favoritePacks: ['library', 'favorites', 'packs'] as const,
  playlists: ['library', 'playlists'] as const,
  playlistItems: (id: string) => ['library', 'playlists', id, 'items'] as const,
  /** Keyed by account: another account's answer is never reused. */
  ownedIds: (uid: string) => ['library', 'owned', 'ids', uid] as const,
  /** Every filtered list of what I own. */
  ownedItems: ['library', 'owned', 'items'] as const,
  ownedItemsFiltered: (filter: object) => ['library', 'owned', 'items', filter] as const,
  downloads: ['library', 'downloads'] as const,
  creditHistory: ['library', 'credits', 'history'] as const,
  /** A certificate as anybody verifies it: public, so outside the signed-in library's root. */
  licence: (number: string) => ['licence', number.toUpperCase()] as const,
};
