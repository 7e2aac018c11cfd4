import type { AnalyticsRangeQuery } from './analytics.ts';

/** Query keys of the creator studio: a creator's packs, sounds, team and analytics. */
export const studioKeys = {
  packs: ['studio', 'packs'] as const,
  pack: (id: string) => ['studio', 'pack', id] as const,
  packProcessing: (packId: string) => ['studio', 'pack-processing', packId] as const,
  item: (slug: string) => ['studio', 'item', slug] as const,
  collaborators: ['studio', 'collaborators'] as const,
  profile: ['studio', 'profile'] as const,
  earnings: ['studio', 'earnings'] as const,
  payoutAccount: ['studio', 'payout-account'] as const,
  packSplit: (id: string) => ['studio', 'split', 'pack', id] as const,
  defaultSplit: ['studio', 'split', 'default'] as const,
  myShares: ['studio', 'split', 'mine'] as const,
  itemAnalytics: (slug: string, range: AnalyticsRangeQuery) => ['studio', 'analytics', 'item', slug, range] as const,
  packAnalytics: (id: string, range: AnalyticsRangeQuery) => ['studio', 'analytics', 'pack', id, range] as const,
};
