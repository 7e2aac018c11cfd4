/**
 * A creator's packs in the studio (/creator, /packupload/{id?}, /singleupload/{id?}): drafts with their
 * uploaded files, the items made from them, what is wrong with which file, and the next thing to do.
 */
import { z } from 'zod';
import { isoInstant } from './dates.ts';
import { FILE_PROBLEM_KINDS, LICENCE_TYPES, MUSICAL_KEYS, PACK_FILE_KINDS } from './catalogue-enums.ts';
import { creatorRefSchema, imageSetSchema } from './catalogue.ts';
import { editableItemSchema, updateItemSchema } from './item-editing.ts';
import { genreSlugSchema } from './taxonomy-schemas.ts';

export const PACK_EDIT_LIMITS = {
  titleMax: 100,
  descriptionMax: 4000,
  genresMax: 5,
  tagsMax: 20,
  /** A whole pack for credits. */
  creditCostMax: 2000,
  /** A whole pack for money, in cents. */
  priceCentsMax: 100_000,
  /** Items changed by one bulk save. */
  bulkItemsMax: 500,
} as const;

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

const packDetailFields = {
  title: z.string().trim().min(1, 'Give the pack a title').max(PACK_EDIT_LIMITS.titleMax, `A title is at most ${PACK_EDIT_LIMITS.titleMax} characters`),
  description: z.string().trim().max(PACK_EDIT_LIMITS.descriptionMax, `A description is at most ${PACK_EDIT_LIMITS.descriptionMax} characters`),
  genres: z.array(genreSlugSchema).max(PACK_EDIT_LIMITS.genresMax, `At most ${PACK_EDIT_LIMITS.genresMax} genres`).refine(unique, 'A genre is listed twice'),
  licence_type: z.enum(LICENCE_TYPES),
  credit_cost: z
    .number()
    .int('Credits are whole numbers')
    .min(0, 'Credits cannot be negative')
    .max(PACK_EDIT_LIMITS.creditCostMax, `At most ${PACK_EDIT_LIMITS.creditCostMax} credits`)
    .nullable(),
  price_cents: z
    .number()
    .int('A price is a whole number of cents')
    .min(100, 'A price is at least $1.00')
    .max(PACK_EDIT_LIMITS.priceCentsMax, `A price is at most $${PACK_EDIT_LIMITS.priceCentsMax / 100}`)
    .nullable(),
};

/** Pack details as the creator writes them. Prices: a credit price for the whole pack, and optionally a money price to buy it outright. */
export const packDetailsSchema = z.strictObject({
  ...packDetailFields,
  description: packDetailFields.description.default(''),
  genres: packDetailFields.genres.default([]),
  licence_type: packDetailFields.licence_type.default('Royalty-Free'),
  credit_cost: packDetailFields.credit_cost.default(null),
  price_cents: packDetailFields.price_cents.default(null),
});
export type PackDetailsInput = z.input<typeof packDetailsSchema>;

/** What a published pack's details still take (decision 0072); the rest stay as the pack was reviewed and sold. */
export const PUBLISHED_PACK_FIELDS = ['title', 'description', 'genres', 'cover_file_id'] as const;

/** Only the fields sent change (no defaults fill the others in). */
export const updatePackSchema = z.strictObject(packDetailFields).partial().extend({
  /** A published pack's new cover: an image uploaded as a cover (`uploadStudioImage`); a draft's cover is one of its files. */
  cover_file_id: z.uuid('Upload the cover again').optional(),
  /** The `updated_at` the form loaded: a pack changed since (another tab) is refused (409) instead of overwritten. */
  expected_updated_at: isoInstant().optional(),
});
export type UpdatePackInput = z.input<typeof updatePackSchema>;

/** One row of the sounds table's bulk save: the item and the fields that change. */
export const bulkItemChangeSchema = updateItemSchema.omit({ expected_updated_at: true }).extend({ id: z.uuid('Not a valid item id') });
export const bulkItemChangesSchema = z.strictObject({
  items: z
    .array(bulkItemChangeSchema)
    .min(1, 'Nothing to save')
    .max(PACK_EDIT_LIMITS.bulkItemsMax, `At most ${PACK_EDIT_LIMITS.bulkItemsMax} sounds at once`)
    .refine((rows) => unique(rows.map((r) => r.id)), 'A sound is listed twice'),
});
export type BulkItemChanges = z.input<typeof bulkItemChangesSchema>;

/** What the detector heard in a sound (0..1 confidence; null when it could not tell). */
export const soundAnalysisSchema = z.object({
  bpm: z.number().nullable(),
  bpm_confidence: z.number(),
  key: z.enum(MUSICAL_KEYS as unknown as [string, ...string[]]).nullable(),
  key_confidence: z.number(),
  /** One-Shot (a single hit or note, or too short for a pulse) or Loop (several hits at a clear tempo); null when neither is clear or not heard yet by this detector. */
  kind: z.enum(['One-Shot', 'Loop']).nullable(),
  /** False when the sound has no pitch a key could be heard in (a snare, a cymbal): it gets no key. Null for a loop or an older analysis. */
  pitched: z.boolean().nullable(),
});
export type SoundAnalysis = z.infer<typeof soundAnalysisSchema>;

