/**
 * The whole Crate data model (SPEC §3) in one Drizzle schema. Later features extend these tables;
 * migrations are generated from this file by drizzle-kit (`npm run db:generate`).
 *
 * Conventions: snake_case columns; ids are generated (uuid for our rows, text for the auth library's);
 * money is integer minor units plus currency; credits live in a ledger whose balance is derived;
 * rows anybody paid for are never deleted (no cascading deletes from users to what they own).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@crate/contract/roles';
import {
  BANNER_POSITIONS,
  BANNER_SIZES,
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

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();

/** PostgreSQL full-text document (search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A point in n dimensions from the `cube` extension; `<->` is Euclidean distance (similar sounds). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

export const roleEnum = pgEnum('role', ROLES);
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
export const bannerPositionEnum = pgEnum('banner_position', BANNER_POSITIONS);
export const bannerSizeEnum = pgEnum('banner_size', BANNER_SIZES);

// ───────────────────────────── accounts (tables the auth library reads and writes) ─────────────────────────────

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    /** The auth library's `name`; shown as display_name (falls back to the e-mail). */
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    zipCode: text('zip_code').notNull().default(''),
    acceptedContentAgreementAt: ts('accepted_content_agreement_at'),
    emailPreferences: jsonb('email_preferences')
      .$type<{ product_updates: boolean; new_releases: boolean; creator_news: boolean }>()
      .notNull()
      .default({ product_updates: true, new_releases: true, creator_news: false }),
    creditsExpireAt: ts('credits_expire_at'),
    /** Bumped whenever roles change; clients force-refresh claims when it differs (SPEC §4). */
    claimsUpdatedAt: ts('claims_updated_at'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedAt: ts('locked_at'),
    deactivatedAt: ts('deactivated_at'),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    stripeCustomerId: text('stripe_customer_id'),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    /** Password hash (scrypt) written by the auth library. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey().$defaultFn(() => randomUUID()),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    grantedAt: createdAt(),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

// ───────────────────────────── creators ─────────────────────────────

export const creators = pgTable(
  'creators',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    website: text('website'),
    avatarFileId: uuid('avatar_file_id'),
    bannerFileId: uuid('banner_file_id'),
    featured: boolean('featured').notNull().default(false),
    payoutEmail: text('payout_email'),
    stripeAccountId: text('stripe_account_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('creators_user_key').on(t.userId), uniqueIndex('creators_slug_key').on(t.slug)],
);

export const creatorCollaborators = pgTable(
  'creator_collaborators',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Share of the creator's earnings in basis points, for Dynamic Splits. */
    splitBps: integer('split_bps').notNull().default(0),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.userId] }), index('creator_collaborators_user_idx').on(t.userId)],
);

export const collaboratorInvites = pgTable(
  'collaborator_invites',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the token e-mailed to the invitee; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: text('accepted_by').references(() => users.id),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('collaborator_invites_token_key').on(t.tokenHash), index('collaborator_invites_creator_idx').on(t.creatorId)],
);

