import { Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconRestore } from '@tabler/icons-react';
import type { ItemRow } from '@crate/contract/catalogue';
import type { ArchivedItemRow } from '@crate/contract/search';
import { isArchivedRow } from '../api/search-items.ts';
import { useRestoreArchived, type RestoreTarget } from '../api/restore-archived.ts';
import classes from './search.module.css';

const DATE = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** Why the sound is out of the catalogue, in the words an admin decides on. */
function reasons(row: ArchivedItemRow): { pack: string | null; item: string | null } {
  return {
    pack: row.pack_archived ? `Pack archived${row.pack_takedown_reason ? `: ${row.pack_takedown_reason}` : ''}` : null,
    item: row.taken_down_at
      ? `Sound taken down${row.takedown_reason ? `: ${row.takedown_reason}` : ''} · ${DATE.format(new Date(row.taken_down_at))}`
      : null,
  };
}

/**
 * The archive's row end: the reason(s) the sound is out, and Restore (the pack, the sound, or — when
 * both are out — a choice). Every restore is confirmed first; the row leaves the list once the
 * server has done it.
 */
export function ArchivedRowActions({ item }: { item: ItemRow }) {
  const restore = useRestoreArchived();
  if (!isArchivedRow(item)) return null;
  const row = item;
  const why = reasons(row);

  const confirm = (target: RestoreTarget['target']) => {
    const packTitle = row.pack?.title ?? 'this pack';
    modals.openConfirmModal({
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

  const both = Boolean(why.pack && why.item && row.pack);
  return (
    <div className={classes.archiveActions} data-no-row-play>
      <div className={classes.archiveReasons}>
        {why.pack ? (
          <Text size="xs" c="red.3" title={why.pack} className={classes.archiveReason}>
            {why.pack}
          </Text>
        ) : null}
        {why.item ? (
          <Text size="xs" c="orange.3" title={why.item} className={classes.archiveReason}>
            {why.item}
          </Text>
        ) : null}
      </div>
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
          leftSection={<IconRestore size={14} aria-hidden />}
          onClick={() => confirm(why.pack && row.pack ? 'pack' : 'item')}
          aria-label={why.pack ? `Restore the pack ${row.pack?.title ?? ''}` : `Restore ${row.name}`}
        >
          Restore
        </Button>
      )}
    </div>
  );
}
