import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { creators, items, packs, userPlaylistItems, userPlaylists, users } from '../../db/schema/index.ts';
import { itemListedSql } from '../../policies/item-policy.ts';
import { itemRowColumns } from '../../read-models/catalogue-rows.ts';

const playlistColumns = {
  id: userPlaylists.id,
  userId: userPlaylists.userId,
  name: userPlaylists.name,
  createdAt: userPlaylists.createdAt,
  updatedAt: userPlaylists.updatedAt,
  itemIds: sql<string[]>`coalesce((select array_agg(upi.item_id::text order by upi.position, upi.item_id) from user_playlist_items upi where upi.playlist_id = user_playlists.id), '{}')`,
};
export type PlaylistRow = Awaited<ReturnType<typeof listPlaylists>>[number];

/**
 * One page of the user's playlists, most recently changed first (`limit + 1` rows: the extra one says there is
 * more). Ordered by the millisecond the cursor can carry (a JS Date), so two changes within one millisecond
 * are neither skipped nor repeated across pages.
 */
export async function listPlaylists(db: DbOrTx, userId: string, opts: { limit: number; after: { value: string; id: string } | null }) {
  const changedAt = sql`date_trunc('milliseconds', ${userPlaylists.updatedAt})`;
  const conditions: SQL[] = [eq(userPlaylists.userId, userId)];
  if (opts.after) conditions.push(sql`(${changedAt}, ${userPlaylists.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select(playlistColumns)
    .from(userPlaylists)
    .where(and(...conditions))
    .orderBy(desc(changedAt), desc(userPlaylists.id))
    .limit(opts.limit + 1);
}

/** A playlist by id, whoever owns it: the routes authorize the viewer (src/policies/playlist-policy.ts). */
export async function findPlaylist(db: DbOrTx, id: string, lock = false) {
  const query = db.select(playlistColumns).from(userPlaylists).where(eq(userPlaylists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Inserts the playlist unless the user already has `max` of them (then null). The user's row is locked
 * for the count and the insert, so concurrent creations cannot pass the cap together.
 */
export async function insertPlaylistWithin(db: Db, userId: string, name: string, max: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(userPlaylists).where(eq(userPlaylists.userId, userId));
    if (count >= max) return null;
    const [row] = await tx.insert(userPlaylists).values({ userId, name }).returning({ id: userPlaylists.id });
    return row!.id;
  });
}

export async function renamePlaylist(db: DbOrTx, id: string, name: string) {
  await db.update(userPlaylists).set({ name, updatedAt: new Date() }).where(eq(userPlaylists.id, id));
}

export async function deletePlaylist(db: DbOrTx, id: string) {
  await db.delete(userPlaylists).where(eq(userPlaylists.id, id));
}

/** Appends the item unless the playlist holds it already; true when it was added. */
export async function appendPlaylistItem(db: DbOrTx, playlistId: string, itemId: string): Promise<boolean> {
  const added = await db
    .insert(userPlaylistItems)
    .values({
      playlistId,
      itemId,
      position: sql`(select coalesce(max(position), -1) + 1 from user_playlist_items where playlist_id = ${playlistId})`,
    })
    .onConflictDoNothing()
    .returning({ itemId: userPlaylistItems.itemId });
  await touch(db, playlistId);
  return added.length > 0;
}

export async function removePlaylistItem(db: DbOrTx, playlistId: string, itemId: string) {
  await db.delete(userPlaylistItems).where(and(eq(userPlaylistItems.playlistId, playlistId), eq(userPlaylistItems.itemId, itemId)));
  await touch(db, playlistId);
}

/** Rewrites every position from the given order, in one statement. */
export async function reorderPlaylist(db: DbOrTx, playlistId: string, itemIds: string[]) {
  if (itemIds.length > 0) {
    await db.execute(sql`
      update user_playlist_items upi set position = o.ord - 1
      from unnest(array[${sql.join(itemIds.map((id) => sql`${id}::uuid`), sql`, `)}]) with ordinality as o(item_id, ord)
      where upi.playlist_id = ${playlistId} and upi.item_id = o.item_id`);
  }
  await touch(db, playlistId);
}

async function touch(db: DbOrTx, playlistId: string) {
  await db.update(userPlaylists).set({ updatedAt: new Date() }).where(eq(userPlaylists.id, playlistId));
}

/** The playlist's items that are still listed, in playlist order; `favorited` for `userId`. */
export async function listPlaylistItemRows(db: DbOrTx, userId: string, playlistId: string) {
  return db
    .select(itemRowColumns(userId))
    .from(userPlaylistItems)
    .innerJoin(items, eq(items.id, userPlaylistItems.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(and(eq(userPlaylistItems.playlistId, playlistId), itemListedSql))
    .orderBy(asc(userPlaylistItems.position), asc(userPlaylistItems.itemId));
}