export const creatorApplications = pgTable(
  'creator_applications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    artistName: text('artist_name').notNull(),
    portfolioUrl: text('portfolio_url'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    message: text('message').notNull().default(''),
    sampleFileIds: jsonb('sample_file_ids').$type<string[]>().notNull().default([]),
    reviewedBy: text('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('creator_applications_status_idx').on(t.status, t.createdAt), index('creator_applications_user_idx').on(t.userId)],
);

// ───────────────────────────── files and processing ─────────────────────────────

/** Every stored object. Keys are generated; the user's file name is metadata only (SPEC §3 storage metadata). */
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
  (t) => [index('processing_runs_pack_idx').on(t.packId, t.startedAt)],
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
  (t) => [index('processing_outcomes_run_idx').on(t.runId)],
);

// ───────────────────────────── catalogue ─────────────────────────────

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
    /** SPEC §4 numeric status, −2..4; transitions in @crate/contract/pack-status. */
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
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('packs_slug_key').on(t.slug),
    index('packs_creator_idx').on(t.creatorId),
    index('packs_status_published_idx').on(t.status, t.publishedAt),
    check('packs_status_range', sql`${t.status} between -2 and 4`),
    check('packs_price_nonnegative', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/** An item is listed (found by paid and free search, similar sounds) when its pack is published and it is not taken down. */
const LISTED = sql`search_pack_status = 4 and taken_down_at is null`;

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
    index('items_search_archived_idx').on(t.searchListedAt).where(sql`search_pack_status = -1 or taken_down_at is not null`),
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
    /** Name (weight A); tags, instrument labels, kind, plugin (B); genre labels (C); pack title and creator name (D). */
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

/** Genre and instrument labels by slug (a copy of @crate/contract/taxonomy, kept equal by a test): search matches labels too. */
export const searchTaxonomyLabels = pgTable(
  'search_taxonomy_labels',
  {
    kind: text('kind', { enum: ['genre', 'instrument'] }).notNull(),
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

export const staffPicks = pgTable('staff_picks', {
  packId: uuid('pack_id')
    .primaryKey()
    .references(() => packs.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  pickedBy: text('picked_by').references(() => users.id),
  pickedAt: createdAt(),
});

export const staffPlaylists = pgTable(
  'staff_playlists',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverFileId: uuid('cover_file_id').references(() => files.id),
    published: boolean('published').notNull().default(false),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_playlists_slug_key').on(t.slug)],
);

export const staffPlaylistItems = pgTable(
  'staff_playlist_items',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => staffPlaylists.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.itemId] })],
);

export const userPlaylists = pgTable(
  'user_playlists',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_playlists_user_idx').on(t.userId)],
);

export const userPlaylistItems = pgTable(
  'user_playlist_items',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => userPlaylists.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    position: integer('position').notNull().default(0),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.itemId] })],
);

/** A heart on an item or on a pack: exactly one of the two is set. */
export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id),
    packId: uuid('pack_id').references(() => packs.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_user_item_key').on(t.userId, t.itemId),
    uniqueIndex('favorites_user_pack_key').on(t.userId, t.packId),
    check('favorites_one_target', sql`(${t.itemId} is null) <> (${t.packId} is null)`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    imageFileId: uuid('image_file_id').references(() => files.id),
    size: bannerSizeEnum('size').notNull().default('1632x600'),
    /** Where the text block sits on the image. */
    position: bannerPositionEnum('position').notNull().default('Bottom-Left'),
    linkUrl: text('link_url'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_active_idx').on(t.active, t.sortOrder)],
);

// ───────────────────────────── commerce ─────────────────────────────

/** The payments catalogue (SPEC §3 "stripe-products" with "prices"). */
export const paymentProducts = pgTable('payment_products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind', { enum: ['subscription', 'credits'] }).notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentPrices = pgTable(
  'payment_prices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => paymentProducts.id),
    currency: text('currency').notNull().default('usd'),
    unitAmount: integer('unit_amount').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }),
    intervalCount: integer('interval_count').notNull().default(1),
    /** Credits granted per period (subscriptions) or per purchase (refills). */
    credits: integer('credits').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('payment_prices_product_idx').on(t.productId), check('payment_prices_amount', sql`${t.unitAmount} >= 0`)],
);

