import { Skeleton, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Banner } from '@crate/contract/catalogue';
import classes from './discover-banners.module.css';

const CORNER_CLASS: Record<Banner['position'], string> = {
  'Top-Left': classes.topLeft!,
  'Top-Right': classes.topRight!,
  'Bottom-Left': classes.bottomLeft!,
  'Bottom-Right': classes.bottomRight!,
};

/**
 * Same-origin paths route in the app; anything else is a plain link (banners are edited by admins). A link is
 * named by its text, title and subtitle both.
 */
function BannerLink({ to, className, children }: { to: string | null; className: string; children: React.ReactNode }) {
  if (!to) return <div className={className}>{children}</div>;
  if (to.startsWith('/') && !to.startsWith('//')) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} rel="noopener">
      {children}
    </a>
  );
}

/**
 * Discover's banners: the first one wide, the rest beside it. Each banner's text sits in the corner
 * its admin chose (docs/product-overview.md §3: Top-Right, Top-Left, Bottom-Right, Bottom-Left).
 */
export function DiscoverBanners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  const [lead, ...rest] = banners;
  return (
    <div className={classes.banners} data-count={Math.min(banners.length, 3)}>
      <BannerTile banner={lead!} lead />
      {rest.length > 0 ? (
        <div className={classes.side}>
          {rest.slice(0, 2).map((banner) => (
            <BannerTile key={banner.id} banner={banner} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function BannerTile({ banner, lead = false }: { banner: Banner; lead?: boolean }) {
  const [width, height] = banner.size.split('x').map(Number) as [number, number];
  // Art still being made (a first start's demo catalogue) or gone: the tile's own gradient, never a broken-image icon.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <BannerLink to={banner.link_url} className={`${classes.banner} ${lead ? classes.lead : ''}`}>
      {banner.image_url && failed !== banner.image_url ? (
        <img
          className={classes.image}
          src={banner.image_url}
          alt=""
          width={width}
          height={height}
          decoding="async"
          loading={lead ? 'eager' : 'lazy'}
          onError={() => setFailed(banner.image_url)}
          {...(lead ? { fetchPriority: 'high' as const } : {})}
        />
      ) : null}
      <div className={`${classes.text} ${CORNER_CLASS[banner.position]}`} data-position={banner.position}>
        <Title order={lead ? 2 : 3} className={classes.title}>
          {banner.title}
        </Title>
        {banner.subtitle ? (
          <Text size={lead ? 'md' : 'sm'} className={classes.subtitle} title={banner.subtitle}>
            {banner.subtitle}
          </Text>
        ) : null}
      </div>
    </BannerLink>
  );
}

export function DiscoverBannersSkeleton() {
  return (
    <div className={classes.banners} data-count={3} aria-hidden>
      <Skeleton className={`${classes.banner} ${classes.lead}`} />
      <div className={classes.side}>
        <Skeleton className={classes.banner} />
        <Skeleton className={classes.banner} />
      </div>
    </div>
  );
}
