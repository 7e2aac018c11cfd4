import { ActionIcon, Button, Loader, Menu, Text, type MantineSize } from '@mantine/core';
import { dialogs } from '../dialogs.tsx';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlaylistAdd, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { apiErrorMessage } from '../../lib/api-error-messages.ts';
import { useProfile } from '../../profile/profile-state.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';
import { pageRows } from '../cursor-pages.ts';
import { useAddToPlaylist, useCreatePlaylist, useMyPlaylists, useRemoveFromPlaylist } from './use-playlists.ts';

export interface AddToPlaylistMenuProps {
  item: { id: string; name: string };
  size?: MantineSize;
  /** A labelled button (item page) instead of an icon (rows). */
  withLabel?: boolean;
}

// The form (react-hook-form and the contract's zod schema) loads when someone names a playlist, not with every list.
const PlaylistNameForm = lazy(() => import('./playlist-name-form.tsx').then((module) => ({ default: module.PlaylistNameForm })));

/** Modal body: name a playlist, create it and put the item in it. Rendered by the modals manager. */
function CreatePlaylistWithItem({ item, modalId }: { item: { id: string; name: string }; modalId: string }) {
  const create = useCreatePlaylist();
  const add = useAddToPlaylist();
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <PlaylistNameForm
        submitLabel="Create and add"
        onCancel={() => dialogs.close(modalId)}
        onSubmit={async (name) => {
          const playlist = await create.mutateAsync(name);
          await add.mutateAsync({ playlistId: playlist.id, itemId: item.id });
          dialogs.close(modalId);
          notifications.show({ color: 'ember', message: `Added ${item.name} to ${playlist.name}.` });
        }}
      />
    </Suspense>
  );
}

function openCreatePlaylistWithItem(item: { id: string; name: string }): void {
  const modalId = `new-playlist-${item.id}`;
  dialogs.open({ modalId, title: 'New playlist', children: <CreatePlaylistWithItem item={item} modalId={modalId} /> });
}

/**
 * "Add to playlist" for a row or a page: pick one of your playlists (a tick shows where the sound
 * already is; picking that one takes it out again) or create a new one with it. Visitors get a
 * prompt to log in.
 */
export function AddToPlaylistMenu({ item, size = 'lg', withLabel = false }: AddToPlaylistMenuProps) {
  const { uid } = useProfile();
  // A list has a menu per row, and every search answer mounts a new list: the Menu (its floating-ui setup) is
  // made on the first click. Its button is then a new element: it takes the focus before the menu opens, so
  // closing the menu gives the focus back to it.
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const firstOpen = () => {
    flushSync(() => setUsed(true));
    button.current?.focus();
    setOpened(true);
  };
  // A labelled button's name starts with its text (what a voice-control user says), then the sound.
  const label = withLabel ? `Add to playlist: ${item.name}` : `Add ${item.name} to a playlist`;
  // Until then the button says what it opens, as Menu.Target will.
  const firstOpenProps = uid && !used ? { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: firstOpen } : {};

  const target = withLabel ? (
    <Button ref={button} {...firstOpenProps} variant="default" leftSection={<IconPlaylistAdd size={18} aria-hidden />} aria-label={label}>
      Add to playlist
    </Button>
  ) : (
    <ActionIcon ref={button} {...firstOpenProps} size={size} radius="xl" variant="subtle" color="gray" aria-label={label}>
      <IconPlaylistAdd size={16} aria-hidden />
    </ActionIcon>
  );

  if (!uid) return <SignInPrompt message="Log in to collect sounds in your own playlists.">{target}</SignInPrompt>;

  if (!used) return target;

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        <PlaylistChoices item={item} />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The open menu's items. Its playlists query and mutations live here, mounted only while the menu is open:
 * a list mounts a menu per row, and a new search answer mounts a list.
 */
function PlaylistChoices({ item }: { item: { id: string; name: string } }) {
  const playlists = useMyPlaylists();
  const playlistRows = pageRows(playlists.data);
  const add = useAddToPlaylist();
  const remove = useRemoveFromPlaylist();

  const toggleIn = async (playlistId: string, playlistName: string, contains: boolean) => {
    try {
      if (contains) {
        await remove.mutateAsync({ playlistId, itemId: item.id });
        notifications.show({ message: `Removed ${item.name} from ${playlistName}.` });
      } else {
        await add.mutateAsync({ playlistId, itemId: item.id });
        notifications.show({ color: 'ember', message: `Added ${item.name} to ${playlistName}.` });
      }
    } catch (error) {
      notifications.show({ color: 'red', title: 'The playlist did not change', message: apiErrorMessage(error) });
    }
  };

  return (
    <>
      <Menu.Label>Add to playlist</Menu.Label>
      <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openCreatePlaylistWithItem(item)}>
        New playlist…
      </Menu.Item>
      <Menu.Divider />
      {playlists.isPending ? (
        <Menu.Item disabled leftSection={<Loader size={14} />}>
          Loading your playlists…
        </Menu.Item>
      ) : playlists.isError ? (
        <Text size="sm" c="red.4" px="sm" py={6}>
          {apiErrorMessage(playlists.error)}
        </Text>
      ) : playlistRows.length === 0 ? (
        <Text size="sm" c="dimmed" px="sm" py={6}>
          No playlists yet: create the first one above.
        </Text>
      ) : (
        playlistRows.map((playlist) => {
          const contains = playlist.item_ids.includes(item.id);
          return (
            <Menu.Item
              key={playlist.id}
              leftSection={contains ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16, display: 'inline-block' }} />}
              rightSection={
                <Text size="xs" c="dimmed">
                  {playlist.item_count}
                </Text>
              }
              aria-label={contains ? `${playlist.name} (contains this sound; choose to remove it)` : playlist.name}
              onClick={() => void toggleIn(playlist.id, playlist.name, contains)}
            >
              {playlist.name}
            </Menu.Item>
          );
        })
      )}
      {playlists.hasNextPage ? (
        <Menu.Item closeMenuOnClick={false} disabled={playlists.isFetchingNextPage} onClick={() => void playlists.fetchNextPage()}>
          {playlists.isFetchingNextPage ? 'Loading…' : 'Show more playlists'}
        </Menu.Item>
      ) : null}
    </>
  );
}
