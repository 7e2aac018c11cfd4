import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { dialogs } from '../../../components/dialogs.tsx';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlaylist, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ItemRow } from '@crate/contract/catalogue';
import type { Playlist } from '@crate/contract/library';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { libraryKeys } from '../../../components/library-actions/library-query-keys.ts';
import { PlaylistNameForm } from '../../../components/library-actions/playlist-name-form.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { useCreatePlaylist, useDeletePlaylist, useMyPlaylists, useRemoveFromPlaylist, useRenamePlaylist, useReorderPlaylist } from '../../../components/library-actions/use-playlists.ts';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { usePlaylistItems } from '../api/list-playlist-items.ts';
import classes from './playlist-manager.module.css';

/** Modal body: create an empty playlist, then show it. */
function CreatePlaylist({ modalId, onCreated }: { modalId: string; onCreated(playlist: Playlist): void }) {
  const create = useCreatePlaylist();
  return (
    <PlaylistNameForm
      submitLabel="Create playlist"
      onCancel={() => dialogs.close(modalId)}
      onSubmit={async (name) => {
        const playlist = await create.mutateAsync(name);
        dialogs.close(modalId);
        onCreated(playlist);
      }}
    />
  );
}

function RenamePlaylist({ modalId, playlist }: { modalId: string; playlist: Playlist }) {
  const rename = useRenamePlaylist();
  return (
    <PlaylistNameForm
      initialName={playlist.name}
      submitLabel="Rename"
      onCancel={() => dialogs.close(modalId)}
      onSubmit={async (name) => {
        await rename.mutateAsync({ playlistId: playlist.id, name });
        dialogs.close(modalId);
      }}
    />
  );
}

export interface PlaylistManagerProps {
  selectedId: string | null;
  onSelect(id: string | null): void;
}

/** Your playlists: pick one to play it; create, rename, delete; reorder and remove its sounds. */
export function PlaylistManager({ selectedId, onSelect }: PlaylistManagerProps) {
  const playlists = useMyPlaylists();
  const list = pageRows(playlists.data);
  const selected = list.find((p) => p.id === selectedId) ?? list[0] ?? null;

  const openCreate = () => {
    const modalId = 'create-playlist';
    dialogs.open({ modalId, title: 'New playlist', children: <CreatePlaylist modalId={modalId} onCreated={(p) => onSelect(p.id)} /> });
  };

  if (playlists.isError) return <ApiErrorAlert error={playlists.error} title="Your playlists did not load" />;
  if (playlists.isPending) {
    return (
      <div className={classes.layout}>
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} radius="md" />
          ))}
        </Stack>
        <Skeleton height={320} radius="lg" />
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState title="No playlists yet" icon={<IconPlaylist size={22} />}>
        Collect sounds for a project or a mood: use the playlist button on any sound, or{' '}
        <Button variant="subtle" size="compact-sm" onClick={openCreate}>
          create one now
        </Button>
        .
      </EmptyState>
    );
  }

  return (
    <div className={classes.layout}>
      <nav aria-label="Your playlists">
        <Stack gap={4}>
          {list.map((playlist) => (
            <UnstyledButton
              key={playlist.id}
              className={classes.playlistButton}
              aria-current={playlist.id === selected?.id ? 'true' : undefined}
              onClick={() => onSelect(playlist.id)}
            >
              <Text fw={600} size="sm" truncate="end">
                {playlist.name}
              </Text>
              <Text size="xs" c="dimmed">
                {playlist.item_count} {playlist.item_count === 1 ? 'sound' : 'sounds'}
              </Text>
            </UnstyledButton>
          ))}
          {playlists.hasNextPage ? (
            <Button variant="subtle" onClick={() => void playlists.fetchNextPage()} loading={playlists.isFetchingNextPage}>
              Show more playlists
            </Button>
          ) : null}
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate} mt="xs">
            New playlist
          </Button>
        </Stack>
      </nav>
      {selected ? <PlaylistDetail key={selected.id} playlist={selected} onDeleted={() => onSelect(null)} /> : null}
    </div>
  );
}

