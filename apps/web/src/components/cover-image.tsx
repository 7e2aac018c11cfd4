import { IconVinyl } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImageSet } from '@crate/contract/catalogue';
import classes from './cover-image.module.css';

export interface CoverImageProps {
  cover: ImageSet | null;
  /** Alt text; empty when the name is written next to the image (decorative). */
  alt: string;
  /** Displayed size in CSS pixels (square); the browser picks 75, 250 or 500 for the screen's density. */
  size: number | string;
  /**
   * For a fluid size ("100%"): the width it is shown at, as an <img sizes> value (a percentage is not
   * one: the browser would assume the viewport's width and fetch the 500 px file for a 180 px card).
   * The default fits the largest, a detail page's art (280 px); cards pass CARD_COVER_SIZES.
   */
  sizes?: string;
  /** The page's main picture (likely its largest paint): load now, before other images. */
  priority?: boolean;
  /** In the first screenful: load now rather than lazily, without jumping the queue. */
  eager?: boolean;
  radius?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A card's cover width in a grid or shelf (card-grid.module.css): 42vw on phones, at most ~250 px elsewhere. */
export const CARD_COVER_SIZES = '(max-width: 36em) 42vw, 250px';

/**
 * Square cover art from the immutable 75/250/500 set (docs/product-overview.md §9). A missing cover (still being
 * made, or none uploaded) shows a quiet placeholder of the same size, so nothing jumps.
 */
export function CoverImage({ cover, alt, size, sizes = '280px', priority = false, eager = false, radius = 'md', className }: CoverImageProps) {
  const dimension = typeof size === 'number' ? `${size}px` : size;
  const style = { width: dimension, height: dimension };
  const cls = [classes.cover, classes[radius], className].filter(Boolean).join(' ');
  // Art still being made (a new upload) or gone: the placeholder, never a broken-image icon.
  const [failed, setFailed] = useState<string | null>(null);
  if (!cover || failed === cover['250x250']) {
    return (
      <span className={`${cls} ${classes.placeholder}`} style={style} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <IconVinyl size="45%" stroke={1.4} />
      </span>
    );
  }
  return (
    <img
      className={cls}
      style={style}
      src={cover['250x250']}
      srcSet={`${cover['75x75']} 75w, ${cover['250x250']} 250w, ${cover['500x500']} 500w`}
      sizes={typeof size === 'number' ? dimension : sizes}
      alt={alt}
      width={typeof size === 'number' ? size : undefined}
      height={typeof size === 'number' ? size : undefined}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(cover['250x250'])}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
