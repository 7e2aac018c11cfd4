import { Alert, Container, Tabs } from '@mantine/core';
import { IconHeart, IconInfoCircle, IconPackage, IconPlaylist } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useFavoriteItems, useFavoritePacks } from '../api/list-favorites.ts';
import { PlaylistManager } from '../components/playlist-manager.tsx';

const TABS = ['sounds', 'packs', 'playlists'] as const;
type Tab = (typeof TABS)[number];

/** /library: hearted sounds and packs, and your playlists. The tab and the open playlist are in the URL. */
export default function LibraryScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'sounds';
  const playlistId = params.get('playlist');

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Library" subtitle="The sounds and packs you hearted, and the playlists you made." />
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} mb="lg" maw={760}>
        Sounds you get and your downloads will be listed here once checkout opens with the commerce release. Favorites and playlists are already
        yours to keep.
      </Alert>
      <Tabs value={tab} onChange={(value) => update({ tab: value === 'sounds' ? null : value, playlist: null })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="sounds" leftSection={<IconHeart size={16} aria-hidden />}>
            Favorite sounds
          </Tabs.Tab>
          <Tabs.Tab value="packs" leftSection={<IconPackage size={16} aria-hidden />}>
            Favorite packs
          </Tabs.Tab>
          <Tabs.Tab value="playlists" leftSection={<IconPlaylist size={16} aria-hidden />}>
            Playlists
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sounds">
          <FavoriteSounds />
        </Tabs.Panel>
        <Tabs.Panel value="packs">
          <FavoritePacks />
        </Tabs.Panel>
        <Tabs.Panel value="playlists">
          <PlaylistManager selectedId={playlistId} onSelect={(id) => update({ tab: 'playlists', playlist: id })} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

function FavoriteSounds() {
  const favorites = useFavoriteItems();
  if (favorites.isError) return <ApiErrorAlert error={favorites.error} title="Your favorite sounds did not load" />;
  return (
    <ItemList
      items={pageRows(favorites.data)}
      loading={favorites.isPending || favorites.isFetchingNextPage}
      onEndReached={favorites.hasNextPage ? () => void favorites.fetchNextPage() : undefined}
      label="Favorite sounds"
      emptyState={
        <EmptyState title="No favorite sounds yet" icon={<IconHeart size={22} />}>
          Tap the heart on any sound to keep it here. Start with the <Link to="/staffpicks">staff picks</Link>.
        </EmptyState>
      }
    />
  );
}

function FavoritePacks() {
  const favorites = useFavoritePacks();
  if (favorites.isError) return <ApiErrorAlert error={favorites.error} title="Your favorite packs did not load" />;
  return (
    <PackGrid
      packs={pageRows(favorites.data)}
      loading={favorites.isPending || favorites.isFetchingNextPage}
      onEndReached={favorites.hasNextPage ? () => void favorites.fetchNextPage() : undefined}
      label="Favorite packs"
      emptyState={
        <EmptyState title="No favorite packs yet" icon={<IconPackage size={22} />}>
          Heart a pack on its page to keep it here. <Link to="/">Discover packs</Link>.
        </EmptyState>
      }
    />
  );
}
