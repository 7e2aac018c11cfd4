/** Query keys of the admin screens: the dashboard, the queues (creator applications, packs awaiting review), user management and Discover's banners. */
export const adminKeys = {
  waitingApplications: ['admin', 'creator-applications', 'waiting'] as const,
  application: (id: string) => ['admin', 'creator-applications', id] as const,
  packsAwaitingReview: ['admin', 'packs', 'awaiting-review'] as const,
  packReview: (id: string) => ['admin', 'packs', id, 'review'] as const,
  banners: ['admin', 'banners'] as const,
  banner: (id: string) => ['admin', 'banners', id] as const,
  dashboard: ['admin', 'dashboard'] as const,
  jobs: ['admin', 'jobs'] as const,
  userLists: ['admin', 'users', 'list'] as const,
  userList: (filter: object) => ['admin', 'users', 'list', filter] as const,
  /** Everything about one account: its page and each of its lists. */
  user: (id: string) => ['admin', 'users', id] as const,
  userPart: (id: string, part: 'credits' | 'owned' | 'downloads' | 'receipts' | 'audit') => ['admin', 'users', id, part] as const,
};
