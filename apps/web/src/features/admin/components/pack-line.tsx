import { Group, Text } from '@mantine/core';
import type { PackCard } from '@crate/contract/catalogue';
import { CoverImage } from '../../../components/cover-image.tsx';
import { PackStatusBadge } from '../../../components/pack-status-badge.tsx';

/** A pack on one line of a curation list: small cover, title, creator, sound count, and its status unless published. */
export function PackLine({ pack }: { pack: PackCard }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <div style={{ width: 40, flexShrink: 0 }}>
        <CoverImage cover={pack.cover} alt="" size={40} radius="sm" />
      </div>
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {pack.title}
          </Text>
          <PackStatusBadge status={pack.status} published={pack.published} />
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {pack.creator.name} · {pack.item_count} {pack.item_count === 1 ? 'sound' : 'sounds'}
        </Text>
      </div>
    </Group>
  );
}
