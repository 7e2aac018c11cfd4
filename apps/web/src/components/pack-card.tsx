import { Anchor, Badge, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PackCard as PackCardData } from '@crate/contract/catalogue';
import { genreLabel } from '@crate/contract/taxonomy';
import { useMemo } from 'react';
import { PlayButton } from '../player/components/play-button.tsx';
import { packPreviewItem } from '../player/pack-preview-item.ts';
import { CARD_COVER_SIZES, CoverImage } from './cover-image.tsx';
import classes from './pack-card.module.css';
import { PackStatusBadge } from './pack-status-badge.tsx';

/**
 * A pack in a grid: cover, title, creator, what is in it and under which licence; unpublished ones
 * marked. A pack with a preview plays it from the card, through the one player.
 */
export function PackCard({ pack, eager = false }: { pack: PackCardData; eager?: boolean }) {
  const genre = pack.genres[0];
  const preview = useMemo(() => packPreviewItem(pack), [pack]);
  return (
    <article className={classes.card} data-pack-id={pack.id} aria-label={pack.title}>
      <div className={classes.coverBox}>
        <Link to={`/pack/${pack.id}`} className={classes.coverLink} tabIndex={-1} aria-hidden>
          <CoverImage cover={pack.cover} alt="" size="100%" sizes={CARD_COVER_SIZES} eager={eager} radius="lg" className={classes.cover} />
        </Link>
        {preview ? <PlayButton item={preview} size="xl" className={classes.play} /> : null}
      </div>
      <div className={classes.badges}>
        <PackStatusBadge status={pack.status} published={pack.published} size="xs" compact />
        {pack.is_free ? (
          <Badge size="xs" color="teal" variant="filled">
            Free
          </Badge>
        ) : null}
      </div>
      <Anchor component={Link} to={`/pack/${pack.id}`} className={classes.title} fw={700} c="dark.0" underline="never">
        {pack.title}
      </Anchor>
      <Anchor component={Link} to={`/creator/${pack.creator.id}`} size="sm" c="dimmed" className={classes.creator}>
        {pack.creator.name}
      </Anchor>
      <Text size="xs" c="dimmed" className={classes.meta}>
        {pack.item_count} {pack.item_count === 1 ? 'sound' : 'sounds'}
        {genre ? ` · ${genreLabel(genre)}` : ''}
      </Text>
    </article>
  );
}

export function PackCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <Skeleton className={classes.cover} radius="lg" style={{ aspectRatio: '1 / 1', height: 'auto' }} />
      <Skeleton height={14} width="80%" mt={10} />
      <Skeleton height={10} width="50%" mt={8} />
    </div>
  );
}
