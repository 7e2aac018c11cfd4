import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { GenreCount } from '@crate/contract/catalogue';
import classes from './genre-chips.module.css';

/**
 * Genres as links with their pack counts ("Trap 12"), to each genre's packs. A link is named "Trap, 12 packs", which
 * holds what is seen, in order (a space between label and count in the text: WCAG 2.5.3).
 */
export function GenreChips({ genres, label }: { genres: GenreCount[]; label?: string }) {
  return (
    <Group gap="xs" component="ul" aria-label={label} className={classes.list}>
      {genres.map((genre) => (
        <li key={genre.slug}>
          <Link to={`/genres/${genre.slug}`} className={classes.chip} aria-label={`${genre.label}, ${genre.pack_count} ${genre.pack_count === 1 ? 'pack' : 'packs'}`}>
            <span>{genre.label}</span>{' '}
            <Badge size="sm" variant="default" radius="xl" className={classes.count}>
              {genre.pack_count}
            </Badge>
          </Link>
        </li>
      ))}
    </Group>
  );
}
