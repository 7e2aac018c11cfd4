import { z } from 'zod';
import {
  BANNER_POSITIONS,
  BANNER_SIZES,
  FEELS,
  ITEM_KINDS,
  ITEM_TYPES,
  LICENCE_TYPES,
  MUSICAL_KEYS,
  PRESET_PLUGINS,
  TAKEDOWN_REASONS,
  TIME_SIGNATURES,
} from './catalogue-enums.ts';
import { PAYMENT_PRODUCT_KINDS, PRICE_INTERVALS } from './commerce-enums.ts';

/** Cover art in the three docs/product-overview.md §9 sizes; URLs are immutable (the file id is in the path). */
export const imageSetSchema = z.object({ '75x75': z.string(), '250x250': z.string(), '500x500': z.string() });
export type ImageSet = z.infer<typeof imageSetSchema>;
/** Both banner sizes of docs/product-overview.md §3 → their URLs. */
export const bannerSetSchema = z.object({ '1632x600': z.string(), '1088x400': z.string() });
export type BannerSet = z.infer<typeof bannerSetSchema>;

/** What the player needs to start a sound: an MP3 preview and its precomputed waveform peaks. */
export const audioPreviewSchema = z.object({
  url: z.string(),
  peaks_url: z.string(),
  duration_ms: z.number().int(),
});
export type AudioPreview = z.infer<typeof audioPreviewSchema>;

export const creatorRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type CreatorRef = z.infer<typeof creatorRefSchema>;

/** status and status_label are only present for viewers who may see unpublished packs. */
export const packCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  creator: creatorRefSchema,
  cover: imageSetSchema.nullable(),
  licence_type: z.enum(LICENCE_TYPES),
  genres: z.array(z.string()),
  item_count: z.number().int(),
  is_free: z.boolean(),
  published_at: z.string().nullable(),
  status: z.number().int(),
  published: z.boolean(),
  /** The pack's own preview (its demo), so a card can be auditioned without opening the pack. */
  preview: audioPreviewSchema.nullable(),
});
export type PackCard = z.infer<typeof packCardSchema>;

export const bundleCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover: imageSetSchema.nullable(),
  pack_count: z.number().int(),
  price_cents: z.number().int().nullable(),
  currency: z.string(),
  credit_cost: z.number().int().nullable(),
});
export type BundleCard = z.infer<typeof bundleCardSchema>;

export const itemRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(ITEM_TYPES),
  kind: z.enum(ITEM_KINDS).nullable(),
  key: z.enum(MUSICAL_KEYS as unknown as [string, ...string[]]).nullable(),
  bpm: z.number().nullable(),
  time_signature: z.enum(TIME_SIGNATURES).nullable(),
  feel: z.enum(FEELS).nullable(),
  genres: z.array(z.string()),
  instruments: z.array(z.string()),
  tags: z.array(z.string()),
  licence_type: z.enum(LICENCE_TYPES),
  plugin: z.enum(PRESET_PLUGINS).nullable(),
  is_free: z.boolean(),
  credit_cost: z.number().int(),
  duration_ms: z.number().int().nullable(),
  has_stems: z.boolean(),
  has_midi: z.boolean(),
  preview: audioPreviewSchema.nullable(),
  pack: z.object({ id: z.string(), slug: z.string(), title: z.string(), cover: imageSetSchema.nullable() }).nullable(),
  creator: creatorRefSchema,
  takedown_reason: z.enum(TAKEDOWN_REASONS).nullable(),
  /** Only for signed-in viewers; null for visitors. */
  favorited: z.boolean().nullable(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

/**
 * What getting a pack or a bundle costs the viewer now: only the sounds they do not own, at its price pro rata
 * (decision 0033); a visitor sees the whole price. `money`: what buying it outright charges, by the same rule on
 * its money price (decision 0047), null when it has none or nothing paid is left to buy. Null when it has
 * nothing on sale.
 */
const viewerPriceSchema = z
  .object({
    cost: z.number().int(),
    owned_count: z.number().int(),
    item_count: z.number().int(),
    money: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  })
  .nullable();

export const packDetailSchema = packCardSchema.extend({
  description: z.string(),
  tags: z.array(z.string()),
  credit_cost: z.number().int().nullable(),
  price_cents: z.number().int().nullable(),
  currency: z.string(),
  bundles: z.array(bundleCardSchema),
  takedown_reason: z.enum(TAKEDOWN_REASONS).nullable(),
  favorited: z.boolean().nullable(),
  /** What the viewer may do to it, from the server's policies: edit (its creator or an admin), take it down (an admin, from a status that allows it). */
  abilities: z.object({ edit: z.boolean(), takedown: z.boolean() }),
  viewer_price: viewerPriceSchema,
});
export type PackDetail = z.infer<typeof packDetailSchema>;

export const itemDetailSchema = itemRowSchema.extend({
  description: z.string(),
  pack_status: z.number().int().nullable(),
  published: z.boolean(),
  /** What the viewer may do to it, from the server's policies: edit (and see its analytics: its creator or an admin), take it down (an admin, while it is up). */
  abilities: z.object({ edit: z.boolean(), takedown: z.boolean() }),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

export const bundleDetailSchema = bundleCardSchema.extend({ packs: z.array(packCardSchema), viewer_price: viewerPriceSchema });
export type BundleDetail = z.infer<typeof bundleDetailSchema>;

export const creatorCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  bio: z.string(),
  location: z.string(),
  avatar: imageSetSchema.nullable(),
  pack_count: z.number().int(),
  featured: z.boolean(),
});
export type CreatorCard = z.infer<typeof creatorCardSchema>;

/** The creator's page: the card, their links (http(s) addresses they chose) and their banner in both sizes. */
export const creatorDetailSchema = creatorCardSchema.extend({
  links: z.array(z.string()),
  banner: bannerSetSchema.nullable(),
  joined_at: z.string(),
});
export type CreatorDetail = z.infer<typeof creatorDetailSchema>;

export const staffPlaylistCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover: imageSetSchema.nullable(),
  item_count: z.number().int(),
});
export type StaffPlaylistCard = z.infer<typeof staffPlaylistCardSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image_url: z.string().nullable(),
  size: z.enum(BANNER_SIZES),
  position: z.enum(BANNER_POSITIONS),
  link_url: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const genreCountSchema = z.object({ slug: z.string(), label: z.string(), pack_count: z.number().int() });
export type GenreCount = z.infer<typeof genreCountSchema>;

export const discoverSchema = z.object({
  banners: z.array(bannerSchema),
  staff_picks: z.array(packCardSchema),
  new_packs: z.array(packCardSchema),
  trending_packs: z.array(packCardSchema),
  genres: z.array(genreCountSchema),
  featured_creators: z.array(creatorCardSchema),
  staff_playlists: z.array(staffPlaylistCardSchema),
});
export type Discover = z.infer<typeof discoverSchema>;

export const priceSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  currency: z.string(),
  unit_amount: z.number().int(),
  interval: z.enum(PRICE_INTERVALS).nullable(),
  interval_count: z.number().int(),
  credits: z.number().int(),
});
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(PAYMENT_PRODUCT_KINDS),
  active: z.boolean(),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;
