/** Creators: their profiles, collaborators, invitations and applications to become one. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CREATOR_APPLICATION_STATUSES } from '@crate/contract/creator-enums';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './accounts.ts';

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
    /** The creator's links (web addresses, at most CREATOR_PROFILE_LIMITS.linksMax), in the order they chose. */
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    avatarFileId: uuid('avatar_file_id'),
    bannerFileId: uuid('banner_file_id'),
    featured: boolean('featured').notNull().default(false),
    /** Where a featured creator stands on Discover's shelf (admins order it), lowest first. */
    featuredPosition: integer('featured_position').notNull().default(0),
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
    status: text('status', { enum: CREATOR_APPLICATION_STATUSES }).notNull().default('submitted'),
    artistName: text('artist_name').notNull(),
    bio: text('bio').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    genres: jsonb('genres').$type<string[]>().notNull().default([]),
    /** Demo sounds uploaded with the application (files owned by the applicant, checked by decoding). */
    demoFileIds: jsonb('demo_file_ids').$type<string[]>().notNull().default([]),
    reviewedBy: text('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('creator_applications_status_idx').on(t.status, t.createdAt),
    index('creator_applications_user_idx').on(t.userId),
    // One open application per user, whatever two requests do at once.
    uniqueIndex('creator_applications_one_open_key').on(t.userId).where(sql`status in ('submitted', 'needs_changes')`),
  ],
);
