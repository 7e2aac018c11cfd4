import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { ADMIN_IMAGE_LIMITS, CROP_ASPECT_TOLERANCE, IMAGE_PURPOSE_MIN, type AdminImage, type Crop, type ImagePurpose, type uploadAdminImageQuerySchema } from '@crate/contract/admin-images';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createFileFromUpload, deleteFileAndDerivatives } from '../../files/file-repository.ts';
import { AppError } from '../../http/app-error.ts';
import { readBodyUpTo } from '../../http/read-body.ts';
import type { Viewer } from '../../http/viewer.ts';
import { checkImageFor, type CheckedImage } from '../../media/image-check.ts';
import { MediaError } from '../../media/media-error.ts';
import { cropMetadata, deriveMediaForFile, DeriveMediaError, IMAGE_METADATA } from '../../processing/derive-media.ts';
import { presentAdminImage } from './admin-image-presenter.ts';
import { findImageFile, isImageInUse } from './admin-image-repository.ts';

type UploadQuery = z.output<typeof uploadAdminImageQuerySchema>;

const WHAT: Record<ImagePurpose, string> = { banner: 'A banner', cover: 'A cover' };

/** The crop asked for, checked against the image as seen upright: inside it, of the purpose's shape, at least its size. */
function checkedCrop(query: UploadQuery, image: CheckedImage): Crop | null {
  if (query.crop_x === undefined || query.crop_y === undefined || query.crop_width === undefined || query.crop_height === undefined) return null;
  const crop = { x: query.crop_x, y: query.crop_y, width: query.crop_width, height: query.crop_height };
  if (crop.x + crop.width > image.width || crop.y + crop.height > image.height) {
    throw new AppError('VALIDATION_FAILED', `The crop (${crop.width} × ${crop.height} at ${crop.x}, ${crop.y}) reaches past the ${image.width} × ${image.height} image.`, 'crop_x');
  }
  const min = IMAGE_PURPOSE_MIN[query.purpose];
  if (Math.abs(crop.width / crop.height / (min.width / min.height) - 1) > CROP_ASPECT_TOLERANCE) {
    throw new AppError('VALIDATION_FAILED', `${WHAT[query.purpose]} is cropped to ${min.width} : ${min.height}; this crop is ${crop.width} × ${crop.height}.`, 'crop_width');
  }
  if (crop.width < min.width || crop.height < min.height) {
    throw new AppError('VALIDATION_FAILED', `The crop is ${crop.width} × ${crop.height}: ${WHAT[query.purpose].toLowerCase()} needs at least ${min.width} × ${min.height} pixels of the image.`, 'crop_width');
  }
  return crop;
}

/** Where an upload's original is stored: an admin's (banners, staff covers) or a creator's (their avatar and banner, a published pack's new cover). */
export type ImageUploader = 'admin-images' | 'studio-images';

/**
 * An image for a banner or a cover (docs/decisions/0044; creators' profile images and published packs' covers,
 * decision 0072): read (at most ADMIN_IMAGE_LIMITS.maxBytes), checked from its header like pack cover art (an
 * image, not a bomb, large enough for the purpose), stored with its purpose and crop, and its sizes derived at
 * once by the media pipeline (decoded in its workers, with the pixel limit), so the editor previews the real
 * result. A refused image leaves nothing stored; the upload is audited.
 */
export async function uploadImage(
  ctx: AppContext,
  viewer: Viewer,
  upload: { query: UploadQuery; contentType: string | undefined; body: Readable | null; keyPrefix: ImageUploader },
  ipAddress: string | null,
): Promise<AdminImage> {
  const { query, contentType, body } = upload;
  const bytes = await readBodyUpTo(body, ADMIN_IMAGE_LIMITS.maxBytes, `An image is at most ${ADMIN_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`, 'file');
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', `"${query.name}" is empty (0 bytes).`, 'file');
  const image = await checkImageFor(bytes, query.name, query.purpose);
  const crop = checkedCrop(query, image);
  const file = await createFileFromUpload(ctx, {
    body: bytes,
    originalName: query.name,
    contentType: contentType ?? null,
    ownerUserId: viewer.userId,
    customMetadata: { [IMAGE_METADATA.purpose]: query.purpose, ...(crop ? { [IMAGE_METADATA.crop]: cropMetadata(crop) } : {}) },
    maxBytes: ADMIN_IMAGE_LIMITS.maxBytes,
    keyPrefix: upload.keyPrefix,
  });
  try {
    const derived = await deriveMediaForFile(ctx, file.id, { as: query.purpose });
    await recordAudit(ctx.db, {
      actorUserId: viewer.userId,
      action: 'image.uploaded',
      targetType: 'file',
      targetId: file.id,
      details: { purpose: query.purpose, name: file.originalName, size: file.size, width: image.width, height: image.height, crop, variants: derived.created },
      ipAddress,
    });
  } catch (error) {
    await deleteFileAndDerivatives(ctx, file.id);
    if (error instanceof DeriveMediaError && error.code === 'broken-media') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `"${file.originalName}" is not an image we can read: upload a JPEG, PNG or WebP.`, 'file');
    }
    if (error instanceof DeriveMediaError && (error.code === 'over-limit' || error.code === 'too-costly')) throw new AppError('PAYLOAD_TOO_LARGE', error.message, 'file');
    if (error instanceof MediaError) throw new AppError('UNAVAILABLE', `"${file.originalName}" could not be resized just now: try again in a few minutes.`, 'file');
    throw error;
  }
  return presentAdminImage(file.id, query.purpose, image, crop);
}

/** An original uploaded here (not a derivative, not a pack's own file) for this purpose. */
const isUploadedImage = (file: Awaited<ReturnType<typeof findImageFile>>, purpose?: ImagePurpose) =>
  file !== null && file.derivedFromFileId === null && file.packId === null && (purpose ? file.customMetadata[IMAGE_METADATA.purpose] === purpose : IMAGE_METADATA.purpose in file.customMetadata);

/**
 * The image a banner or a cover is saved with must be one uploaded here for that purpose (its sizes are derived
 * from its crop): not a derivative, a pack's file or an image uploaded for the other purpose; with `uploadedBy`
 * (a creator's own images), nobody else's upload either.
 */
export async function checkUploadedImage(db: DbOrTx, fileId: string, purpose: ImagePurpose, field: string, uploadedBy?: string): Promise<void> {
  const file = await findImageFile(db, fileId);
  if (!isUploadedImage(file, purpose) || (uploadedBy !== undefined && file?.ownerUserId !== uploadedBy)) {
    throw new AppError('VALIDATION_FAILED', `That image was not uploaded as a ${purpose}: upload the ${purpose} image again.`, field);
  }
}

/**
 * An uploaded image nothing shows any more (no banner, staff playlist, bundle, creator profile or pack cover) is
 * removed with its sizes (called after the change committed). A pack's own files are never removed here.
 */
export async function releaseUploadedImage(ctx: AppContext, fileId: string | null): Promise<void> {
  if (!fileId || !isUploadedImage(await findImageFile(ctx.db, fileId))) return;
  if (!(await isImageInUse(ctx.db, fileId))) await deleteFileAndDerivatives(ctx, fileId);
}
