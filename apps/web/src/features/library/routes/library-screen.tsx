import { Container, Group, SegmentedControl, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconHeart, IconPackage, IconPlaylist, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useFavoriteItems, useFavoritePacks } from '../api/list-favorites.ts';
import { useOwnedItems, type OwnedItemsFilter } from '../api/list-owned-items.ts';
import { PlaylistManager } from '../components/playlist-manager.tsx';

const TABS = ['owned', 'sounds', 'packs', 'playlists'] as const;
type Tab = (typeof TABS)[number];

/** /library: what you own, hearted sounds and packs, and your playlists. The tab and the open playlist are in the URL. */
export default function LibraryScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'owned';
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
      <ScreenHeader title="Library" subtitle="The sounds you own, the ones you hearted, and the playlists you made." />
      <Tabs value={tab} onChange={(value) => update({ tab: value === 'owned' ? null : value, playlist: null })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="owned" leftSection={<IconCircleCheck size={16} aria-hidden />}>
            Owned
          </Tabs.Tab>
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
        <Tabs.Panel value="owned">
          <OwnedSounds />
        </Tabs.Panel>
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

const TYPE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'sample', label: 'Samples' },
  { value: 'preset', label: 'Presets' },
];

function OwnedSounds() {
  const [text, setText] = useState('');
  const [type, setType] = useState<OwnedItemsFilter['type']>(null);
  const [q] = useDebouncedValue(text.trim(), 250);
  const owned = useOwnedItems({ q, type });
  const filtered = q !== '' || type !== null;
  return (
    <>
      <Group mb="md" gap="sm">
        <TextInput
          placeholder="Find a sound you own"
          aria-label="Find a sound you own"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maw={320}
          flex={1}
        />
        <SegmentedControl aria-label="Type" value={type ?? 'all'} onChange={(value) => setType(value === 'all' ? null : (value as 'sample' | 'preset'))} data={TYPE_FILTERS} />
      </Group>
      {owned.isError ? (
        <ApiErrorAlert error={owned.error} title="Your sounds did not load" />
      ) : (
        <ItemList
          items={pageRows(owned.data)}
          loading={owned.isPending || owned.isFetchingNextPage}
          onEndReached={owned.hasNextPage ? () => void owned.fetchNextPage() : undefined}
          label="Sounds you own"
          emptyState={
            filtered ? (
              <EmptyState title="Nothing you own matches">Try other words or another type.</EmptyState>
            ) : (
              <EmptyState title="No sounds yet" icon={<IconCircleCheck size={22} />}>
                Press Get on any sound or pack and it lands here, yours to download again any time. Start with the{' '}
                <Link to="/staffpicks">staff picks</Link>.
              </EmptyState>
            )
          }
        />
      )}
    </>
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
