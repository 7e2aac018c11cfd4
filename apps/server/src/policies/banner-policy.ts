import { sql, type SQL } from 'drizzle-orm';
import { banners } from '../db/schema/index.ts';
import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A banner is the shop's own: nothing about one decides who may touch it. */
export type BannerResource = { type: 'banner' };
export const asBanner = (): BannerResource => ({ type: 'banner' });

/** read / edit (by id, in the admin's editor): admins only; visitors see the banners Discover shows, never one by its id. */
export type BannerAction = 'read' | 'edit';

export function canOnBanner(viewer: PolicyViewer, _action: BannerAction): boolean {
  return isAdmin(viewer);
}

/**
 * Discover shows a banner now: active, started (or no start) and not yet ended (or no end), at the database's
 * now(). The one statement of the rule: Discover's list and the admin list's `live` flag both use it.
 */
export function bannerShownSql(): SQL<boolean> {
  return sql<boolean>`(${banners.active} and (${banners.startsAt} is null or ${banners.startsAt} <= now()) and (${banners.endsAt} is null or ${banners.endsAt} > now()))`;
}
