import type { AdminImage, Crop, ImagePurpose } from '@crate/contract/admin-images';
import { bannerSet, imageSet } from '../../media/media-urls.ts';

/** Each size the purpose derives → its media URL. */
export function purposeImages(fileId: string, purpose: ImagePurpose): Record<string, string> {
  if (purpose === 'banner') return bannerSet(fileId)!;
  return imageSet(fileId)!;
}

export function presentAdminImage(fileId: string, purpose: ImagePurpose, image: { width: number; height: number }, crop: Crop | null): AdminImage {
  return { id: fileId, purpose, width: image.width, height: image.height, crop, images: purposeImages(fileId, purpose) };
}
