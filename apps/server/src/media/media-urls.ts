import type { AudioPreview, BannerSet, ImageSet } from '@crate/contract/catalogue';
import { AUDIO_VARIANTS } from './audio-derivatives.ts';
import { COVER_VARIANTS } from './cover-art.ts';

/**
 * Derivative URLs are built from the source file id and the variant name alone, so list queries need
 * no extra lookups; the media route resolves (source, variant) to the stored derivative. A source file
 * never changes, so these URLs are cached as immutable. The names are the media module's own (what it
 * writes to files.variant), so there is one name per variant.
 */
export const IMAGE_VARIANTS = COVER_VARIANTS;
export const PREVIEW_VARIANT = AUDIO_VARIANTS.preview;
export const PEAKS_VARIANT = AUDIO_VARIANTS.peaks;
/** Banners are `banner-{size}`, as BANNER_VARIANTS in media/cover-art.ts names them. */
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

/** Both banner sizes of a banner image (docs/product-overview.md §3). */
export function bannerSet(sourceFileId: string | null): BannerSet | null {
  if (!sourceFileId) return null;
  return { '1632x600': mediaUrl(sourceFileId, `${BANNER_VARIANT}-1632x600`), '1088x400': mediaUrl(sourceFileId, `${BANNER_VARIANT}-1088x400`) };
}

export function audioPreview(sourceFileId: string | null, durationMs: number | null): AudioPreview | null {
  if (!sourceFileId || durationMs === null) return null;
  return { url: mediaUrl(sourceFileId, PREVIEW_VARIANT), peaks_url: mediaUrl(sourceFileId, PEAKS_VARIANT), duration_ms: durationMs };
}
