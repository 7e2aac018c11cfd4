import { IMAGE_SIZES, BANNER_SIZES } from '@crate/contract/catalogue-enums';
import type { AdminImage, Crop, ImagePurpose } from '@crate/contract/admin-images';
import { BANNER_VARIANT, IMAGE_VARIANTS, mediaUrl } from '../../media/media-urls.ts';

/** Each size the purpose derives → its media URL. */
export function purposeImages(fileId: string, purpose: ImagePurpose): Record<string, string> {
  if (purpose === 'banner') return Object.fromEntries(BANNER_SIZES.map((size) => [size, mediaUrl(fileId, `${BANNER_VARIANT}-${size}`)]));
  return Object.fromEntries(IMAGE_SIZES.map((size) => [size, mediaUrl(fileId, IMAGE_VARIANTS[size])]));
}

export function presentAdminImage(fileId: string, purpose: ImagePurpose, image: { width: number; height: number }, crop: Crop | null): AdminImage {
  return { id: fileId, purpose, width: image.width, height: image.height, crop, images: purposeImages(fileId, purpose) };
}
