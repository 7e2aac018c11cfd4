/** Query keys of the admin queues: creator applications and packs awaiting review. */
export const adminKeys = {
  waitingApplications: ['admin', 'creator-applications', 'waiting'] as const,
  application: (id: string) => ['admin', 'creator-applications', id] as const,
  packsAwaitingReview: ['admin', 'packs', 'awaiting-review'] as const,
  packReview: (id: string) => ['admin', 'packs', id, 'review'] as const,
};
