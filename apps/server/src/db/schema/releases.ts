/** Releases of tracks that use Royalty A or Dynamic Splits sounds, their parties, every step taken, and their split sheets (decisions 0063, 0064). */
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PARTY_ROLES, PARTY_STATUSES, PROMINENCES, RELEASE_EVENT_KINDS, RELEASE_LICENCES, RELEASE_STATUSES } from '@crate/contract/releases';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { creators } from './creators.ts';
import { items } from './catalogue.ts';
import { licences } from './commerce.ts';

export const releases = pgTable(
  'releases',
  {
    id: id(),
    producerUserId: text('producer_user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    artists: text('artists').array().notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    /** null: self-released. */
    label: text('label'),
    /** The 12 characters, without hyphens. */
    isrc: text('isrc').notNull(),
    upc: text('upc'),
    status: text('status', { enum: RELEASE_STATUSES }).notNull().default('proposed'),
    /** Given when every party has accepted. */
    splitSheetNumber: text('split_sheet_number'),
    agreedAt: ts('agreed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('releases_producer_idx').on(t.producerUserId, t.createdAt),
    uniqueIndex('releases_split_sheet_key').on(t.splitSheetNumber),
    check('releases_agreed_has_sheet', sql`(${t.status} = 'agreed') = (${t.splitSheetNumber} is not null)`),
  ],
);

/** The owned sounds a release uses, each under the licence its certificate was issued with. */
export const releaseSounds = pgTable(
  'release_sounds',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id),
    position: integer('position').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    licenceId: uuid('licence_id')
      .notNull()
      .references(() => licences.id),
    licenceType: text('licence_type', { enum: RELEASE_LICENCES }).notNull(),
    prominence: text('prominence', { enum: PROMINENCES }),
    /** The table's share for this sound (decision 0063), after the producer's minimum: what the proposal was made of. */
    proposedBps: integer('proposed_bps').notNull(),
  },
  (t) => [uniqueIndex('release_sounds_key').on(t.releaseId, t.itemId), uniqueIndex('release_sounds_position_key').on(t.releaseId, t.position)],
);

/** Every writer of a release: the producer and each creator or collaborator sharing a sound, named as at registration. */
export const releaseParties = pgTable(
  'release_parties',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: PARTY_ROLES }).notNull(),
    creatorId: uuid('creator_id').references(() => creators.id),
    /** The display name at registration (never an e-mail). */
    name: text('name').notNull(),
    bps: integer('bps').notNull(),
    status: text('status', { enum: PARTY_STATUSES }).notNull(),
    counterBps: integer('counter_bps'),
    counterNote: text('counter_note'),
    answeredAt: ts('answered_at'),
    remindedAt: ts('reminded_at'),
  },
  (t) => [
    uniqueIndex('release_parties_key').on(t.releaseId, t.userId),
    index('release_parties_user_idx').on(t.userId),
    check('release_parties_bps', sql`${t.bps} >= 0 and ${t.bps} <= 10000`),
  ],
);

/** Every step of an agreement, with its time and actor (null: Crate itself). Only ever appended to; `id` orders steps taken in the same instant. */
export const releaseEvents = pgTable(
  'release_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id),
    kind: text('kind', { enum: RELEASE_EVENT_KINDS }).notNull(),
    actorUserId: text('actor_user_id').references(() => users.id),
    partyUserId: text('party_user_id').references(() => users.id),
    bps: integer('bps'),
    note: text('note'),
    at: createdAt(),
  },
  (t) => [index('release_events_release_idx').on(t.releaseId, t.at)],
);
