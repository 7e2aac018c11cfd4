import { createHash } from 'node:crypto';
import type { AdminBanner, BannerList } from '@crate/contract/banners';
import { purposeImages } from '../admin-images/admin-image-presenter.ts';
import type { BannerRow } from './banner-repository.ts';

/** The version of an order a reorder names: it changes whenever a banner moves, is added or is removed. */
export function orderVersionOf(ids: readonly string[]): string {
  return createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 22);
}

export function presentAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image_file_id: row.imageFileId,
    images: row.imageFileId ? purposeImages(row.imageFileId, 'banner') : {},
    position: row.position,
    link_url: row.linkUrl,
    active: row.active,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    sort_order: row.sortOrder,
    live: row.live,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentBannerList(rows: readonly BannerRow[]): BannerList {
  return { banners: rows.map(presentAdminBanner), order_version: orderVersionOf(rows.map((row) => row.id)) };
}
