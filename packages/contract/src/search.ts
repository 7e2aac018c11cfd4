import { z } from 'zod';
import { itemRowSchema } from './catalogue.ts';
import { FEELS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TAKEDOWN_REASONS, TIME_SIGNATURES } from './catalogue-enums.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './pagination.ts';
import { GENRE_SLUGS, INSTRUMENTS } from './taxonomy.ts';

/**
 * Search requests and answers (paid search, free search, archived search).
 *
 * The whole search state is the query string, so a search URL is shareable and back/forward restore it.
 * List filters take several values either as repeated parameters (`genre=trap&genre=drill`) or as one
 * comma-separated value (`genre=trap,drill`), or both. Within one filter the values are alternatives
 * (kind=Loop,Composition: loops or compositions); different filters narrow each other, and a sound
 * must carry every genre and every instrument asked for (genre=trap&genre=drill: tagged both).
 * An unknown parameter is refused with 400 naming it.
 */

export const SEARCH_SORTS = ['relevance', 'newest', 'popular', 'bpm', 'random'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_TEXT_MAX = 200;
const LIST_MAX = 24;

/** `a,b` and repeated parameters → one list; empty entries dropped. */
const splitList = (value: unknown) => {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
};
const listOf = <T extends z.ZodType<string>>(item: T) => z.preprocess(splitList, z.array(item).max(LIST_MAX)).optional();

const INSTRUMENT_SLUGS = INSTRUMENTS.map((i) => i.slug) as [string, ...string[]];
const slug = z.string().min(1).max(120).regex(/^[a-z0-9][a-z0-9-]*$/, 'Not a valid slug');
/** `true`/`false` (also 1/0) as a query-string flag; absent means "don't filter". */
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional();
const bpm = z.coerce.number().int('A whole number of beats per minute').min(1).max(999).optional();

export const searchQuerySchema = z
  .strictObject({
    /** Text; the keys, tempi, kinds and plugins it names are read as filters (search-text-filters.ts, decision 0061). */
    q: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
    type: listOf(z.enum(ITEM_TYPES)),
    kind: listOf(z.enum(ITEM_KINDS)),
    key: listOf(z.enum(MUSICAL_KEYS as unknown as [string, ...string[]])),
    /** Inclusive range over the BPM rounded to a whole number (the BPM facet counts the same way). */
    bpm_min: bpm,
    bpm_max: bpm,
    time_signature: listOf(z.enum(TIME_SIGNATURES)),
    feel: listOf(z.enum(FEELS)),
    genre: listOf(z.enum(GENRE_SLUGS as unknown as [string, ...string[]])),
    instrument: listOf(z.enum(INSTRUMENT_SLUGS)),
    licence_type: listOf(z.enum(LICENCE_TYPES)),
    plugin: listOf(z.enum(PRESET_PLUGINS)),
    /** Creator and pack slugs. */
    creator: listOf(slug),
    pack: listOf(slug),
    has_stems: flag,
    has_midi: flag,
    /** Only free sounds (free search always is). */
    free: flag,
    /** Signed in: leave out what I already own. */
    not_owned: flag,
    /** Default: relevance when there is text, newest otherwise. */
    sort: z.enum(SEARCH_SORTS).optional(),
    /** Seed of sort=random; the answer carries the one used, send it back with the cursor for the next page. */
    seed: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'Letters, digits, - and _ only (at most 32)').optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  })
  .refine((q) => q.bpm_min === undefined || q.bpm_max === undefined || q.bpm_min <= q.bpm_max, {
    message: 'bpm_min must not be above bpm_max',
    path: ['bpm_min'],
  });
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One value of a facet: what to send back as the filter value, what to show, and how many results carry it. */
export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** BPM buckets: [min, max] inclusive over whole BPM, so bpm_min=min&bpm_max=max returns exactly `count`. */
export const bpmBucketSchema = z.object({ min: z.number().int(), max: z.number().int(), count: z.number().int() });
export type BpmBucket = z.infer<typeof bpmBucketSchema>;

/**
 * Counts over the current results (text and every filter applied): adding a value as a filter narrows
 * the results to exactly its count. A facet the search filters on (a typed filter too) is counted
 * drill-sideways: over the results without that facet's filter, so each value's count is what choosing it
 * instead would find and the other values stay in view (decision 0061). Only values present in those
 * results are listed; creator and pack list the 20 most frequent.
 */
export const searchFacetsSchema = z.object({
  type: z.array(facetValueSchema),
  kind: z.array(facetValueSchema),
  key: z.array(facetValueSchema),
  bpm: z.array(bpmBucketSchema),
  time_signature: z.array(facetValueSchema),
  feel: z.array(facetValueSchema),
  genre: z.array(facetValueSchema),
  instrument: z.array(facetValueSchema),
  licence_type: z.array(facetValueSchema),
  plugin: z.array(facetValueSchema),
  creator: z.array(facetValueSchema),
  pack: z.array(facetValueSchema),
  has_stems: z.number().int(),
  has_midi: z.number().int(),
  free: z.number().int(),
  /** How many results the signed-in user does not own yet; null for visitors. */
  not_owned: z.number().int().nullable(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

const searchPageBase = {
  /** Results matched and their facets: on the first page only (null on pages fetched with a cursor). */
  total: z.number().int().nullable(),
  facets: searchFacetsSchema.nullable(),
  next_cursor: z.string().nullable(),
  sort: z.enum(SEARCH_SORTS),
  /** The seed of sort=random (null for other sorts). */
  seed: z.string().nullable(),
  /** When a word was not found and close words were searched instead: the words searched, per word typed. */
  corrected: z.array(z.object({ word: z.string(), searched: z.array(z.string()) })),
};

export const searchResponseSchema = z.object({ items: z.array(itemRowSchema), ...searchPageBase });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Archived search rows: why the sound is out of the catalogue, so an admin can restore the right thing. */
export const archivedItemRowSchema = itemRowSchema.extend({
  pack_status: z.number().int(),
  /** The pack is archived (status −1): restoring the pack brings its sounds back. */
  pack_archived: z.boolean(),
  pack_takedown_reason: z.enum(TAKEDOWN_REASONS).nullable(),
  /** The sound itself was taken down (its reason is takedown_reason): restore the item. */
  taken_down_at: z.string().nullable(),
});
export type ArchivedItemRow = z.infer<typeof archivedItemRowSchema>;

export const archivedSearchResponseSchema = z.object({ items: z.array(archivedItemRowSchema), ...searchPageBase });
export type ArchivedSearchResponse = z.infer<typeof archivedSearchResponseSchema>;

export const similarQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(12),
  /** Only free sounds: what free search's similar-sounds drawer offers. */
  free: flag,
});
export const similarResponseSchema = z.object({ items: z.array(itemRowSchema) });
export type SimilarResponse = z.infer<typeof similarResponseSchema>;
