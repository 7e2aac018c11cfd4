/** The catalogue: stored files and their processing, packs, items (samples and presets), search, bundles. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FEELS,
  FILE_PROBLEM_KINDS,
  ITEM_KINDS,
  ITEM_TYPES,
  LICENCE_TYPES,
  MUSICAL_KEYS,
  OUTCOME_STATUSES,
  PACK_FILE_KINDS,
  PRESET_PLUGINS,
  PROCESSING_RUN_STATUSES,
  TAKEDOWN_REASONS,
  TIME_SIGNATURES,
} from '@crate/contract/catalogue-enums';
import { PACK_REVIEW_DECISIONS } from '@crate/contract/pack-review';
import { TAXONOMY_KINDS } from '@crate/contract/taxonomy';
import { archivedItemsSql, listedItemsSql } from '../listed-items.ts';
import { createdAt, cube, id, ts, tsvector, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { creators } from './creators.ts';

export const licenceTypeEnum = pgEnum('licence_type', LICENCE_TYPES);
export const presetPluginEnum = pgEnum('preset_plugin', PRESET_PLUGINS);
export const itemTypeEnum = pgEnum('item_type', ITEM_TYPES);
export const itemKindEnum = pgEnum('item_kind', ITEM_KINDS);
export const timeSignatureEnum = pgEnum('time_signature', TIME_SIGNATURES);
export const feelEnum = pgEnum('feel', FEELS);
export const musicalKeyEnum = pgEnum('musical_key', MUSICAL_KEYS as unknown as [string, ...string[]]);
export const fileKindEnum = pgEnum('file_kind', PACK_FILE_KINDS);
export const fileProblemEnum = pgEnum('file_problem', FILE_PROBLEM_KINDS);
export const takedownReasonEnum = pgEnum('takedown_reason', TAKEDOWN_REASONS);
export const processingRunStatusEnum = pgEnum('processing_run_status', PROCESSING_RUN_STATUSES);
export const outcomeStatusEnum = pgEnum('outcome_status', OUTCOME_STATUSES);

/** Every stored object. Keys are generated; the user's file name is metadata only (docs/product-overview.md §3 storage metadata). */
export const files = pgTable(
  'files',
  {
    id: id(),
    storageKey: text('storage_key').notNull(),
    ownerUserId: text('owner_user_id').references(() => users.id),
    packId: uuid('pack_id'),
    itemId: uuid('item_id'),
    kind: fileKindEnum('kind'),
    /** For derivatives (previews, peaks, resized art): the source file and the variant name. */
    derivedFromFileId: uuid('derived_from_file_id'),
    variant: text('variant'),
    originalName: text('original_name').notNull().default(''),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    md5: text('md5'),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    customMetadata: jsonb('custom_metadata').$type<Record<string, string>>().notNull().default({}),
    problem: fileProblemEnum('problem'),
    /** Audio properties, probed when derivatives are made. */
    durationMs: integer('duration_ms'),
    sampleRate: integer('sample_rate'),
    channels: smallint('channels'),
    bitDepth: smallint('bit_depth'),
    /**
     * Tempo and key heard in the audio at upload (media/tempo-key.ts), with how sure the detector is (0..1);
     * since decision 0070 also the kind, onsets and whether it has a pitch (absent from older analyses).
     */
    analysis: jsonb('analysis').$type<{
      bpm: number | null;
      bpmConfidence: number;
      key: string | null;
      keyConfidence: number;
      kind?: 'One-Shot' | 'Loop' | null;
      onsets?: number;
      pitched?: boolean | null;
    }>(),
    generation: integer('generation').notNull().default(1),
    metageneration: integer('metageneration').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('files_storage_key').on(t.storageKey),
    index('files_pack_idx').on(t.packId),
    index('files_item_idx').on(t.itemId),
    uniqueIndex('files_derivative_key').on(t.derivedFromFileId, t.variant),
  ],
);

export const processingRuns = pgTable(
  'processing_runs',
  {
    id: id(),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id),
    status: processingRunStatusEnum('status').notNull().default('Running'),
    startedAt: createdAt(),
    finishedAt: ts('finished_at'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('processing_runs_pack_idx').on(t.packId, t.startedAt), index('processing_runs_errors_idx').on(t.startedAt).where(sql`status = 'Errors'`)],
);

export const processingOutcomes = pgTable(
  'processing_outcomes',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => processingRuns.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id),
    status: outcomeStatusEnum('status').notNull(),
    problem: fileProblemEnum('problem'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
  },
  // One outcome per file and run: a retried write of the same file's result is a no-op.
  (t) => [index('processing_outcomes_run_idx').on(t.runId), uniqueIndex('processing_outcomes_run_file_key').on(t.runId, t.fileId)],
);

