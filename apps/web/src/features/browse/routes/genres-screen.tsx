import { Anchor, Badge, Breadcrumbs, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { GenreCount } from '@crate/contract/catalogue';
import { findGenre, GENRE_FAMILIES, GENRES, type Genre } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useGenreCounts } from '../api/list-genres.ts';
import { useGenrePacks } from '../api/list-packs.ts';
import classes from './genres-screen.module.css';

/** /genres: every genre by family with its pack count; /genres/{slug}: that genre's packs. */
export default function GenresScreen() {
  const { slug } = useParams();
  if (slug === undefined) return <GenreDirectory />;
  const genre = findGenre(slug);
  if (!genre) return <NotFoundState screenTitle="Genres" what="genre" browse={{ to: '/genres', label: 'All genres' }} />;
  return <GenrePacks key={genre.slug} genre={genre} />;
}

function GenreDirectory() {
  const counts = useGenreCounts();
  const [filter, setFilter] = useState('');
  const countBySlug = useMemo(() => new Map((counts.data ?? []).map((g: GenreCount) => [g.slug, g.pack_count])), [counts.data]);
  const needle = filter.trim().toLowerCase();
  const visible = (genre: Genre) => !needle || genre.label.toLowerCase().includes(needle) || genre.slug.includes(needle);
  const families = GENRE_FAMILIES.map((family) => ({ ...family, genres: GENRES.filter((g) => g.family === family.slug && visible(g)) })).filter((f) => f.genres.length > 0);

  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Genres" subtitle="Every style on Crate, by family. The number is how many packs are out in it." />
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder="Find a genre: drill, amapiano, synthwave…"
        aria-label="Find a genre"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={420}
        mb="xl"
      />
      {counts.isError ? <ApiErrorAlert error={counts.error} title="Pack counts did not load" /> : null}
      {families.length === 0 ? (
        <EmptyState title={`No genre matches “${filter.trim()}”`}>Try a broader word, or browse the families below after clearing the filter.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {families.map((family) => (
            <Paper key={family.slug} withBorder p="lg" bg="dark.7" component="section" aria-labelledby={`family-${family.slug}`}>
              <Title order={2} size="h3" id={`family-${family.slug}`} mb="sm">
                {family.label}
              </Title>
              <ul className={classes.genreList}>
                {family.genres.map((genre) => {
                  const count = countBySlug.get(genre.slug) ?? 0;
                  return (
                    <li key={genre.slug}>
                      <Link to={`/genres/${genre.slug}`} className={classes.genreLink} data-empty={count === 0 || undefined}>
                        <span>{genre.label}</span>
                        {counts.isPending ? (
                          <Skeleton height={16} width={22} radius="xl" />
                        ) : (
                          <Badge size="sm" variant={count > 0 ? 'light' : 'default'} radius="xl" aria-label={`${count} ${count === 1 ? 'pack' : 'packs'}`}>
                            {count}
                          </Badge>
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

function GenrePacks({ genre }: { genre: Genre }) {
  const packs = useGenrePacks(genre.slug);
  const rows = pageRows(packs.data);
  const family = GENRE_FAMILIES.find((f) => f.slug === genre.family);
  usePageMeta({ title: genre.label, description: `${genre.label} sample packs, loops and presets on Crate.`, image: rows[0]?.cover?.['500x500'] });
  return (
    <Container size="lg" py="xl">
      <Breadcrumbs mb="sm" separator="›">
        <Anchor component={Link} to="/genres" size="sm">
          Genres
        </Anchor>
        <Text size="sm" c="dimmed">
          {family?.label}
        </Text>
      </Breadcrumbs>
      <Stack gap={4} mb="lg">
        <Title order={1}>{genre.label}</Title>
        <Text c="dimmed" size="lg">
          {genre.label} packs, newest first.
        </Text>
      </Stack>
      {packs.isError ? (
        <ApiErrorAlert error={packs.error} title="Packs did not load" />
      ) : (
        <PackGrid
          packs={rows}
          loading={packs.isPending || packs.isFetchingNextPage}
          onEndReached={packs.hasNextPage ? () => void packs.fetchNextPage() : undefined}
          label={`${genre.label} packs`}
          emptyState={
            <EmptyState title={`No ${genre.label} packs yet`}>
              Nobody has published a {genre.label} pack yet. <Anchor component={Link} to="/genres" inherit>Browse other genres</Anchor>.
            </EmptyState>
          }
        />
      )}
      <Group mt="xl">
        <Anchor component={Link} to="/genres" size="sm">
          ← All genres
        </Anchor>
      </Group>
    </Container>
  );
}
