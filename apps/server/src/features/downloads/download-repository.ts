import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { downloads, files, items, licences, ownedItems, packs } from '../../db/schema/index.ts';

/** The kinds of file a sound's owner receives (its own audio or preset, stems, MIDI); never art or previews of a pack. */
const DOWNLOADABLE_KINDS = ['Sample audio', 'Stem audio', 'Midi', 'Preset', 'Preset preview audio'] as const;

/** A sound's own file: a preset's preset file, a sample's audio. */
const originalFileId = sql`coalesce(${items.presetFileId}, ${items.audioFileId})`;

/** An item with what its policy looks at for this user, and its original file (null when it has none). */
export async function findItemDownload(db: DbOrTx, userId: string, itemId: string) {
  const [row] = await db
    .select({
      itemId: items.id,
      name: items.name,
      packCreatorId: packs.creatorId,
      packStatus: packs.status,
      takenDownAt: items.takenDownAt,
      isFree: items.isFree,
      ownedItemId: ownedItems.id,
      fileId: files.id,
      storageKey: files.storageKey,
      originalName: files.originalName,
      contentType: files.contentType,
    })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .leftJoin(ownedItems, and(eq(ownedItems.itemId, items.id), eq(ownedItems.userId, userId)))
    .leftJoin(files, sql`${files.id} = ${originalFileId}`)
    .where(eq(items.id, itemId));
  return row ? { ...row, owned: row.ownedItemId !== null } : null;
}

/**
 * The files of the sounds a user owns in a pack, in the pack's order: each sound's original and its other
 * files (stems, MIDI, presets), with the licence it was got under. Whatever became of the pack or the sounds
 * since, their owners keep them.
 */
export async function listOwnedPackFiles(db: DbOrTx, userId: string, packId: string) {
  return db
    .select({
      itemId: items.id,
      itemName: items.name,
      position: items.position,
      ownedItemId: ownedItems.id,
      fileId: files.id,
      storageKey: files.storageKey,
      originalName: files.originalName,
      kind: files.kind,
      isOriginal: sql<boolean>`${files.id} = ${originalFileId}`,
      certificateNumber: licences.certificateNumber,
      licenceType: licences.licenceType,
      termsVersion: licences.termsVersion,
      licensorName: licences.licensorName,
      holderName: licences.holderName,
      issuedAt: licences.issuedAt,
      itemSlug: items.slug,
      packTitle: packs.title,
    })
    .from(ownedItems)
    .innerJoin(items, eq(items.id, ownedItems.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .innerJoin(licences, eq(licences.ownedItemId, ownedItems.id))
    .innerJoin(
      files,
      or(
        sql`${files.id} = ${originalFileId}`,
        and(eq(files.itemId, items.id), isNull(files.derivedFromFileId), sql`${files.kind} in (${sql.join(DOWNLOADABLE_KINDS.map((k) => sql`${k}`), sql`, `)})`),
      ),
    )
    .where(and(eq(ownedItems.userId, userId), eq(items.packId, packId)))
    .orderBy(asc(items.position), asc(items.id), desc(sql`${files.id} = ${originalFileId}`), asc(files.id));
}

export async function recordDownloads(db: DbOrTx, rows: { userId: string; itemId: string; ownedItemId: string | null; fileId: string | null; ipAddress: string }[]): Promise<void> {
  if (rows.length > 0) await db.insert(downloads).values(rows);
}

/** A page of a user's downloads, newest first (`limit + 1` rows: the extra one says there is more). */
export async function listDownloads(db: DbOrTx, userId: string, opts: { limit: number; after: { value: string; id: string } | null }) {
  const conditions: SQL[] = [eq(downloads.userId, userId)];
  if (opts.after) conditions.push(sql`(date_trunc('milliseconds', ${downloads.createdAt}), ${downloads.id}) < (${opts.after.value}::timestamptz, ${opts.after.id}::uuid)`);
  return db
    .select({ id: downloads.id, itemId: items.id, itemSlug: items.slug, itemName: items.name, packTitle: packs.title, downloadedAt: downloads.createdAt })
    .from(downloads)
    .innerJoin(items, eq(items.id, downloads.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(and(...conditions))
    .orderBy(desc(sql`date_trunc('milliseconds', ${downloads.createdAt})`), desc(downloads.id))
    .limit(opts.limit + 1);
}
