/** Accounts: the tables the auth library reads and writes, and the roles granted to a user. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '@crate/contract/roles';
import { createdAt, ts, updatedAt } from './columns.ts';

export const roleEnum = pgEnum('role', ROLES);

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
    /** Bumped whenever roles change; clients force-refresh claims when it differs (docs/product-overview.md §4). */
    claimsUpdatedAt: ts('claims_updated_at'),
    deactivatedAt: ts('deactivated_at'),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    stripeCustomerId: text('stripe_customer_id'),
    /**
     * Bumped by triggers whenever what is the viewer's own on a catalogue answer changes (favourites, owned sounds):
     * read with the session on every request, it tells each API process whether its cached copy is current (decision 0077).
     */
    viewerStateVersion: bigint('viewer_state_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The admins' user list (newest first, keyset on created_at and id) and its prefix searches, at a million accounts.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('users_disabled_idx').on(t.createdAt, t.id).where(sql`${t.disabledAt} is not null`),
    index('users_deactivated_idx').on(t.createdAt, t.id).where(sql`${t.deactivatedAt} is not null`),
  ],
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

/**
 * The open links of e-mail verification e-mails (docs/decisions/0069): only the SHA-256 of each link's token is kept,
 * with the address it was sent to (a link confirms that address, no other). A followed link is deleted with every other
 * link of its user; an expired one is refused and deleted when followed.
 */
export const emailVerificationLinks = pgTable(
  'email_verification_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_links_user_idx').on(t.userId, t.createdAt)],
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
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role, t.userId)],
);

/** What a row of sign_in_failures counts (docs/decisions/0036). */
export const SIGN_IN_FAILURE_SCOPES = ['pair', 'network', 'device'] as const;

/**
 * Failed password sign-ins, counted where they come from (docs/decisions/0036): per client network and
 * e-mail (`pair`), per client network across every e-mail (`network`, e-mail ''), and per trusted device
 * and e-mail (`device`: a browser that signed in to that e-mail before). A pause stops only the scope
 * that earned it, so nobody elsewhere can keep the owner out. Rows exist for unknown e-mails too, so the
 * answers are the same for addresses with and without an account. `client` is a keyed hash of the
 * network, or the device cookie's id; no raw address is kept.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    scope: text('scope', { enum: SIGN_IN_FAILURE_SCOPES }).notNull(),
    client: text('client').notNull(),
    email: text('email').notNull(),
    /** Failures since the last success here, or since a quiet day. */
    failures: integer('failures').notNull().default(0),
    pausedUntil: ts('paused_until'),
    lastFailureAt: ts('last_failure_at').notNull(),
    /** When the owner was last told of failures at this e-mail (one notice a day at most, across rows). */
    notifiedAt: ts('notified_at'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.client, t.email] }), index('sign_in_failures_email_idx').on(t.email), index('sign_in_failures_last_idx').on(t.lastFailureAt), index('sign_in_failures_paused_idx').on(t.pausedUntil).where(sql`${t.pausedUntil} is not null`)],
);
