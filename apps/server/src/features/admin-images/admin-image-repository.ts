import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

/** A file as a banner or a cover may use it: whether it is an original (not a derivative, not a pack's file), who uploaded it and what for. */
export async function findImageFile(db: DbOrTx, fileId: string) {
  const [row] = await db
    .select({ id: files.id, derivedFromFileId: files.derivedFromFileId, packId: files.packId, ownerUserId: files.ownerUserId, customMetadata: files.customMetadata })
    .from(files)
    .where(eq(files.id, fileId));
  return row ?? null;
}

/** Whether a banner, a staff playlist, a bundle, a creator's profile or a pack's cover still shows this image. */
export async function isImageInUse(db: DbOrTx, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`(
        exists (select 1 from banners b where b.image_file_id = ${fileId})
        or exists (select 1 from staff_playlists s where s.cover_file_id = ${fileId})
        or exists (select 1 from bundles bu where bu.cover_file_id = ${fileId})
        or exists (select 1 from creators c where c.avatar_file_id = ${fileId} or c.banner_file_id = ${fileId})
        or exists (select 1 from packs p where p.cover_file_id = ${fileId}))`,
    })
    .from(files)
    .where(eq(files.id, fileId));
  return Boolean(row?.used);
}
