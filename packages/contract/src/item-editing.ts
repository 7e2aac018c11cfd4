import { z } from 'zod';
import { isoInstant } from './dates.ts';
import { FEELS, ITEM_KINDS, ITEM_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from './catalogue-enums.ts';
import { audioPreviewSchema, creatorRefSchema } from './catalogue.ts';
import { genreSlugSchema, instrumentSlugSchema } from './taxonomy-schemas.ts';

/**
 * Editing a sample or a preset after upload (/editsample/{doc_slug}, /editpreset/{doc_slug};
 * docs/decisions/0029): every metadata field, and the item's files replaced one at a time.
 */
export const ITEM_EDIT_LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  genresMax: 8,
  instrumentsMax: 12,
  tagsMax: 20,
  tagMax: 32,
  creditCostMax: 100,
  /** One replacement file (an original WAV/AIFF/FLAC, a preset, a preview). */
  fileMaxBytes: 200 * 1024 * 1024,
} as const;

/** Which of an item's files a replacement upload takes the place of. */
export const ITEM_FILE_ROLES = ['audio', 'preset', 'preview'] as const;
export type ItemFileRole = (typeof ITEM_FILE_ROLES)[number];

const musicalKeySchema = z.enum(MUSICAL_KEYS as unknown as [string, ...string[]]);

/** A tag as shown and searched: trimmed, lower case, single spaces. */
export const normaliseTag = (tag: string): string => tag.trim().toLowerCase().replace(/\s+/g, ' ');

const tagSchema = z
  .string()
  .transform(normaliseTag)
  .pipe(z.string().min(1, 'A tag cannot be empty').max(ITEM_EDIT_LIMITS.tagMax, `A tag is at most ${ITEM_EDIT_LIMITS.tagMax} characters`));

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** The changes of one save: only the fields sent change. Nulls clear optional fields. */
export const updateItemSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the sound a name').max(ITEM_EDIT_LIMITS.nameMax, `A name is at most ${ITEM_EDIT_LIMITS.nameMax} characters`).optional(),
  description: z.string().trim().max(ITEM_EDIT_LIMITS.descriptionMax, `A description is at most ${ITEM_EDIT_LIMITS.descriptionMax} characters`).optional(),
  kind: z.enum(ITEM_KINDS).nullable().optional(),
  key: musicalKeySchema.nullable().optional(),
  bpm: z.number().gt(0, 'BPM must be above 0').lt(1000, 'BPM must be below 1000').nullable().optional(),
  time_signature: z.enum(TIME_SIGNATURES).nullable().optional(),
  feel: z.enum(FEELS).nullable().optional(),
  genres: z.array(genreSlugSchema).max(ITEM_EDIT_LIMITS.genresMax, `At most ${ITEM_EDIT_LIMITS.genresMax} genres`).refine(unique, 'A genre is listed twice').optional(),
  instruments: z
    .array(instrumentSlugSchema)
    .max(ITEM_EDIT_LIMITS.instrumentsMax, `At most ${ITEM_EDIT_LIMITS.instrumentsMax} instruments`)
    .refine(unique, 'An instrument is listed twice')
    .optional(),
  tags: z.array(tagSchema).max(ITEM_EDIT_LIMITS.tagsMax, `At most ${ITEM_EDIT_LIMITS.tagsMax} tags`).refine(unique, 'A tag is listed twice').optional(),
  credit_cost: z.number().int('Credits are whole numbers').min(0, 'Credits cannot be negative').max(ITEM_EDIT_LIMITS.creditCostMax, `At most ${ITEM_EDIT_LIMITS.creditCostMax} credits`).optional(),
  /** Presets only: the plugin or host the preset is for (SPEC §1). */
  plugin: z.enum(PRESET_PLUGINS).optional(),
  /** The `updated_at` the editor loaded: when the item changed since (another tab, an admin), the save is refused (409) instead of overwriting it. */
  expected_updated_at: isoInstant().optional(),
});
export type UpdateItem = z.input<typeof updateItemSchema>;

export const storedFileSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  duration_ms: z.number().int().nullable(),
  uploaded_at: z.string(),
});
export type StoredFileSummary = z.infer<typeof storedFileSummarySchema>;

/** An item as its editor sees it. */
export const editableItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  type: z.enum(ITEM_TYPES),
  name: z.string(),
  description: z.string(),
  kind: z.enum(ITEM_KINDS).nullable(),
  key: musicalKeySchema.nullable(),
  bpm: z.number().nullable(),
  time_signature: z.enum(TIME_SIGNATURES).nullable(),
  feel: z.enum(FEELS).nullable(),
  genres: z.array(z.string()),
  instruments: z.array(z.string()),
  tags: z.array(z.string()),
  credit_cost: z.number().int(),
  plugin: z.enum(PRESET_PLUGINS).nullable(),
  pack: z.object({ id: z.string(), slug: z.string(), title: z.string(), status: z.number().int() }),
  creator: creatorRefSchema,
  /** The sample's original sound, or the preset's file and its preview audio. */
  audio_file: storedFileSummarySchema.nullable(),
  preset_file: storedFileSummarySchema.nullable(),
  preview_file: storedFileSummarySchema.nullable(),
  /** The preview the player plays now; null while processing makes it. */
  preview: audioPreviewSchema.nullable(),
  /** A replaced sound is being processed (preview, waveform, duration, features). */
  processing: z.boolean(),
  /** What the viewer may do to it, from the server's policies: edit (its creator or an admin; collaborators read it only). */
  abilities: z.object({ edit: z.boolean() }),
  updated_at: z.string(),
});
export type EditableItem = z.infer<typeof editableItemSchema>;

export const replaceItemFileQuerySchema = z.strictObject({
  role: z.enum(ITEM_FILE_ROLES),
  name: z.string().trim().min(1, 'Name the file').max(255, 'A file name is at most 255 characters'),
});
export type ReplaceItemFileQuery = z.infer<typeof replaceItemFileQuerySchema>;
