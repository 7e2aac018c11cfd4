/**
 * What admins curate (/editplaylist/{id?}, /managebundle/{id?}, /curation): staff playlists, bundles, staff
 * picks and featured creators. Every ordered list carries a `version` (its order as the server has it); a
 * reorder sends it back, so an order made from a stale list (another admin tab) is refused with 409.
 */
import { z } from 'zod';
import { bundleCardSchema, creatorCardSchema, imageSetSchema, itemRowSchema, packCardSchema } from './catalogue.ts';

export const CURATION_LIMITS = {
  titleMax: 120,
  descriptionMax: 2000,
  slugMax: 80,
  /** Sounds in one staff playlist. */
  playlistItemsMax: 200,
  /** Packs in one bundle. */
  bundlePacksMax: 50,
  /** Staff picks and featured creators, each. */
  shelfMax: 48,
  creditCostMax: 10_000,
  priceCentsMax: 1_000_000,
  /** Matches one lookup answers. */
  lookupMax: 20,
} as const;

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** A slug as it appears in a public address: /bundles/{slug}, /staffplaylist/{slug}. */
export const curationSlugSchema = z
  .string('slug must be a string')
  .trim()
  .min(1, 'Give it a slug')
  .max(CURATION_LIMITS.slugMax, `A slug is at most ${CURATION_LIMITS.slugMax} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug holds lowercase letters, digits and single hyphens between them, like "late-night-keys"');

const title = z.string('title must be a string').trim().min(1, 'Give it a title').max(CURATION_LIMITS.titleMax, `A title is at most ${CURATION_LIMITS.titleMax} characters`);
const description = z.string('description must be a string').trim().max(CURATION_LIMITS.descriptionMax, `A description is at most ${CURATION_LIMITS.descriptionMax} characters`);

/**
 * A cover: the id of an image an admin uploaded with `purpose=cover` (POST /api/admin/images, docs/decisions/0044),
 * whose 75/250/500 sizes are derived from its square crop; null removes the cover.
 */
const coverFileId = z.uuid('cover_file_id is the id of an uploaded cover image').nullable();

/** An ordered list's order as the server has it (opaque); what a reorder sends back. */
export const listVersionSchema = z.string().min(1).max(64);

/** A new order: every id of the list exactly once, and the version of the list it was made from. */
export const reorderSchema = z.strictObject({
  ids: z.array(z.uuid('Every id must be a uuid'), 'ids must be an array of ids').max(500, 'At most 500 ids').refine(unique, { message: 'An id is listed twice', path: [] }),
  version: listVersionSchema,
});
export type Reorder = z.infer<typeof reorderSchema>;

// ───────────── staff playlists ─────────────

export const staffPlaylistInputSchema = z.strictObject({
  title,
  slug: curationSlugSchema,
  description: description.default(''),
  cover_file_id: coverFileId.default(null),
  published: z.boolean('published must be true or false').default(false),
});
export type StaffPlaylistInput = z.input<typeof staffPlaylistInputSchema>;
/** A new playlist as the server receives it (defaults applied). */
export type NewStaffPlaylist = z.output<typeof staffPlaylistInputSchema>;

export const staffPlaylistPatchSchema = z
  .strictObject({
    title: title.optional(),
    slug: curationSlugSchema.optional(),
    description: description.optional(),
    cover_file_id: coverFileId.optional(),
    published: z.boolean('published must be true or false').optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one of title, slug, description, cover_file_id, published');
export type StaffPlaylistPatch = z.input<typeof staffPlaylistPatchSchema>;

export const staffPlaylistSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover: imageSetSchema.nullable(),
  /** The cover's uploaded image (what `cover` is derived from), sent back unchanged to keep it. */
  cover_file_id: z.string().nullable(),
  published: z.boolean(),
  /** Every sound in it, listed or not. */
  item_count: z.number().int(),
  updated_at: z.string(),
});
export type StaffPlaylistSummary = z.infer<typeof staffPlaylistSummarySchema>;

/** A sound of a curated list, and whether visitors see it (a taken-down sound stays in the list, hidden). */
export const curatedItemSchema = itemRowSchema.extend({ listed: z.boolean() });
export type CuratedItem = z.infer<typeof curatedItemSchema>;

export const adminStaffPlaylistSchema = staffPlaylistSummarySchema.extend({ items: z.array(curatedItemSchema), version: listVersionSchema });
export type AdminStaffPlaylist = z.infer<typeof adminStaffPlaylistSchema>;

export const addPlaylistItemSchema = z.strictObject({ item_id: z.uuid('item_id must be a sound id') });

// ───────────── bundles ─────────────

const creditCost = z
  .number('credit_cost must be a number or null')
  .int('Credits are whole numbers')
  .min(1, 'A credit price is at least 1')
  .max(CURATION_LIMITS.creditCostMax, `At most ${CURATION_LIMITS.creditCostMax} credits`)
  .nullable();
const priceCents = z
  .number('price_cents must be a number or null')
  .int('A money price is whole cents')
  .min(1, 'A money price is at least 1 cent')
  .max(CURATION_LIMITS.priceCentsMax, `A money price is at most ${CURATION_LIMITS.priceCentsMax} cents`)
  .nullable();
const packIds = z
  .array(z.uuid('Every pack id must be a uuid'), 'pack_ids must be an array of pack ids')
  .min(1, 'Choose at least one pack')
  .max(CURATION_LIMITS.bundlePacksMax, `A bundle holds at most ${CURATION_LIMITS.bundlePacksMax} packs`)
  .refine(unique, 'A pack is listed twice');

/** A bundle as an admin writes it: its packs in the order the bundle page shows them. */
export const bundleInputSchema = z.strictObject({
  title,
  slug: curationSlugSchema,
  description: description.default(''),
  cover_file_id: coverFileId.default(null),
  pack_ids: packIds,
  credit_cost: creditCost.default(null),
  price_cents: priceCents.default(null),
  active: z.boolean('active must be true or false').default(true),
});
export type BundleInput = z.input<typeof bundleInputSchema>;
/** A new bundle as the server receives it (defaults applied). */
export type NewBundle = z.output<typeof bundleInputSchema>;

export const bundlePatchSchema = z
  .strictObject({
    title: title.optional(),
    slug: curationSlugSchema.optional(),
    description: description.optional(),
    cover_file_id: coverFileId.optional(),
    pack_ids: packIds.optional(),
    credit_cost: creditCost.optional(),
    price_cents: priceCents.optional(),
    active: z.boolean('active must be true or false').optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change');
export type BundlePatch = z.input<typeof bundlePatchSchema>;

export const adminBundleSummarySchema = bundleCardSchema.extend({ cover_file_id: z.string().nullable(), active: z.boolean(), updated_at: z.string() });
export type AdminBundleSummary = z.infer<typeof adminBundleSummarySchema>;

export const adminBundleSchema = adminBundleSummarySchema.extend({ packs: z.array(packCardSchema) });
export type AdminBundle = z.infer<typeof adminBundleSchema>;

// ───────────── staff picks, featured creators, lookups ─────────────

export const staffPicksSchema = z.object({ packs: z.array(packCardSchema), version: listVersionSchema });
export type StaffPicks = z.infer<typeof staffPicksSchema>;
export const addStaffPickSchema = z.strictObject({ pack_id: z.uuid('pack_id must be a pack id') });

export const featuredCreatorsSchema = z.object({ creators: z.array(creatorCardSchema), version: listVersionSchema });
export type FeaturedCreators = z.infer<typeof featuredCreatorsSchema>;
export const addFeaturedCreatorSchema = z.strictObject({ creator_id: z.uuid('creator_id must be a creator id') });

/** What an admin types to find a published pack or a creator with published packs. */
export const curationLookupQuerySchema = z.strictObject({ q: z.string().trim().min(1, 'Type something to look for').max(100, 'At most 100 characters') });