export const studioFileSchema = z.object({
  id: z.string(),
  /** Its path inside the upload (folder and name), as the creator sees it on disk. */
  path: z.string(),
  kind: z.enum(PACK_FILE_KINDS),
  size: z.number().int(),
  /** The item the file belongs to (its sound, preset, preview, stem or MIDI), if any. */
  item_id: z.string().nullable(),
  problem: z.enum(FILE_PROBLEM_KINDS).nullable(),
  /** What is wrong, in words, naming the other file for a duplicate. */
  problem_message: z.string().nullable(),
  analysis: soundAnalysisSchema.nullable(),
  /** Its tempo and key are still being listened for (the analysis is queued or running): more is coming. */
  analysing: z.boolean(),
  uploaded_at: z.string(),
});
export type StudioFile = z.infer<typeof studioFileSchema>;

/** A sound of the pack as the sounds table shows it: the editor's fields, and what the upload attached to it. */
export const studioItemSchema = editableItemSchema
  .pick({ id: true, slug: true, type: true, name: true, kind: true, key: true, bpm: true, time_signature: true, feel: true, genres: true, instruments: true, tags: true, credit_cost: true, plugin: true })
  .extend({
    has_stems: z.boolean(),
    has_midi: z.boolean(),
    /** The file the item was made from (a sample's sound, a preset's file). */
    file_id: z.string().nullable(),
  });
export type StudioItem = z.infer<typeof studioItemSchema>;

/** What the creator should do next with a pack, by its status and its files. */
export const NEXT_ACTIONS = ['add-files', 'fix-files', 'submit', 'wait-review', 'wait-processing', 'none'] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const processingProgressSchema = z.object({
  status: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

export const studioPackSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  creator: creatorRefSchema,
  cover: imageSetSchema.nullable(),
  item_count: z.number().int(),
  file_count: z.number().int(),
  problem_count: z.number().int(),
  next_action: z.enum(NEXT_ACTIONS),
  /** The latest processing run, while one runs or once one ran. */
  processing: processingProgressSchema.nullable(),
  /**
   * What the viewer may do to it, from the server's policies: edit (its creator and admins; collaborators read only),
   * submit it for review, split (set who shares its earnings: its creator only, docs/decisions/0052), withdraw (take it
   * off sale and put it back: its creator only, decision 0072).
   */
  abilities: z.object({ edit: z.boolean(), submit: z.boolean(), split: z.boolean(), withdraw: z.boolean() }),
  /** When its creator took it off sale; null unless it is archived because they did. */
  withdrawn_at: z.string().nullable(),
  updated_at: z.string(),
});
export type StudioPackSummary = z.infer<typeof studioPackSummarySchema>;

/**
 * A zip of the pack after its last byte arrived (docs/decisions/0060): unpacked by a job, entry by entry, with its
 * progress. `unpacking` while that runs; `done` when its good files are in the pack (every refused entry listed with
 * why); `refused` when the zip itself could not be used (a hostile entry found while inflating, the pack no longer a
 * draft) and nothing of it was kept; `failed` when unpacking broke on our side and nothing of it was kept.
 */
export const ZIP_IMPORT_STATES = ['unpacking', 'done', 'refused', 'failed'] as const;
export type ZipImportState = (typeof ZIP_IMPORT_STATES)[number];

export const zipImportSchema = z.object({
  id: z.string(),
  /** The zip's name as the creator sent it. */
  name: z.string(),
  state: z.enum(ZIP_IMPORT_STATES),
  /** Entries to look at (files of an accepted kind), and how many have been looked at so far. */
  total: z.number().int(),
  done: z.number().int(),
  /** Files of it now in the pack (0 until it is done). */
  imported: z.number().int(),
  /** Entries left out, each with why: not a kind a pack takes, too big, not audio we sell… */
  refused: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** Why the whole zip was refused or failed; null otherwise. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ZipImport = z.infer<typeof zipImportSchema>;

export const studioPackSchema = studioPackSummarySchema.extend({
  description: z.string(),
  genres: z.array(z.string()),
  licence_type: z.enum(LICENCE_TYPES),
  credit_cost: z.number().int().nullable(),
  price_cents: z.number().int().nullable(),
  currency: z.string(),
  total_bytes: z.number().int(),
  files: z.array(studioFileSchema),
  items: z.array(studioItemSchema),
  /** Why a submit would be refused today, in words (empty when it can be submitted). */
  submit_blockers: z.array(z.string()),
  /** The pack's zips, newest first: one unpacking shows its progress, one unpacked what it left out. */
  zip_imports: z.array(zipImportSchema),
});
export type StudioPack = z.infer<typeof studioPackSchema>;

/** The tus upload's metadata (Upload-Metadata header), checked when the upload is created. */
export const uploadMetadataSchema = z.strictObject({
  packId: z.uuid('Not a valid pack id'),
  /** The file's path relative to the dropped folder (or just its name). */
  relativePath: z.string().trim().min(1, 'Name the file').max(300, 'A file path is at most 300 characters'),
  filetype: z.string().max(200).optional(),
  filename: z.string().max(300).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/**
 * What an upload added to a pack (the body of the finishing PATCH): a file is in the pack at once; a zip is
 * unpacked afterwards (`zip_import`, its progress and what it left out in the pack's `zip_imports`).
 */
export const uploadResultSchema = z.object({
  files: z.array(z.object({ id: z.string(), path: z.string(), kind: z.enum(PACK_FILE_KINDS) })),
  zip_import: zipImportSchema.nullable(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
