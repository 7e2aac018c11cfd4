import type { AudioPreview, ImageSet } from '@crate/contract/catalogue';

/**
 * Derivative URLs are built from the source file id and the variant name alone, so list queries need
 * no extra lookups; the media route resolves (source, variant) to the stored derivative. A source file
 * never changes, so these URLs are cached as immutable.
 */
export const IMAGE_VARIANTS = { '75x75': 'image-75x75', '250x250': 'image-250x250', '500x500': 'image-500x500' } as const;
export const PREVIEW_VARIANT = 'preview-mp3';
export const PEAKS_VARIANT = 'peaks-json';
export const BANNER_VARIANT = 'banner';

export const mediaUrl = (sourceFileId: string, variant: string) => `/api/media/${sourceFileId}/${variant}`;

export function imageSet(sourceFileId: string | null): ImageSet | null {
  if (!sourceFileId) return null;
  return {
    '75x75': mediaUrl(sourceFileId, IMAGE_VARIANTS['75x75']),
    '250x250': mediaUrl(sourceFileId, IMAGE_VARIANTS['250x250']),
    '500x500': mediaUrl(sourceFileId, IMAGE_VARIANTS['500x500']),
  };
}

export function audioPreview(sourceFileId: string | null, durationMs: number | null): AudioPreview | null {
  if (!sourceFileId || durationMs === null) return null;
  return { url: mediaUrl(sourceFileId, PREVIEW_VARIANT), peaks_url: mediaUrl(sourceFileId, PEAKS_VARIANT), duration_ms: durationMs };
}
