/** Query keys of the admin screens: the review queues and curation (staff playlists, bundles, staff picks, featured creators). */
export const adminKeys = {
  waitingApplications: ['admin', 'creator-applications', 'waiting'] as const,
  application: (id: string) => ['admin', 'creator-applications', id] as const,
  packsAwaitingReview: ['admin', 'packs', 'awaiting-review'] as const,
  packReview: (id: string) => ['admin', 'packs', id, 'review'] as const,
  staffPlaylists: ['admin', 'staff-playlists'] as const,
  staffPlaylist: (id: string) => ['admin', 'staff-playlists', id] as const,
  bundles: ['admin', 'bundles'] as const,
  bundle: (id: string) => ['admin', 'bundles', id] as const,
  staffPicks: ['admin', 'staff-picks'] as const,
  featuredCreators: ['admin', 'featured-creators'] as const,
  lookUp: (what: 'packs' | 'creators' | 'sounds', q: string) => ['admin', 'curation-lookup', what, q] as const,
};
