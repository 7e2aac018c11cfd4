/** What happened: advertising-attribution events, plays/downloads/favourites per item, and the audit log. */
import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { AttributionCustomData } from '@crate/contract/attribution';
import { ITEM_EVENT_KINDS, TRACKING_EVENT_TYPES } from '@crate/contract/tracking-enums';
import { createdAt, id, ts } from './columns.ts';
import { users } from './accounts.ts';
import { items, packs } from './catalogue.ts';

/**
 * Advertising-attribution events (docs/product-overview.md §7, docs/decisions/0057): the browser's page and content
 * views and the server's sign-ups and payments, recorded only for visitors who consented (an `_fbp` or `_fbc`
 * cookie), each once by its `event_id`, and sent on by the `attribution-forward` job: `forwarded_at` once sent,
 * else `attempts` so far and `next_attempt_at`, or `failed_at` with `last_error` once it gave up.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    /** The browser's UUID for its events, `signup:{user id}` or `purchase:{receipt id}` for the server's. */
    eventId: text('event_id').notNull().unique(),
    eventType: text('event_type', { enum: TRACKING_EVENT_TYPES }).notNull(),
    /** Null only on events recorded before _fbp existed (they carry an _fbc). */
    fbp: text('fbp'),
    fbc: text('fbc'),
    route: text('route').notNull(),
    /** Lower-cased; kept only with the visitor's consent, sent only as its SHA-256. */
    email: text('email'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    customData: jsonb('custom_data').$type<AttributionCustomData>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    forwardedAt: ts('forwarded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_events_created_idx').on(t.createdAt),
    // What the forwarder reads: the events still to send, the due ones first.
    index('tracking_events_unforwarded_idx').on(t.nextAttemptAt, t.id).where(sql`${t.forwardedAt} is null and ${t.failedAt} is null`),
    index('tracking_events_failed_idx').on(t.failedAt).where(sql`${t.failedAt} is not null and ${t.forwardedAt} is null`),
    index('tracking_events_forwarded_idx').on(t.forwardedAt).where(sql`${t.forwardedAt} is not null`),
  ],
);

/**
 * What a signed-in user's browser said about consent when it last told the server (docs/decisions/0057): the
 * `_fbp`/`_fbc` cookies on their registration and when they open a checkout, so the server's own events (sign-up,
 * purchase) are recorded only for users who consented. A later request without them (essential-only) deletes it.
 */
export const userAttribution = pgTable('user_attribution', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fbp: text('fbp'),
  fbc: text('fbc'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

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
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt, t.id),
    // An account's trail: what it did, beside what was done to it (the target index).
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt, t.id),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * The raw events of creator analytics and trending (docs/decisions/0028): one row per counted play,
 * download, heart, playlist add or get. Never read by the analytics screens: an AFTER INSERT statement
 * trigger folds each insert into item_daily_stats and pack_daily_stats in the same transaction.
 */
export const itemEvents = pgTable(
  'item_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    packId: uuid('pack_id'),
    userId: text('user_id'),
    kind: text('kind', { enum: ITEM_EVENT_KINDS }).notNull(),
    /** Credits the creator earned by this event (gets only; 0 otherwise). */
    credits: integer('credits').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_events_item_idx').on(t.itemId, t.createdAt),
    index('item_events_pack_idx').on(t.packId, t.createdAt),
    // The site-wide daily rollup counts one day of plays or downloads as one index range (docs/decisions/0048).
    index('item_events_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/** The counters of one day (UTC) that the rollup tables keep per item and per pack. */
const dailyCounters = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  plays: integer('plays').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  gets: integer('gets').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  playlistAdds: integer('playlist_adds').notNull().default(0),
  credits: integer('credits').notNull().default(0),
});

/** item_events per item per UTC day, kept by the item_events rollup trigger; item analytics read only this. */
export const itemDailyStats = pgTable(
  'item_daily_stats',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    /** The item's pack when the event happened, so a pack's top items are one index range. */
    packId: uuid('pack_id'),
    ...dailyCounters(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] }), index('item_daily_stats_pack_day_idx').on(t.packId, t.day)],
);

/** item_events per pack per UTC day, kept by the same trigger; pack analytics read only this (and item_daily_stats for top items). */
export const packDailyStats = pgTable(
  'pack_daily_stats',
  {
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id),
    ...dailyCounters(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.day] })],
);

/**
 * The last counted play per listener and item (docs/decisions/0028, 0034): a play is counted only when the
 * listener's previous counted play of that item is older than the dedupe window. `listener` is
 * `u:{user id}`, or for visitors `c:{id of their signed listener cookie}`, else `n:{keyed hash of their
 * client network}` (no raw address kept).
 */
export const playDedupe = pgTable(
  'play_dedupe',
  {
    listener: text('listener').notNull(),
    itemId: uuid('item_id').notNull(),
    countedAt: ts('counted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listener, t.itemId] }), index('play_dedupe_counted_idx').on(t.countedAt)],
);

/**
 * When a listener last fetched a preview from its start (docs/decisions/0034): a reported listen may be no
 * longer than the time since. `listener` is `u:{user id}` or `n:{keyed hash of the client network}`;
 * `file_id` is the source file the preview derives from (an item's audio file). Kept two hours: a
 * browser keeps a preview an hour and asks again after that.
 */
export const previewServes = pgTable(
  'preview_serves',
  {
    listener: text('listener').notNull(),
    fileId: uuid('file_id').notNull(),
    servedAt: ts('served_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listener, t.fileId] }), index('preview_serves_served_idx').on(t.servedAt)],
);

/**
 * Counted plays per client network and UTC day (docs/decisions/0034), in three scopes: `item:{id}`,
 * `pack:{id}` and `all`. A play is counted only while every scope has room, so one actor behind one
 * address moves no counter far whatever browsers, cookies or accounts they use. `network` is a keyed hash.
 */
export const playBudgets = pgTable(
  'play_budgets',
  {
    network: text('network').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope').notNull(),
    plays: integer('plays').notNull().default(0),
    anonymousPlays: integer('anonymous_plays').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.network, t.day, t.scope] }), index('play_budgets_day_idx').on(t.day)],
);

/**
 * Site-wide key numbers per UTC day for /admin (docs/decisions/0048), kept by the scheduled `site-stats-rollup`
 * job from indexed range counts of the ledger and event tables, so a page view reads 30 rows. Subscribers and
 * MRR are snapshots taken while the day runs (null for days before the rollup ran).
 */
export const siteDailyStats = pgTable('site_daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  signups: integer('signups').notNull().default(0),
  activeSubscribers: integer('active_subscribers'),
  /** Minor units of `mrr_currency` (the currency most subscriptions pay in); yearly plans count a twelfth. */
  mrr: integer('mrr'),
  mrrCurrency: text('mrr_currency'),
  creditsSpent: integer('credits_spent').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  plays: integer('plays').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
