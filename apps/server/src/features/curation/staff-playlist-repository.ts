import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, items, packs, staffPlaylistItems, staffPlaylists } from '../../db/schema/index.ts';
import { itemListedSql } from '../../policies/item-policy.ts';
import { itemRowColumns } from '../../read-models/catalogue-rows.ts';

/** Staff playlists as admins edit them: every playlist, published or not, and every sound in one, listed or not. */

const summaryColumns = {
  id: staffPlaylists.id,
  slug: staffPlaylists.slug,
  title: staffPlaylists.title,
  description: staffPlaylists.description,
  coverFileId: staffPlaylists.coverFileId,
  published: staffPlaylists.published,
  updatedAt: staffPlaylists.updatedAt,
  itemCount: sql<number>`(select count(*)::int from staff_playlist_items spi where spi.playlist_id = staff_playlists.id)`,
};
export type StaffPlaylistSummaryRow = NonNullable<Awaited<ReturnType<typeof findPlaylist>>>;
export type CuratedItemRow = Awaited<ReturnType<typeof listPlaylistItems>>[number];

export async function listPlaylists(db: DbOrTx, opts: { limit: number; after: { value: string; id: string } | null }) {
  const conditions: SQL[] = [];
  if (opts.after) conditions.push(sql`(${staffPlaylists.updatedAt}, ${staffPlaylists.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select(summaryColumns)
    .from(staffPlaylists)
    .where(and(...conditions))
    .orderBy(desc(staffPlaylists.updatedAt), desc(staffPlaylists.id))
    .limit(opts.limit + 1);
}

export async function findPlaylist(db: DbOrTx, id: string) {
  const [row] = await db.select(summaryColumns).from(staffPlaylists).where(eq(staffPlaylists.id, id));
  return row ?? null;
}

/** The playlist row, locked until the transaction ends: every change to one playlist's sounds goes one at a time. */
export async function lockPlaylist(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: staffPlaylists.id, published: staffPlaylists.published, coverFileId: staffPlaylists.coverFileId }).from(staffPlaylists).where(eq(staffPlaylists.id, id)).for('update');
  return row ?? null;
}

/** Every sound of the playlist in order, with whether visitors see it. */
export async function listPlaylistItems(db: DbOrTx, playlistId: string) {
  return db
    .select({ ...itemRowColumns(null), listed: itemListedSql })
    .from(staffPlaylistItems)
    .innerJoin(items, eq(items.id, staffPlaylistItems.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(creators, eq(creators.id, items.creatorId))
    .where(eq(staffPlaylistItems.playlistId, playlistId))
    .orderBy(asc(staffPlaylistItems.position), asc(staffPlaylistItems.itemId));
}

/** The playlist's item ids in order (what its version is made of). */
export async function listPlaylistItemIds(db: DbOrTx, playlistId: string): Promise<string[]> {
  const rows = await db
    .select({ itemId: staffPlaylistItems.itemId })
    .from(staffPlaylistItems)
    .where(eq(staffPlaylistItems.playlistId, playlistId))
    .orderBy(asc(staffPlaylistItems.position), asc(staffPlaylistItems.itemId));
  return rows.map((r) => r.itemId);
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: staffPlaylists.id })
    .from(staffPlaylists)
    .where(and(eq(staffPlaylists.slug, slug), exceptId ? ne(staffPlaylists.id, exceptId) : undefined));
  return row !== undefined;
}

type PlaylistValues = { slug: string; title: string; description: string; coverFileId: string | null; published: boolean };

export async function insertPlaylist(tx: DbOrTx, values: PlaylistValues & { createdBy: string }): Promise<string> {
  const [row] = await tx.insert(staffPlaylists).values(values).returning({ id: staffPlaylists.id });
  return row!.id;
}

/** Changes the playlist's fields (none: only its updated_at, after a change to its sounds). */
export async function updatePlaylist(tx: DbOrTx, id: string, values: Partial<PlaylistValues>) {
  await tx
    .update(staffPlaylists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staffPlaylists.id, id));
}

export async function deletePlaylist(tx: DbOrTx, id: string) {
  await tx.delete(staffPlaylists).where(eq(staffPlaylists.id, id));
}

/** Adds the sound after the last one; false when it is already there. */
export async function appendItem(tx: DbOrTx, playlistId: string, itemId: string): Promise<boolean> {
  const rows = await tx
    .insert(staffPlaylistItems)
    .values({ playlistId, itemId, position: sql`(select coalesce(max(position), -1) + 1 from staff_playlist_items where playlist_id = ${playlistId})` })
    .onConflictDoNothing()
    .returning({ itemId: staffPlaylistItems.itemId });
  return rows.length > 0;
}

export async function removeItem(tx: DbOrTx, playlistId: string, itemId: string): Promise<boolean> {
  const rows = await tx
    .delete(staffPlaylistItems)
    .where(and(eq(staffPlaylistItems.playlistId, playlistId), eq(staffPlaylistItems.itemId, itemId)))
    .returning({ itemId: staffPlaylistItems.itemId });
  return rows.length > 0;
}

/** Positions 0, 1, 2… in the order of `itemIds`, in one statement. */
export async function setItemPositions(tx: DbOrTx, playlistId: string, itemIds: readonly string[]) {
  await tx.execute(sql`
    update staff_playlist_items spi set position = o.ord - 1
    from unnest(${sql.param(itemIds)}::uuid[]) with ordinality as o(item_id, ord)
    where spi.playlist_id = ${playlistId} and spi.item_id = o.item_id`);
}
