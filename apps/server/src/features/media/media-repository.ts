import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files, items, packs } from '../../db/schema/index.ts';
import type { MediaFacts } from '../../policies/media-policy.ts';

/** The stored derivative of a source file, or null. Only rows derived from a source exist here: never an original. */
export async function findDerivative(db: DbOrTx, sourceFileId: string, variant: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.derivedFromFileId, sourceFileId), eq(files.variant, variant)));
  return row ?? null;
}

/** At most this many items or packs are read to decide; a file serves a handful at most. */
const OWNERS_READ = 20;

/**
 * What a source file belongs to, for the media policy: the item (else the pack) it was uploaded for, every
 * item and pack that uses it (audio, preview, cover), and whether a page everybody sees shows it. Null when
 * the source file does not exist.
 */
export async function findMediaFacts(db: DbOrTx, sourceFileId: string): Promise<MediaFacts | null> {
  const [source] = await db
    .select({
      uploaderUserId: files.ownerUserId,
      itemId: files.itemId,
      packId: files.packId,
      onPublicPage: sql<boolean>`(
        exists (select 1 from creators c where c.avatar_file_id = ${sourceFileId} or c.banner_file_id = ${sourceFileId})
        or exists (select 1 from bundles b where b.cover_file_id = ${sourceFileId})
        or exists (select 1 from staff_playlists s where s.cover_file_id = ${sourceFileId} and s.published)
        or exists (select 1 from banners bn where bn.image_file_id = ${sourceFileId}))`,
    })
    .from(files)
    .where(eq(files.id, sourceFileId));
  if (!source) return null;

  const itemRows = await db
    .select({ takenDownAt: items.takenDownAt, isFree: items.isFree, packCreatorId: packs.creatorId, packStatus: packs.status })
    .from(items)
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(or(source.itemId ? eq(items.id, source.itemId) : undefined, eq(items.audioFileId, sourceFileId), eq(items.previewFileId, sourceFileId)))
    .limit(OWNERS_READ);
  const packRows = await db
    .select({ creatorId: packs.creatorId, status: packs.status })
    .from(packs)
        // A file uploaded for an item follows the item (its takedown), not just the item's pack.
    .where(or(source.packId && !source.itemId ? eq(packs.id, source.packId) : undefined, eq(packs.coverFileId, sourceFileId), eq(packs.previewFileId, sourceFileId)))
    .limit(OWNERS_READ);

  return {
    items: itemRows.map((r) => ({ pack: { creatorId: r.packCreatorId, status: r.packStatus }, takenDown: r.takenDownAt !== null, isFree: r.isFree, owned: false })),
    packs: packRows,
    onPublicPage: source.onPublicPage,
    uploaderUserId: source.uploaderUserId,
  };
}
