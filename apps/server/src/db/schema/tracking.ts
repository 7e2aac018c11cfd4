/** What happened: advertising-attribution events, plays/downloads/favourites per item, and the audit log. */
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ITEM_EVENT_KINDS, TRACKING_EVENT_TYPES } from '@crate/contract/tracking-enums';
import { createdAt, id, ts } from './columns.ts';
import { users } from './accounts.ts';
import { items } from './catalogue.ts';

/** Advertising-attribution events (docs/product-overview.md §7 trackPageView / trackViewContent). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: id(),
    eventType: text('event_type', { enum: TRACKING_EVENT_TYPES }).notNull(),
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
    kind: text('kind', { enum: ITEM_EVENT_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('item_events_item_idx').on(t.itemId, t.createdAt), index('item_events_pack_idx').on(t.packId, t.createdAt)],
);