function PlaylistDetail({ playlist, onDeleted }: { playlist: Playlist; onDeleted(): void }) {
  const queryClient = useQueryClient();
  const items = usePlaylistItems(playlist.id);
  const reorder = useReorderPlaylist();
  const remove = useRemoveFromPlaylist();
  const deletePlaylist = useDeletePlaylist();
  const rows = items.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target]!, next[index]!];
    // The new order shows at once; the server's answer (or a refetch on failure) settles it.
    queryClient.setQueryData<ItemRow[]>(libraryKeys.playlistItems(playlist.id), next);
    reorder.mutate(
      { playlistId: playlist.id, itemIds: next.map((row) => row.id) },
      {
        onError: (error) => {
          void queryClient.invalidateQueries({ queryKey: libraryKeys.playlistItems(playlist.id) });
          notifications.show({ color: 'red', title: 'The order did not change', message: apiErrorMessage(error) });
        },
      },
    );
  };

  const removeItem = (row: ItemRow) => {
    queryClient.setQueryData<ItemRow[]>(libraryKeys.playlistItems(playlist.id), (current) => current?.filter((r) => r.id !== row.id));
    remove.mutate(
      { playlistId: playlist.id, itemId: row.id },
      {
        onError: (error) => {
          void queryClient.invalidateQueries({ queryKey: libraryKeys.playlistItems(playlist.id) });
          notifications.show({ color: 'red', title: `${row.name} is still in the playlist`, message: apiErrorMessage(error) });
        },
      },
    );
  };

  const confirmDelete = () =>
    dialogs.openConfirmModal({
      title: `Delete “${playlist.name}”?`,
      children: <Text size="sm">The playlist goes; the sounds in it stay on Crate and in your favorites.</Text>,
      labels: { confirm: 'Delete playlist', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletePlaylist.mutate(playlist.id, {
          onSuccess: () => {
            notifications.show({ message: `Deleted ${playlist.name}.` });
            onDeleted();
          },
          onError: (error) => notifications.show({ color: 'red', title: 'The playlist was not deleted', message: apiErrorMessage(error) }),
        }),
    });

  const openRename = () => {
    const modalId = `rename-${playlist.id}`;
    dialogs.open({ modalId, title: 'Rename playlist', children: <RenamePlaylist modalId={modalId} playlist={playlist} /> });
  };

  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="playlist-title">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} id="playlist-title" style={{ overflowWrap: 'anywhere' }}>
            {playlist.name}
          </Title>
          <Text size="sm" c="dimmed">
            {playlist.item_count} {playlist.item_count === 1 ? 'sound' : 'sounds'} · only you can see and change it
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" size="sm" leftSection={<IconPencil size={16} aria-hidden />} onClick={openRename}>
            Rename
          </Button>
          <Button variant="default" size="sm" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete}>
            Delete
          </Button>
        </Group>
      </Group>
      {items.isError ? (
        <ApiErrorAlert error={items.error} title="The sounds did not load" />
      ) : (
        <ItemList
          items={rows}
          loading={items.isPending}
          label={`Sounds in ${playlist.name}`}
          emptyState={<EmptyState title="This playlist is empty">Add sounds with the playlist button on any sound.</EmptyState>}
          rowActions={(row, index) => (
            <>
              <Tooltip label="Move up" openDelay={400}>
                <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={`Move ${row.name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Move down" openDelay={400}>
                <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={`Move ${row.name} down`} disabled={index === rows.length - 1} onClick={() => move(index, 1)}>
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Remove from playlist" openDelay={400}>
                <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={`Remove ${row.name} from ${playlist.name}`} onClick={() => removeItem(row)}>
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        />
      )}
    </Paper>
  );
}
