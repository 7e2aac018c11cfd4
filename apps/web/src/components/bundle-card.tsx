import { Anchor, Badge, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BundleCard as BundleCardData } from '@crate/contract/catalogue';
import { CARD_COVER_SIZES, CoverImage } from './cover-image.tsx';
import classes from './pack-card.module.css';
import { formatMoney } from './money.ts';

/** A bundle: cover, title, how many packs, and its price in money and in credits when it has them. */
export function BundleCard({ bundle }: { bundle: BundleCardData }) {
  return (
    <article className={classes.card} data-bundle-id={bundle.id} aria-label={bundle.title}>
      <Link to={`/bundle/${bundle.id}`} className={classes.coverLink} tabIndex={-1} aria-hidden>
        <CoverImage cover={bundle.cover} alt="" size="100%" sizes={CARD_COVER_SIZES} radius="lg" className={classes.cover} />
      </Link>
      <Anchor component={Link} to={`/bundle/${bundle.id}`} className={classes.title} fw={700} c="dark.0" underline="never">
        {bundle.title}
      </Anchor>
      <Text size="xs" c="dimmed" className={classes.meta} mt={2}>
        {bundle.pack_count} {bundle.pack_count === 1 ? 'pack' : 'packs'}
      </Text>
      <Group gap={6} mt={6}>
        {bundle.price_cents !== null ? (
          <Badge variant="default" tt="none" fw={600}>
            {formatMoney(bundle.price_cents, bundle.currency)}
          </Badge>
        ) : null}
        {bundle.credit_cost !== null ? (
          <Badge variant="light" tt="none" fw={600}>
            {bundle.credit_cost} credits
          </Badge>
        ) : null}
      </Group>
    </article>
  );
}

export function BundleCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <Skeleton radius="lg" style={{ aspectRatio: '1 / 1', height: 'auto' }} />
      <Skeleton height={14} width="80%" mt={10} />
      <Skeleton height={10} width="40%" mt={8} />
    </div>
  );
}
