/**
 * Query keys of public catalogue answers (browse's lists and the detail screens alike): one root, so a
 * change to a pack or a sound invalidates every answer that may show it.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  discover: ['catalogue', 'discover'] as const,
  genres: ['catalogue', 'genres'] as const,
  genrePacks: (genre: string) => ['catalogue', 'packs', { genre }] as const,
  creators: ['catalogue', 'creators'] as const,
  products: ['catalogue', 'products'] as const,
  staffPicks: ['catalogue', 'staff-picks'] as const,
  bundles: ['catalogue', 'bundles'] as const,
  bundle: (ref: string) => ['catalogue', 'bundle', ref] as const,
  /** Every pack's answers (the pack and its sounds). */
  packs: ['catalogue', 'pack'] as const,
  pack: (ref: string) => ['catalogue', 'pack', ref] as const,
  packItems: (ref: string) => ['catalogue', 'pack', ref, 'items'] as const,
  creator: (ref: string) => ['catalogue', 'creator', ref] as const,
  creatorPacks: (ref: string) => ['catalogue', 'creator', ref, 'packs'] as const,
  item: (slug: string) => ['catalogue', 'item', slug] as const,
  similarItems: (slug: string, freeOnly: boolean) => ['catalogue', 'item', slug, 'similar', { freeOnly }] as const,
  staffPlaylist: (ref: string) => ['catalogue', 'staff-playlist', ref] as const,
  staffPlaylistItems: (ref: string) => ['catalogue', 'staff-playlist', ref, 'items'] as const,
  /** A playlist's first sounds as a shelf shows them. */
  staffPlaylistShelf: (ref: string | undefined, limit: number) => ['catalogue', 'staff-playlist-items', ref, { limit }] as const,
};
