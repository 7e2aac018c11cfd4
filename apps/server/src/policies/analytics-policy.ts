import { readsUnpublished } from './pack-policy.ts';
import type { PolicyViewer } from './policy-viewer.ts';

/** What the analytics rule looks at: whose catalogue the item or pack belongs to. */
export interface AnalyticsFacts {
  creatorId: string;
}
export type AnalyticsResource = AnalyticsFacts & { type: 'analytics' };
export const asAnalytics = (row: { creatorId: string }): AnalyticsResource => ({ type: 'analytics', creatorId: row.creatorId });

/**
 * read: the creator, their collaborators and admins (docs/decisions/0028). An item's or pack's analytics
 * are the creator's business figures, not part of the public page: for anybody else they do not exist
 * (404, like an unpublished pack), even when the item itself is public.
 */
export type AnalyticsAction = 'read';

export function canOnAnalytics(viewer: PolicyViewer, action: AnalyticsAction, analytics: AnalyticsFacts): boolean {
  switch (action) {
    case 'read':
      return readsUnpublished(viewer, analytics.creatorId);
  }
}
