/** Curation: staff picks, staff playlists and banners chosen by the team; playlists and favourites kept by users. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BANNER_POSITIONS, BANNER_SIZES } from '@crate/contract/catalogue-enums';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { files, items, packs } from './catalogue.ts';

export const bannerPositionEnum = pgEnum('banner_position', BANNER_POSITIONS);
export const bannerSizeEnum = pgEnum('banner_size', BANNER_SIZES);

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
