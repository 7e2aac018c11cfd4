/** Query keys of the admin screens: the dashboard, the review queues, user management, Discover's banners and curation (staff playlists, bundles, staff picks, featured creators). */
export const adminKeys = {
  waitingApplications: ['admin', 'creator-applications', 'waiting'] as const,
  application: (id: string) => ['admin', 'creator-applications', id] as const,
  packsAwaitingReview: ['admin', 'packs', 'awaiting-review'] as const,
  packReview: (id: string) => ['admin', 'packs', id, 'review'] as const,
  banners: ['admin', 'banners'] as const,
  banner: (id: string) => ['admin', 'banners', id] as const,
  dashboard: ['admin', 'dashboard'] as const,
  jobs: ['admin', 'jobs'] as const,
  attribution: ['admin', 'attribution'] as const,
  userLists: ['admin', 'users', 'list'] as const,
  userList: (filter: object) => ['admin', 'users', 'list', filter] as const,
  /** Everything about one account: its page and each of its lists. */
  user: (id: string) => ['admin', 'users', id] as const,
  userPart: (id: string, part: 'credits' | 'owned' | 'downloads' | 'receipts' | 'audit') => ['admin', 'users', id, part] as const,
  affiliates: ['admin', 'affiliates'] as const,
  /** An account's affiliate terms (part of the account's page: its changes invalidate with it). */
  userAffiliate: (id: string) => ['admin', 'users', id, 'affiliate'] as const,
  staffPlaylists: ['admin', 'staff-playlists'] as const,
  staffPlaylist: (id: string) => ['admin', 'staff-playlists', id] as const,
  bundles: ['admin', 'bundles'] as const,
  bundle: (id: string) => ['admin', 'bundles', id] as const,
  staffPicks: ['admin', 'staff-picks'] as const,
  featuredCreators: ['admin', 'featured-creators'] as const,
  payoutMonths: ['admin', 'payouts', 'list'] as const,
  /** Everything about one month: its totals, lines and drill-downs. */
  payoutMonth: (id: string) => ['admin', 'payouts', id] as const,
  payoutLines: (id: string, filter: object) => ['admin', 'payouts', id, 'lines', filter] as const,
  payoutLineSpends: (id: string, lineId: string) => ['admin', 'payouts', id, 'spends', lineId] as const,
  lookUp: (what: 'packs' | 'creators' | 'sounds', q: string) => ['admin', 'curation-lookup', what, q] as const,
};
