import { sql, type SQL } from 'drizzle-orm';
import { banners } from '../db/schema/index.ts';
import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A banner is the shop's own: its facts decide only whether Discover shows it, never who may touch it. */
export interface BannerFacts {
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}
export type BannerResource = BannerFacts & { type: 'banner' };
export const asBanner = (row: BannerFacts): BannerResource => ({ type: 'banner', active: row.active, startsAt: row.startsAt, endsAt: row.endsAt });

/** read / edit (by id, in the admin's editor): admins only; visitors see the banners Discover shows, never one by its id. */
export type BannerAction = 'read' | 'edit';

export function canOnBanner(viewer: PolicyViewer, _action: BannerAction, _banner: BannerFacts): boolean {
  return isAdmin(viewer);
}

/** Discover shows it now: active, started (or no start) and not yet ended (or no end). */
export function isShownBanner(banner: BannerFacts, now: Date): boolean {
  return banner.active && (banner.startsAt === null || banner.startsAt <= now) && (banner.endsAt === null || banner.endsAt > now);
}

/** The SQL twin of isShownBanner at the database's now(), over `banners`. */
export function bannerShownSql(): SQL<boolean> {
  return sql<boolean>`(${banners.active} and (${banners.startsAt} is null or ${banners.startsAt} <= now()) and (${banners.endsAt} is null or ${banners.endsAt} > now()))`;
}
