/** Limits shared by every API process on the database: request budgets (docs/decisions/0017) and upload room (0032). */
import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
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
