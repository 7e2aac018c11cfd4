import { Badge, Group, Text } from '@mantine/core';
import type { Role } from '@crate/contract/roles';

export const ROLE_LABELS: Record<Role, string> = {
  subscriber: 'Subscriber',
  collaborator: 'Collaborator',
  creator: 'Creator',
  affiliate: 'Affiliate',
  admin: 'Admin',
};

const ROLE_COLORS: Record<Role, string> = {
  subscriber: 'teal',
  collaborator: 'grape',
  creator: 'ember',
  affiliate: 'blue',
  admin: 'red',
};

export function RoleBadges({ roles, emptyText = 'Member' }: { roles: readonly Role[]; emptyText?: string }) {
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {roles.map((role) => (
        <Badge key={role} color={ROLE_COLORS[role]} variant="light">
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </Group>
  );
}
