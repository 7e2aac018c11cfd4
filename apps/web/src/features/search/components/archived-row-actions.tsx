import { Button, Menu, Text } from '@mantine/core';
import { dialogs } from '../../../components/dialogs.tsx';
import { IconChevronDown } from '@tabler/icons-react';
import type { ItemRow } from '@crate/contract/catalogue';
import { isArchivedRow } from '../api/search-items.ts';
import { useRestoreArchived, type RestoreTarget } from '../api/restore-archived.ts';
import classes from './search.module.css';

/**
 * Restore, for one archived row: the pack, the sound, or — when both are out — a choice. Every restore
 * is confirmed first; the row leaves the list once the server has done it.
 */
export function ArchivedRowActions({ item }: { item: ItemRow }) {
  const restore = useRestoreArchived();
  if (!isArchivedRow(item)) return null;
  const row = item;
  const packOut = row.pack_archived && row.pack !== null;

  const confirm = (target: RestoreTarget['target']) => {
    const packTitle = row.pack?.title ?? 'this pack';
    dialogs.openConfirmModal({
      title: target === 'pack' ? `Restore the pack “${packTitle}”?` : `Restore “${row.name}”?`,
      children: (
        <Text size="sm">
          {target === 'pack'
            ? `Every sound of ${packTitle} that was not taken down on its own comes back: published again if the pack had been published, else to draft for its creator.`
            : row.pack_archived
              ? `The takedown of this sound is lifted. Its pack stays archived, so it is listed again only when the pack is restored.`
              : `The takedown is lifted and the sound is listed again at once.`}{' '}
          The change is recorded in the audit log.
        </Text>
      ),
      labels: { confirm: target === 'pack' ? 'Restore pack' : 'Restore sound', cancel: 'Cancel' },
      onConfirm: () => {
        const id = target === 'pack' ? row.pack?.id : row.id;
        if (!id) return;
        restore.mutate({ target, id, row });
      },
    });
  };

  const both = packOut && row.taken_down_at !== null;
  return (
    <div className={classes.archiveActions}>
      {both ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="light" loading={restore.isPending} rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={`Restore ${row.name}…`}>
              Restore
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => confirm('pack')}>Restore the pack</Menu.Item>
            <Menu.Item onClick={() => confirm('item')}>Restore this sound</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          loading={restore.isPending}
          onClick={() => confirm(packOut ? 'pack' : 'item')}
          aria-label={packOut ? `Restore the pack ${row.pack?.title ?? ''}` : `Restore ${row.name}`}
        >
          {packOut ? 'Restore pack' : 'Restore sound'}
        </Button>
      )}
    </div>
  );
}
