import { Container, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { ItemRow, StaffPlaylistCard } from '@crate/contract/catalogue';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList, ItemListSkeleton } from '../../../components/item-list/item-list.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { useStaffPlaylist, useStaffPlaylistItems } from '../api/get-staff-playlist.ts';
import { DetailHeader } from '../components/detail-header.tsx';
import { DetailScreenState } from '../components/detail-screen-state.tsx';
import { PreviewButton } from '../components/preview-button.tsx';

/** /staffplaylist/{id}: a playlist our staff picked across packs, played top to bottom. */
export default function StaffPlaylistScreen() {
  const { id = '' } = useParams();
  const playlist = useStaffPlaylist(id);
  return (
    <DetailScreenState query={playlist} skeleton={<ItemListSkeleton />} notFound={{ screenTitle: 'Staff playlist', what: 'playlist', browse: { to: '/', label: 'Discover playlists' } }} errorTitle="This playlist did not load">
      {(data) => <PlaylistView playlist={data} playlistRef={id} />}
    </DetailScreenState>
  );
}

function PlaylistView({ playlist, playlistRef }: { playlist: StaffPlaylistCard; playlistRef: string }) {
  usePageMeta({ title: playlist.title, description: `${playlist.item_count} sounds picked by the Crate team. ${playlist.description}`.slice(0, 240), image: playlist.cover?.['500x500'] });
  const items = useStaffPlaylistItems(playlistRef, true);
  const rows = pageRows(items.data);
  const first = rows.find((row: ItemRow) => row.preview !== null);
  return (
    <Container size="lg" py="xl">
      <DetailHeader art={<CoverImage cover={playlist.cover} alt={`Cover of ${playlist.title}`} size="100%" priority radius="lg" />}>
        <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
          Staff playlist
        </Text>
        <Title order={1} style={{ fontSize: 'clamp(1.8rem, 4vw, 2.75rem)', lineHeight: 1.1 }}>
          {playlist.title}
        </Title>
        {playlist.description ? (
          <Text c="dimmed" size="lg" maw={680}>
            {playlist.description}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {playlist.item_count} {playlist.item_count === 1 ? 'sound' : 'sounds'}, picked by the Crate team
        </Text>
        {first ? <PreviewButton item={first} list={rows} label="Play all" /> : null}
      </DetailHeader>
      {items.isError ? (
        <ApiErrorAlert error={items.error} title="The sounds did not load" />
      ) : (
        <ItemList
          items={rows}
          loading={items.isPending || items.isFetchingNextPage}
          onEndReached={items.hasNextPage ? () => void items.fetchNextPage() : undefined}
          label={`Sounds in ${playlist.title}`}
          emptyState={<EmptyState title="This playlist is empty">Its sounds may have been taken down.</EmptyState>}
        />
      )}
    </Container>
  );
}
