import type { CreatorCard } from '@crate/contract/catalogue';
import type { AdminBundle, AdminBundleSummary, AdminStaffPlaylist, FeaturedCreators, StaffPicks, StaffPlaylistSummary } from '@crate/contract/curation';
import { imageSet } from '../../media/media-urls.ts';
import type { PackCardRow } from '../../read-models/catalogue-rows.ts';
import { presentBundleCard, presentItemRow, presentPackCard } from '../catalogue/catalogue-presenters.ts';
import type { AdminBundleRow } from './bundle-curation-repository.ts';
import type { CuratedItemRow, StaffPlaylistSummaryRow } from './staff-playlist-repository.ts';

export function presentStaffPlaylistSummary(row: StaffPlaylistSummaryRow): StaffPlaylistSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    cover: imageSet(row.coverFileId),
    cover_file_id: row.coverFileId,
    published: row.published,
    item_count: row.itemCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentAdminStaffPlaylist(row: StaffPlaylistSummaryRow, items: CuratedItemRow[], version: string): AdminStaffPlaylist {
  return { ...presentStaffPlaylistSummary(row), items: items.map((item) => ({ ...presentItemRow(item), listed: item.listed })), version };
}

export function presentAdminBundleSummary(row: AdminBundleRow): AdminBundleSummary {
  return { ...presentBundleCard(row), cover_file_id: row.coverFileId, active: row.active, updated_at: row.updatedAt.toISOString() };
}

export function presentAdminBundle(row: AdminBundleRow, packs: PackCardRow[]): AdminBundle {
  return { ...presentAdminBundleSummary(row), packs: packs.map(presentPackCard) };
}

export const presentStaffPicks = (packs: PackCardRow[], version: string): StaffPicks => ({ packs: packs.map(presentPackCard), version });

export const presentFeaturedCreators = (creators: CreatorCard[], version: string): FeaturedCreators => ({ creators, version });
