import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StaffPlaylistCard as StaffPlaylistCardData } from '@crate/contract/catalogue';
import { CARD_COVER_SIZES, CoverImage } from './cover-image.tsx';
import classes from './pack-card.module.css';

/** A staff playlist: cover, title, its line of description and how many sounds. */
export function StaffPlaylistCard({ playlist }: { playlist: StaffPlaylistCardData }) {
  return (
    <article className={classes.card} data-playlist-id={playlist.id} aria-label={playlist.title}>
      <Link to={`/staffplaylist/${playlist.id}`} className={classes.coverLink} tabIndex={-1} aria-hidden>
        <CoverImage cover={playlist.cover} alt="" size="100%" sizes={CARD_COVER_SIZES} radius="lg" className={classes.cover} />
      </Link>
      <Anchor component={Link} to={`/staffplaylist/${playlist.id}`} className={classes.title} fw={700} c="dark.0" underline="never">
        {playlist.title}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={2} mt={2}>
        {playlist.item_count} {playlist.item_count === 1 ? 'sound' : 'sounds'}
        {playlist.description ? ` · ${playlist.description}` : ''}
      </Text>
    </article>
  );
}
