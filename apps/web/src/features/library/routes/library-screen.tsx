import { Anchor, Button, Container, Group, SegmentedControl, Skeleton, Table, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCertificate, IconCircleCheck, IconDownload, IconHeart, IconPackage, IconPlaylist, IconSearch, IconVinyl } from '@tabler/icons-react';
import { itemDownloadPath, licencePdfPath } from '@crate/contract/commerce';
import { useCallback, useMemo, useState } from 'react';
import type { ItemRow } from '@crate/contract/catalogue';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useDownloads } from '../api/list-downloads.ts';
import { useFavoriteItems, useFavoritePacks } from '../api/list-favorites.ts';
import { useOwnedItems, type OwnedItemsFilter } from '../api/list-owned-items.ts';
import { PlaylistManager } from '../components/playlist-manager.tsx';
import { ReleasesTab } from '../components/releases-tab.tsx';

const TABS = ['owned', 'downloads', 'sounds', 'packs', 'playlists', 'releases'] as const;
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
      <ScreenHeader title="Library" subtitle="The sounds you own, the ones you hearted, the playlists you made and the releases you registered." />
      <Tabs value={tab} onChange={(value) => update({ tab: value === 'owned' ? null : value, playlist: null })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="owned" leftSection={<IconCircleCheck size={16} aria-hidden />}>
            Owned
          </Tabs.Tab>
          <Tabs.Tab value="downloads" leftSection={<IconDownload size={16} aria-hidden />}>
            Downloads
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
          <Tabs.Tab value="releases" leftSection={<IconVinyl size={16} aria-hidden />}>
            Releases
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="owned">
          <OwnedSounds />
        </Tabs.Panel>
        <Tabs.Panel value="downloads">
          <DownloadHistory />
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
        <Tabs.Panel value="releases">
          <ReleasesTab />
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
  const rows = pageRows(owned.data);
  // Each row links its licence certificate: the PDF to keep, and the page anyone can check it on.
  const certificates = useMemo(() => new Map(rows.map((row) => [row.id, row.certificate_number])), [rows]);
  const licenceActions = useCallback(
    (item: ItemRow) => {
      const number = certificates.get(item.id);
      return number ? (
        <Button component="a" href={licencePdfPath(number)} download size="compact-sm" variant="subtle" color="gray" leftSection={<IconCertificate size={14} aria-hidden />} aria-label={`Licence certificate ${number} for ${item.name} (PDF)`}>
          Licence
        </Button>
      ) : null;
    },
    [certificates],
  );
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
          items={rows}
          rowActions={licenceActions}
          loading={owned.isPending || owned.isFetchingNextPage}
          onEndReached={owned.hasNextPage ? () => void owned.fetchNextPage() : undefined}
          label="Sounds you own"
          emptyState={
            filtered ? (
              <EmptyState title="Nothing you own matches">Try other words or another type.</EmptyState>
            ) : (
              <EmptyState title="No sounds yet" icon={<IconCircleCheck size={22} />}>
                Press Get on any sound or pack and it lands here, yours to download again any time. Start with the{' '}
                <Anchor component={Link} to="/staffpicks" inherit>staff picks</Anchor>.
              </EmptyState>
            )
          }
        />
      )}
    </>
  );
}

const downloadedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every download, newest first, each with a link back to the sound and a button to download it again. */
function DownloadHistory() {
  const history = useDownloads();
  const rows = pageRows(history.data);
  if (history.isError) return <ApiErrorAlert error={history.error} title="Your downloads did not load" />;
  if (history.isPending) return <Skeleton height={240} radius="md" />;
  if (rows.length === 0) {
    return (
      <EmptyState title="Nothing downloaded yet" icon={<IconDownload size={22} />}>
        Sounds you own download from their Owned button, and a whole pack from its page.
      </EmptyState>
    );
  }
  return (
    <>
      <Table verticalSpacing="sm" aria-label="Your downloads">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sound</Table.Th>
            <Table.Th>Pack</Table.Th>
            <Table.Th>Downloaded</Table.Th>
            <Table.Th aria-label="Download again" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} to={`/item/${row.item_slug}`}>
                  {row.item_name}
                </Anchor>
              </Table.Td>
              <Table.Td c="dimmed">{row.pack_title}</Table.Td>
              <Table.Td c="dimmed">{downloadedAt.format(new Date(row.downloaded_at))}</Table.Td>
              <Table.Td>
                <Button component="a" href={itemDownloadPath(row.item_id)} download size="compact-sm" variant="subtle" leftSection={<IconDownload size={14} aria-hidden />} aria-label={`Download ${row.item_name} again`}>
                  Again
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {history.hasNextPage ? (
        <Group justify="center" mt="md">
          <Button variant="default" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            Show older downloads
          </Button>
        </Group>
      ) : null}
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
          Tap the heart on any sound to keep it here. Start with the <Anchor component={Link} to="/staffpicks" inherit>staff picks</Anchor>.
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
          Heart a pack on its page to keep it here. <Anchor component={Link} to="/" inherit>Discover packs</Anchor>.
        </EmptyState>
      }
    />
  );
}
