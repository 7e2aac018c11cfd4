import type { Banner, BundleCard, CreatorCard, CreatorDetail, ItemRow, PackCard, StaffPlaylistCard } from '@crate/contract/catalogue';
import type { banners } from '../../db/schema/index.ts';
import { isPublishedPack } from '../../policies/pack-policy.ts';
import type { ItemRowData, PackCardRow } from '../../read-models/catalogue-rows.ts';
import type { BundleCardRow, CreatorCardRow, StaffPlaylistCardRow } from './catalogue-repository.ts';
import { audioPreview, BANNER_VARIANT, bannerSet, imageSet, mediaUrl } from '../../media/media-urls.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A sound's preview and peaks URLs, as every item row presents them (the studio's editor shows the same). */
export const presentAudioPreview = audioPreview;

export function presentPackCard(row: PackCardRow): PackCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    creator: { id: row.creatorId, slug: row.creatorSlug, name: row.creatorName },
    cover: imageSet(row.coverFileId),
    licence_type: row.licenceType,
    genres: row.genres,
    item_count: row.itemCount,
    is_free: row.isFree,
    published_at: iso(row.publishedAt),
    status: row.status,
    published: isPublishedPack(row),
    preview: audioPreview(row.previewFileId, row.previewDurationMs),
  };
}

export function presentItemRow(row: ItemRowData): ItemRow {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    kind: row.kind,
    key: row.key,
    bpm: row.bpm,
    time_signature: row.timeSignature,
    feel: row.feel,
    genres: row.genres,
    instruments: row.instruments,
    tags: row.tags,
    licence_type: row.licenceType,
    plugin: row.plugin,
    is_free: row.isFree,
    credit_cost: row.creditCost,
    duration_ms: row.durationMs,
    has_stems: row.hasStems,
    has_midi: row.hasMidi,
    preview: audioPreview(row.audioFileId, row.durationMs),
    pack: { id: row.packId, slug: row.packSlug, title: row.packTitle, cover: imageSet(row.packCoverFileId) },
    creator: { id: row.creatorId, slug: row.creatorSlug, name: row.creatorName },
    takedown_reason: row.takedownReason,
    favorited: row.favorited,
  };
}

export function presentBundleCard(row: BundleCardRow): BundleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    cover: imageSet(row.coverFileId),
    pack_count: row.packCount,
    price_cents: row.priceCents,
    currency: row.currency,
    credit_cost: row.creditCost,
  };
}

export function presentCreatorCard(row: CreatorCardRow): CreatorCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    location: row.location,
    avatar: imageSet(row.avatarFileId),
    pack_count: row.packCount,
    featured: row.featured,
  };
}

export function presentCreatorDetail(row: CreatorCardRow): CreatorDetail {
  return { ...presentCreatorCard(row), links: row.links, banner: bannerSet(row.bannerFileId), joined_at: row.createdAt.toISOString() };
}

export function presentStaffPlaylistCard(row: StaffPlaylistCardRow): StaffPlaylistCard {
  return { id: row.id, slug: row.slug, title: row.title, description: row.description, cover: imageSet(row.coverFileId), item_count: row.itemCount };
}

export function presentBanner(row: typeof banners.$inferSelect): Banner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image_url: row.imageFileId ? mediaUrl(row.imageFileId, `${BANNER_VARIANT}-${row.size}`) : null,
    size: row.size,
    position: row.position,
    link_url: row.linkUrl,
  };
}
