import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconX } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';

export interface SortableListProps<T> {
  items: readonly T[];
  idOf(item: T): string;
  /** What a person calls the entry ("Dusty Loop"): the handle's and the remove button's names, and what is announced. */
  nameOf(item: T): string;
  render(item: T, index: number): ReactNode;
  /** The new order of every id; the list shows it until the promise settles (then the items passed in again). */
  onMove(ids: string[]): Promise<unknown>;
  onRemove?(item: T): void;
  /** The list's accessible name ("Sounds of Night drive"). */
  label: string;
  /** No moving or removing (a write is on its way). */
  disabled?: boolean;
}

/**
 * A list whose entries an admin reorders by dragging the handle or from the keyboard (Tab to a handle,
 * Space to lift, ↑/↓ to move, Space to drop, Escape to cancel), each move announced to screen readers.
 */
export function SortableList<T>({ items, idOf, nameOf, render, onMove, onRemove, label, disabled = false }: SortableListProps<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [pending, setPending] = useState<string[] | null>(null);
  const byId = useMemo(() => new Map(items.map((item) => [idOf(item), item])), [items, idOf]);
  const shown = pending ? pending.map((id) => byId.get(id)).filter((item): item is T => item !== undefined) : items;
  const ids = shown.map(idOf);
  const nameAt = (id: string | number) => {
    const item = byId.get(String(id));
    return item ? nameOf(item) : 'entry';
  };
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameAt(active.id)}, position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameAt(active.id)} is at position ${position(over.id)} of ${ids.length}.` : `${nameAt(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameAt(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : `${nameAt(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameAt(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    setPending(next);
    void onMove(next).finally(() => setPending(null));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack gap={6} component="ol" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((item, index) => (
            <SortableRow key={idOf(item)} id={idOf(item)} name={nameOf(item)} index={index} onRemove={onRemove ? () => onRemove(item) : undefined} disabled={disabled}>
              {render(item, index)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, name, index, onRemove, disabled, children }: { id: string; name: string; index: number; onRemove: (() => void) | undefined; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      bg={isDragging ? 'dark.5' : 'dark.7'}
      style={{ transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      data-sortable-id={id}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={`Move ${name}`} style={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none' }} {...attributes} {...listeners}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
          {index + 1}
        </Text>
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
        {onRemove ? (
          <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${name}`} onClick={onRemove} disabled={disabled}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    </Paper>
  );
}
