import { Badge } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { packStatusLabel, type PackStatus } from '@crate/contract/pack-status';

const COLORS: Record<PackStatus, string> = {
  [-2]: 'red',
  [-1]: 'gray',
  0: 'gray',
  1: 'yellow',
  2: 'blue',
  3: 'cyan',
  4: 'teal',
};

/**
 * Marks a pack the public cannot see (only its creator, collaborators and admins get it):
 * "Not published · Draft". Published packs get no badge.
 */
export function PackStatusBadge({ status, published, size = 'sm', compact = false }: { status: number; published: boolean; size?: 'xs' | 'sm' | 'md' | 'lg'; compact?: boolean }) {
  if (published) return null;
  const label = packStatusLabel(status);
  return (
    <Badge
      color={COLORS[status as PackStatus] ?? 'gray'}
      variant={compact ? 'filled' : 'light'}
      size={size}
      data-pack-status={status}
      leftSection={<IconEyeOff size={size === 'xs' ? 10 : 12} aria-hidden />}
      title="Not published: only you, your collaborators and admins see this pack"
      aria-label={`Not published: ${label}`}
    >
      {compact ? label : `Not published · ${label}`}
    </Badge>
  );
}
