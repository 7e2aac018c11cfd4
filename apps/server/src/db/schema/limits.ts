/** Limits shared by every API process on the database: request budgets (docs/decisions/0017) and upload room (0032). */
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ZIP_IMPORT_STATES } from '@crate/contract/studio-packs';
import { createdAt, id, ts } from './columns.ts';
import { users } from './accounts.ts';
import { creators } from './creators.ts';
import { packs } from './catalogue.ts';

/** One fixed window of one limit: `key` names the endpoint and the user or client address. */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: ts('resets_at').notNull(),
});

/**
 * The room an open tus upload holds in its pack and its creator's allowance: its declared bytes and one file
 * from creation until it is finished (its files then count instead), cancelled, refused or expired. Counted
 * with the files already stored, so declared sizes cannot add up past a limit while the bytes are on their way.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    /** The tus upload id (32 hex characters). */
    uploadId: text('upload_id').primaryKey(),
    startedByUserId: text('started_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    files: integer('files').notNull(),
    /** When the upload expires unfinished (tus forgets it then): the reservation counts until this instant. */
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reservations_creator_idx').on(t.creatorId, t.expiresAt), index('upload_reservations_pack_idx').on(t.packId)],
);

/**
 * Who holds a tus upload right now (docs/decisions/0067): the lock every API process on PostgreSQL takes before a
 * HEAD, PATCH or DELETE touches the upload, so a resumed upload reaching another process waits for — and asks to
 * end — the request still holding it elsewhere. A lease: a holder renews `expiresAt` while it works, so the lock
 * of a process that died passes on once its lease has run out. UNLOGGED (in its migration; drizzle's schema cannot
 * say it): a lock outlives no database crash, which ends every request holding one anyway, and each request
 * taking and releasing one then writes no WAL — 2.4 × cheaper on this machine's PostgreSQL.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  /** One request's random id: only the holder renews or releases it. */
  holder: uuid('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
  /** Another request waits for this upload: the holder ends its request and lets go. */
  releaseRequested: boolean('release_requested').notNull().default(false),
});

/**
 * A zip of a pack whose bytes have all arrived, unpacked by the `unpack-zip` job (docs/decisions/0060): its progress
 * while that runs, then what it left out and why, kept so the studio still shows it after a reload. Its upload's
 * reservation (above) holds the room of its files until they are stored.
 */
export const packZipImports = pgTable(
  'pack_zip_imports',
  {
    id: id(),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    /** The tus upload it came from: its reservation is given back when the import ends. */
    uploadId: text('upload_id').notNull(),
    startedByUserId: text('started_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state', { enum: ZIP_IMPORT_STATES }).notNull().default('unpacking'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    refused: jsonb('refused').$type<{ path: string; reason: string }[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('pack_zip_imports_pack_idx').on(t.packId, t.createdAt),
    check('pack_zip_imports_state_check', sql`${t.state} in ('unpacking', 'done', 'refused', 'failed')`),
  ],
);
