import { Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconWaveSine } from '@tabler/icons-react';
import { memo } from 'react';
import type { ItemRow } from '@crate/contract/catalogue';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { itemSummary } from '../../../components/item-list/item-attributes.ts';
import { useSimilarItems } from '../../catalogue/api/get-item.ts';

/**
 * "Sounds like this": the nearest sounds by their audio (timbre, length, tempo), not by shared tags.
 * A side panel on wide screens, a bottom sheet on phones; every row plays in place. Free search
 * offers free sounds only (`freeOnly`). Memoised: the search screen re-renders on every answer; pass a stable onClose.
 */
export const SimilarSoundsDrawer = memo(function SimilarSoundsDrawer({ item, opened, onClose, freeOnly = false }: { item: ItemRow | null; opened: boolean; onClose(): void; freeOnly?: boolean }) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const similar = useSimilarItems(item?.slug ?? null, { freeOnly });
  return (
    <Drawer
      opened={opened && item !== null}
      onClose={onClose}
      position={wide ? 'right' : 'bottom'}
      size={wide ? 'xl' : '85%'}
      title={item ? `Sounds like ${item.name}` : ''}
      padding="lg"
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {item ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {itemSummary(item)} · {item.creator.name}
            <br />
            The closest sounds by their audio (timbre, length, tempo), not by their tags.
          </Text>
          {similar.error ? <ApiErrorAlert error={similar.error} title="Similar sounds did not load" /> : null}
          {!similar.error ? (
            <ItemList
              items={similar.data?.items ?? []}
              loading={similar.isPending}
              label={`Sounds like ${item.name}`}
              emptyState={
                <EmptyState title="Nothing close enough yet" icon={<IconWaveSine size={22} />}>
                  No other sound of this type and length is near it. Sounds are compared once their audio has been analysed.
                </EmptyState>
              }
            />
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
});
