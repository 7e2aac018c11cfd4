import type { DbOrTx } from '../../db/client.ts';
import { checkUploadedImage } from '../admin-images/admin-image-service.ts';

/**
 * Whether a write changes a staff playlist's or a bundle's cover from `current` to `next` (undefined: not sent). A new
 * cover must be an image uploaded as a cover (POST /api/admin/images?purpose=cover), refused on `cover_file_id`
 * otherwise; the one it replaces is released by the caller once the write has committed.
 */
export async function checkCoverChange(tx: DbOrTx, current: string | null, next: string | null | undefined): Promise<boolean> {
  if (next === undefined || next === current) return false;
  if (next !== null) await checkUploadedImage(tx, next, 'cover', 'cover_file_id');
  return true;
}
