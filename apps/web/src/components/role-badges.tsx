import { Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
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

/** The screen of each role that has one: a linked badge opens it. */
const ROLE_SCREENS: Partial<Record<Role, string>> = { collaborator: '/creator', creator: '/creator', affiliate: '/affiliate', admin: '/admin' };

/** The roles as badges; `linked`: the viewer's own, each opening its screen when it has one. */
export function RoleBadges({ roles, emptyText = 'Member', linked = false }: { roles: readonly Role[]; emptyText?: string; linked?: boolean }) {
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {roles.map((role) => {
        const to = linked ? ROLE_SCREENS[role] : undefined;
        return to ? (
          <Badge key={role} component={Link} to={to} color={ROLE_COLORS[role]} variant="light" style={{ cursor: 'pointer' }}>
            {ROLE_LABELS[role]}
          </Badge>
        ) : (
          <Badge key={role} color={ROLE_COLORS[role]} variant="light">
            {ROLE_LABELS[role]}
          </Badge>
        );
      })}
    </Group>
  );
}