export const packs = pgTable(
  'packs',
  {
    id: id(),
    slug: text('slug').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** docs/product-overview.md §4 numeric status, −2..4; transitions in @crate/contract/pack-status. */
    status: smallint('status').notNull().default(0),
    licenceType: licenceTypeEnum('licence_type').notNull().default('Royalty-Free'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    coverFileId: uuid('cover_file_id').references(() => files.id),
    previewFileId: uuid('preview_file_id').references(() => files.id),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('usd'),
    creditCost: integer('credit_cost'),
    isFree: boolean('is_free').notNull().default(false),
    takedownReason: takedownReasonEnum('takedown_reason'),
    takenDownAt: ts('taken_down_at'),
    /** When its creator withdrew it from sale (published → archived without a takedown, decision 0072); cleared when it comes back. */
    withdrawnAt: ts('withdrawn_at'),
    publishedAt: ts('published_at'),
    /** When it last went to status 1 (awaiting approval); set by the packs_submitted_at trigger, whoever submits it. */
    submittedAt: ts('submitted_at'),
    /** When it last went to status 2 (approved); set by the packs_approved_at trigger. Which of two packs sharing content came first (decision 0062). */
    approvedAt: ts('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('packs_slug_key').on(t.slug),
    // The admins' review queue: packs awaiting approval, oldest submission first.
    index('packs_awaiting_review_idx').on(t.submittedAt, t.id).where(sql`status = 1`),
    index('packs_creator_idx').on(t.creatorId),
    index('packs_status_published_idx').on(t.status, t.publishedAt),
    // The media route finds what a file belongs to (media-policy.ts) by these.
    index('packs_cover_file_idx').on(t.coverFileId).where(sql`cover_file_id is not null`),
    index('packs_preview_file_idx').on(t.previewFileId).where(sql`preview_file_id is not null`),
    check('packs_status_range', sql`${t.status} between -2 and 4`),
    check('packs_price_nonnegative', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/**
 * Every admin decision on a pack awaiting approval (docs/decisions/0026): approve, send back to draft with
 * notes, or reject (archive) with a reason. The notes are what the creator reads and is e-mailed.
 */
export const packReviews = pgTable(
  'pack_reviews',
  {
    id: id(),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id),
    reviewerUserId: text('reviewer_user_id').references(() => users.id),
    decision: text('decision', { enum: PACK_REVIEW_DECISIONS }).notNull(),
    notes: text('notes'),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pack_reviews_pack_idx').on(t.packId, t.createdAt)],
);

const LISTED = listedItemsSql();

/**
 * Search indexes on items; all but the archive's are partial on LISTED, the rows search reads.
 * items_search_idx holds the text and every equality filter in ONE GIN index (btree_gin for the scalars):
 * a text + filters search is a single index scan that intersects them all and yields only matching rows,
 * where separate indexes made PostgreSQL fetch every row matching the text and filter the rest (see 0008).
 */
function itemSearchIndexes(t: Record<
  'searchVector' | 'genres' | 'instruments' | 'type' | 'kind' | 'key' | 'timeSignature' | 'feel' | 'licenceType' | 'plugin' | 'isFree' | 'hasStems' | 'hasMidi' | 'creatorId' | 'packId' | 'searchBpm' | 'searchListedAt' | 'searchFeatures' | 'id',
  AnyPgColumn
>) {
  return [
    index('items_search_idx')
      .using('gin', t.searchVector, t.genres, t.instruments, t.type, t.kind, t.key, t.timeSignature, t.feel, t.licenceType, t.plugin, t.isFree, t.hasStems, t.hasMidi, t.creatorId, t.packId)
      .where(LISTED),
    index('items_search_bpm_idx').on(t.searchBpm).where(LISTED),
    index('items_search_listed_idx').on(t.searchListedAt, t.id).where(LISTED),
    index('items_search_features_idx').using('gist', t.searchFeatures).where(LISTED),
    index('items_search_archived_idx').on(t.searchListedAt).where(archivedItemsSql()),
  ];
}

/** A sample or a preset. Every item lives in a pack (single uploads go to the creator's "Singles" pack), so pack status decides visibility. */
export const items = pgTable(
  'items',
  {
    id: id(),
    slug: text('slug').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id),
    position: integer('position').notNull().default(0),
    type: itemTypeEnum('type').notNull(),
    kind: itemKindEnum('kind'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    key: musicalKeyEnum('key'),
    bpm: real('bpm'),
    timeSignature: timeSignatureEnum('time_signature'),
    feel: feelEnum('feel'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    instruments: text('instruments').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    licenceType: licenceTypeEnum('licence_type').notNull().default('Royalty-Free'),
    plugin: presetPluginEnum('plugin'),
    isFree: boolean('is_free').notNull().default(false),
    creditCost: integer('credit_cost').notNull().default(1),
    audioFileId: uuid('audio_file_id').references(() => files.id),
    presetFileId: uuid('preset_file_id').references(() => files.id),
    previewFileId: uuid('preview_file_id').references(() => files.id),
    durationMs: integer('duration_ms'),
    /** Spectral and timbral summary of the audio, for "similar sounds" (computed with the derivatives). */
    audioFeatures: real('audio_features').array(),
    hasStems: boolean('has_stems').notNull().default(false),
    hasMidi: boolean('has_midi').notNull().default(false),
    takedownReason: takedownReasonEnum('takedown_reason'),
    takenDownAt: ts('taken_down_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // ── search index (docs/decisions/0008-search-in-postgres.md); maintained by the triggers of the
    // search_triggers migration in the same transaction as the item, its pack or its creator. Never written by the app.
    /** Name (weight A); instrument labels, kind, plugin (B); tags and genre labels (C); pack title and creator name (D). */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    /** The pack's status, copied so that "listed" (published, not taken down) is a partial-index predicate. */
    searchPackStatus: smallint('search_pack_status').notNull().default(0),
    /** When the item became available: its pack's published_at, else the item's created_at ("newest"). */
    searchListedAt: ts('search_listed_at').notNull().defaultNow(),
    /** BPM rounded to a whole number: what the BPM filter and its facet buckets compare. */
    searchBpm: smallint('search_bpm').generatedAlwaysAs(sql`round(bpm)::smallint`),
    /** audio_features as a cube point (the extension holds at most 100 dimensions). */
    searchFeatures: cube('search_features').generatedAlwaysAs(
      sql`case when cardinality(audio_features) between 1 and 100 then cube(audio_features::float8[]) end`,
    ),
  },
  (t) => [
    uniqueIndex('items_slug_key').on(t.slug),
    index('items_pack_idx').on(t.packId, t.position),
    // Pack cards count a pack's sounds that are not taken down: answered from this index alone.
    index('items_pack_not_taken_down_idx').on(t.packId).where(sql`taken_down_at is null`),
    index('items_creator_idx').on(t.creatorId),
    // The media route finds what a file belongs to (media-policy.ts) by these.
    index('items_audio_file_idx').on(t.audioFileId).where(sql`audio_file_id is not null`),
    index('items_preview_file_idx').on(t.previewFileId).where(sql`preview_file_id is not null`),
    ...itemSearchIndexes(t),
    check('items_preset_has_plugin', sql`${t.type} <> 'preset' or ${t.plugin} is not null`),
    check('items_bpm_range', sql`${t.bpm} is null or (${t.bpm} > 0 and ${t.bpm} < 1000)`),
    check('items_credit_cost_nonnegative', sql`${t.creditCost} >= 0`),
  ],
);

/** Every distinct word of the search index: typo tolerance looks a misspelt word up here by trigrams, not in a million documents. */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (t) => [
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    // Completions of the last typed word (LIKE 'kic%') whatever the database collation.
    index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
  ],
);

/**
 * What changed for search, in commit order of the writing transaction (docs/decisions/0018-search-index.md):
 * triggers write a row per changed item (`item`: its catalogue fields; `popularity`: its plays, downloads and
 * favourites alone), pack (title, slug) or creator (name, slug) in the same transaction; every API process's
 * in-memory index follows `id`.
 */
export const searchOutbox = pgTable(
  'search_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity', { enum: ['item', 'popularity', 'pack', 'creator'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('search_outbox_at_idx').on(t.at)],
);

/** Genre and instrument labels by slug (a copy of @crate/contract/taxonomy, kept equal by a test): search matches labels too. */
export const searchTaxonomyLabels = pgTable(
  'search_taxonomy_labels',
  {
    kind: text('kind', { enum: TAXONOMY_KINDS }).notNull(),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] })],
);

/** Plays, downloads and favourites per item, counted by a trigger on item_events; "popular" sorts by score. */
export const itemPopularity = pgTable('item_popularity', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id),
  plays: integer('plays').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  /** A download weighs three plays, a favourite two. */
  score: integer('score').generatedAlwaysAs(sql`downloads * 3 + favorites * 2 + plays`),
});

export const bundles = pgTable(
  'bundles',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverFileId: uuid('cover_file_id').references(() => files.id),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('usd'),
    creditCost: integer('credit_cost'),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bundles_slug_key').on(t.slug)],
);

export const bundlePacks = pgTable(
  'bundle_packs',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.packId] }), index('bundle_packs_pack_idx').on(t.packId)],
);
