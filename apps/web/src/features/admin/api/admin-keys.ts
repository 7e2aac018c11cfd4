/** Query keys of the admin screens: creator applications and packs awaiting review, Discover's banners. */
export const adminKeys = {
  waitingApplications: ['admin', 'creator-applications', 'waiting'] as const,
  application: (id: string) => ['admin', 'creator-applications', id] as const,
  packsAwaitingReview: ['admin', 'packs', 'awaiting-review'] as const,
  packReview: (id: string) => ['admin', 'packs', id, 'review'] as const,
  banners: ['admin', 'banners'] as const,
  banner: (id: string) => ['admin', 'banners', id] as const,
};