/** Documents under stripe-customers/{uid}/checkout_sessions: the client waits (≤30 s) for session_id. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    mode: text('mode', { enum: ['subscription', 'payment'] }).notNull().default('subscription'),
    priceId: text('price_id').references(() => paymentPrices.id),
    quantity: integer('quantity'),
    lineItems: jsonb('line_items').$type<Array<{ price: string; quantity?: number }>>(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    sessionId: text('session_id'),
    url: text('url'),
    status: text('status', { enum: ['pending', 'open', 'complete', 'expired', 'error'] }).notNull().default('pending'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt), uniqueIndex('checkout_sessions_session_key').on(t.sessionId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    priceId: text('price_id')
      .notNull()
      .references(() => paymentPrices.id),
    status: text('status', { enum: ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] }).notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId), index('subscriptions_user_idx').on(t.userId)],
);

/** Provider webhook events, stored once: the primary key makes fulfilment idempotent. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
  processedAt: ts('processed_at'),
});

/** Credits as a ledger: balance = sum(amount). Every entry has a unique idempotency key. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['grant', 'spend', 'refill', 'expire', 'adjust'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    itemId: uuid('item_id').references(() => items.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    check('credit_ledger_sign', sql`(${t.kind} in ('spend','expire') and ${t.amount} < 0) or (${t.kind} in ('grant','refill') and ${t.amount} > 0) or ${t.kind} = 'adjust'`),
  ],
);

/** What a user owns: one row per item (or whole pack/bundle purchase), never deleted. */
export const ownedItems = pgTable(
  'owned_items',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    source: text('source', { enum: ['credits', 'purchase', 'free', 'grant'] }).notNull(),
    creditLedgerId: uuid('credit_ledger_id').references(() => creditLedger.id),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id),
    priceCents: integer('price_cents'),
    currency: text('currency'),
    acquiredAt: createdAt(),
  },
  (t) => [uniqueIndex('owned_items_user_item_key').on(t.userId, t.itemId)],
);

export const licences = pgTable(
  'licences',
  {
    id: id(),
    ownedItemId: uuid('owned_item_id')
      .notNull()
      .references(() => ownedItems.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    licenceType: licenceTypeEnum('licence_type').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    termsVersion: text('terms_version').notNull(),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('licences_certificate_key').on(t.certificateNumber), uniqueIndex('licences_owned_item_key').on(t.ownedItemId)],
);

export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    ownedItemId: uuid('owned_item_id').references(() => ownedItems.id),
    fileId: uuid('file_id').references(() => files.id),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_user_idx').on(t.userId, t.createdAt), index('downloads_item_idx').on(t.itemId, t.createdAt)],
);

/** Plays, downloads and favourites per item for creator analytics and trending. */
export const itemEvents = pgTable(
  'item_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    packId: uuid('pack_id'),
    userId: text('user_id'),
    kind: text('kind', { enum: ['play', 'download', 'favorite'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('item_events_item_idx').on(t.itemId, t.createdAt), index('item_events_pack_idx').on(t.packId, t.createdAt)],
);

// ───────────────────────────── payouts and affiliates ─────────────────────────────

export const monthlyPayouts = pgTable(
  'monthly_payouts',
  {
    id: id(),
    /** First day of the month paid for. */
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'approved', 'paid'] }).notNull().default('draft'),
    currency: text('currency').notNull().default('usd'),
    totalCents: integer('total_cents').notNull().default(0),
    approvedBy: text('approved_by').references(() => users.id),
    approvedAt: ts('approved_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('monthly_payouts_month_key').on(t.month)],
);

export const payoutLines = pgTable(
  'payout_lines',
  {
    id: id(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => monthlyPayouts.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id),
    amountCents: integer('amount_cents').notNull(),
    downloads: integer('downloads').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
    providerTransferId: text('provider_transfer_id'),
  },
  (t) => [uniqueIndex('payout_lines_payout_creator_key').on(t.payoutId, t.creatorId)],
);

export const affiliates = pgTable(
  'affiliates',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    commissionBps: integer('commission_bps').notNull().default(1000),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliates_code_key').on(t.code)],
);

export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    id: id(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => affiliates.userId),
    referredUserId: text('referred_user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    convertedAt: ts('converted_at'),
    commissionCents: integer('commission_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_referrals_referred_key').on(t.referredUserId), index('affiliate_referrals_affiliate_idx').on(t.affiliateUserId)],
);

// ───────────────────────────── tracking, audit, jobs ─────────────────────────────

/** Advertising-attribution events (SPEC §7 trackPageView / trackViewContent). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    eventType: text('event_type', { enum: ['PageView', 'ViewContent'] }).notNull(),
    fbc: text('fbc').notNull(),
    route: text('route').notNull(),
    email: text('email'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    forwardedAt: ts('forwarded_at'),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_events_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId), index('audit_log_created_idx').on(t.createdAt)],
);

/** Durable jobs in the same database: claimed with FOR UPDATE SKIP LOCKED, retried with backoff. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Optional de-duplication key: a second enqueue with the same key is ignored. */
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
  ],
);
