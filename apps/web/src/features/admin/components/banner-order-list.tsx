import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminBanner, BannerList } from '@crate/contract/banners';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { useDeleteBanner, useReorderBanners } from '../api/banners.ts';

function when(banner: AdminBanner): string {
  const from = banner.starts_at ? new Date(banner.starts_at).toLocaleString() : null;
  const until = banner.ends_at ? new Date(banner.ends_at).toLocaleString() : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `from ${from}`;
  if (until) return `until ${until}`;
  return 'no end';
}

function BannerRow({ banner, onDelete }: { banner: AdminBanner; onDelete: (banner: AdminBanner) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: banner.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      bg={isDragging ? 'dark.5' : 'dark.7'}
      style={{ transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      data-banner-id={banner.id}
    >
      <Group wrap="nowrap" gap="sm">
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={`Move “${banner.title}”`} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        {banner.images['1088x400'] ? <img src={banner.images['1088x400']} alt="" width={109} height={40} style={{ borderRadius: 6, objectFit: 'cover' }} /> : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/editbanner/${banner.id}`} fw={600} truncate="end">
            {banner.title}
          </Anchor>
          <Text size="xs" c="dimmed" truncate="end">
            {banner.position} · {when(banner)}
          </Text>
        </Stack>
        <Badge color={banner.live ? 'teal' : 'gray'} variant="light">
          {banner.live ? 'On Discover' : banner.active ? 'Outside its dates' : 'Switched off'}
        </Badge>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove “${banner.title}”`} onClick={() => onDelete(banner)} onMouseEnter={dialogs.preload} onFocus={dialogs.preload}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * Discover's banners in their order: drag one by its handle, or focus the handle, press Space, move it with the
 * arrow keys and press Space again. The order is sent with the version it was read at, so an order changed in
 * another tab meanwhile is refused (and this one reloaded) instead of mixed.
 */
export function BannerOrderList({ list }: { list: BannerList }) {
  const reorder = useReorderBanners();
  const remove = useDeleteBanner();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = list.banners.map((banner) => banner.id);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    reorder.mutate({ ids: moved, order_version: list.order_version });
  };

  const confirmDelete = (banner: AdminBanner) =>
    dialogs.openConfirmModal({
      title: `Remove “${banner.title}”?`,
      children: <Text size="sm">It leaves Discover at once, with its picture. This cannot be undone.</Text>,
      labels: { confirm: 'Remove the banner', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(banner.id),
    });

  return (
    <Stack gap="xs">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${titleOf(list, active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${titleOf(list, active.id)} is now at place ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.` : undefined),
            onDragEnd: ({ active, over }) => (over ? `${titleOf(list, active.id)} was dropped at place ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.` : `${titleOf(list, active.id)} was dropped.`),
            onDragCancel: ({ active }) => `Moving ${titleOf(list, active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" role="list" aria-label="Banners in Discover's order">
            {list.banners.map((banner) => (
              <div role="listitem" key={banner.id}>
                <BannerRow banner={banner} onDelete={confirmDelete} />
              </div>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <ApiErrorAlert error={reorder.error} title="The new order was not saved" />
      <ApiErrorAlert error={remove.error} title="The banner was not removed" />
    </Stack>
  );
}

function titleOf(list: BannerList, id: string | number): string {
  return list.banners.find((banner) => banner.id === String(id))?.title ?? 'The banner';
}
