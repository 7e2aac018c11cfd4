/**
 * Cover art and banner derivatives (sharp).
 *
 * Any image sharp reads (JPEG, PNG, WebP, GIF, TIFF, HEIF, SVG) becomes the docs/product-overview.md §3 sizes:
 * covers at 75x75, 250x250 and 500x500, banners at 1632x600 and 1088x400. Images are turned
 * upright from their EXIF orientation, cropped to fill (keeping the most interesting region),
 * flattened onto the dark theme's background, stripped of metadata and encoded as progressive
 * JPEG: every browser, e-mail client and OpenGraph consumer shows it (WebP is available too).
 *
 * Pixels are limited before decoding (docs/decisions/0031): the header is read first and an image over
 * IMAGE_MAX_PIXELS refused, sharp is told the same limit, and the image is decoded once at the smallest size
 * the largest derivative needs (JPEG and WebP shrink while they decode), not at its own size.
 */
import type { MediaVariant } from '@crate/contract/file-endpoints';
import type { BannerSize, ImageSize } from '@crate/contract/catalogue-enums';
import { BANNER_SIZES, IMAGE_SIZES } from '@crate/contract/catalogue-enums';
import { IMAGE_MAX_PIXELS } from '@crate/contract/studio-limits';
import sharp from 'sharp';
import type { DerivedFile } from './audio-derivatives.ts';
import { MediaError } from './media-error.ts';
import { overPixelLimit, readImageMetadata, sharpFrom } from './media-limits.ts';

type ImageFormat = 'jpeg' | 'webp';

interface DerivedImage extends DerivedFile {
  size: ImageSize | BannerSize;
  width: number;
  height: number;
}

export interface ImageDerivatives {
  /** The source as seen upright (EXIF orientation applied). */
  source: { width: number; height: number; format: string };
  images: DerivedImage[];
}

/** Variant names recorded in files.variant. */
export const COVER_VARIANTS: Record<ImageSize, MediaVariant> = {
  '75x75': 'cover-75x75',
  '250x250': 'cover-250x250',
  '500x500': 'cover-500x500',
};
export const BANNER_VARIANTS: Record<BannerSize, MediaVariant> = {
  '1632x600': 'banner-1632x600',
  '1088x400': 'banner-1088x400',
};

/** The app is always dark: transparent art sits on this. */
const BACKGROUND = '#0f1115';

export type ImageInput = { path: string } | { buffer: Buffer };

/** A region of the upright image (EXIF orientation applied), in its pixels: what the derivatives show. */
export interface ImageCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DeriveImageOptions {
  format?: ImageFormat;
  /** Chosen by a person (an admin's crop); without it each size is cut to fill, keeping the most interesting region. */
  crop?: ImageCrop | null;
}

export function deriveCoverArt(input: ImageInput, options: DeriveImageOptions = {}): Promise<ImageDerivatives> {
  return deriveSizes(input, IMAGE_SIZES, (size) => COVER_VARIANTS[size], options);
}

export function deriveBanner(input: ImageInput, options: DeriveImageOptions = {}): Promise<ImageDerivatives> {
  return deriveSizes(input, BANNER_SIZES, (size) => BANNER_VARIANTS[size], options);
}

async function deriveSizes<S extends ImageSize | BannerSize>(
  input: ImageInput,
  sizes: readonly S[],
  variantOf: (size: S) => string,
  { format = 'jpeg', crop = null }: DeriveImageOptions,
): Promise<ImageDerivatives> {
  const source = 'path' in input ? input.path : input.buffer;
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await readImageMetadata(source);
  } catch (error) {
    throw new MediaError('unsupported-image', `not an image sharp can read: ${(error as Error).message}`);
  }
  if (!metadata.width || !metadata.height) throw new MediaError('unsupported-image', 'the image has no dimensions');
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw new MediaError('too-many-pixels', `the image ${overPixelLimit(metadata.width, metadata.height)}`);
  // Upright dimensions: what a person sees once the EXIF orientation is applied.
  const turned = (metadata.orientation ?? 1) >= 5;
  const uprightWidth = turned ? metadata.height : metadata.width;
  const uprightHeight = turned ? metadata.width : metadata.height;
  if (crop && (crop.x < 0 || crop.y < 0 || crop.width < 1 || crop.height < 1 || crop.x + crop.width > uprightWidth || crop.y + crop.height > uprightHeight)) {
    throw new MediaError('bad-crop', `the crop ${crop.width} × ${crop.height} at (${crop.x}, ${crop.y}) is not inside the ${uprightWidth} × ${uprightHeight} image`);
  }
  const region = crop ?? { x: 0, y: 0, width: uprightWidth, height: uprightHeight };
  // Decode once (upright, flattened) at the size the largest derivative needs when its region is cropped to fill, then resize that for every size.
  const needed = sizes.map((size) => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    return Math.max(width / region.width, height / region.height);
  });
  const scale = Math.min(1, Math.max(...needed));
  const scaledWidth = Math.max(1, Math.round(uprightWidth * scale));
  const scaledHeight = Math.max(1, Math.round(uprightHeight * scale));
  let upright;
  try {
    let pipeline = sharpFrom(source).rotate().resize(scaledWidth, scaledHeight, { fit: 'fill' });
    if (crop) {
      // After the resize, so the region is cut from the upright, scaled image (sharp's post-resize extract).
      const left = Math.min(scaledWidth - 1, Math.round(region.x * scale));
      const top = Math.min(scaledHeight - 1, Math.round(region.y * scale));
      pipeline = pipeline.extract({ left, top, width: Math.max(1, Math.min(scaledWidth - left, Math.round(region.width * scale))), height: Math.max(1, Math.min(scaledHeight - top, Math.round(region.height * scale))) });
    }
    upright = await pipeline
      .flatten({ background: BACKGROUND })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new MediaError('too-many-pixels', `the image has more pixels than the limit: ${message}`);
    throw new MediaError('unsupported-image', `the image cannot be decoded: ${message}`);
  }
  const images = await Promise.all(
    sizes.map(async (size) => {
      const [width, height] = size.split('x').map(Number) as [number, number];
      let pipeline = sharp(upright.data, {
        raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels },
      }).resize(width, height, { fit: 'cover', position: sharp.strategy.attention });
      pipeline =
        format === 'jpeg'
          ? pipeline.jpeg({ quality: 82, progressive: true, mozjpeg: true, chromaSubsampling: '4:2:0' })
          : pipeline.webp({ quality: 80 });
      const body = await pipeline.toBuffer();
      return {
        variant: variantOf(size),
        size,
        width,
        height,
        body,
        contentType: format === 'jpeg' ? 'image/jpeg' : 'image/webp',
        extension: format === 'jpeg' ? 'jpg' : 'webp',
      };
    }),
  );
  return { source: { width: uprightWidth, height: uprightHeight, format: metadata.format ?? 'unknown' }, images };
}
