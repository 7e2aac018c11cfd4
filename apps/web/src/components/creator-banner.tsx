import type { BannerSet } from '@crate/contract/catalogue';

/**
 * A creator's banner across the top of their page: the 1088 × 400 size on narrow screens, the 1632 × 600 one on wide
 * ones (both are cut from the one crop the creator chose, so they show the same picture).
 */
export function CreatorBanner({ banner, name }: { banner: BannerSet; name: string }) {
  return (
    <img
      src={banner['1088x400']}
      srcSet={`${banner['1088x400']} 1088w, ${banner['1632x600']} 1632w`}
      sizes="(min-width: 1200px) 1632px, 100vw"
      width={1632}
      height={600}
      alt={`${name}'s banner`}
      data-creator-banner
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1632 / 600', objectFit: 'cover', borderRadius: 'var(--mantine-radius-lg)', background: 'var(--mantine-color-dark-6)' }}
    />
  );
}
