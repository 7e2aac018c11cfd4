import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLayoutDashboard, IconLibrary, IconLogout, IconSettings, IconShieldLock, IconUser } from '@tabler/icons-react';
import type { Profile } from '@crate/contract/profile';
import { holdsAnyClaim } from '@crate/contract/roles';
import { Link } from 'react-router';
import { displayNameOf } from '../../profile/profile-model.ts';

export function initialsOf(name: string): string {
  const words = name.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** Links of the signed-in user, shared by the account menu and the mobile sheet. */
export function accountLinks(profile: Profile) {
  const links = [
    { label: 'Account', to: '/account', icon: IconUser },
    { label: 'Library', to: '/library', icon: IconLibrary },
    { label: 'Settings', to: '/settings', icon: IconSettings },
  ];
  if (holdsAnyClaim(profile.roles, ['creator', 'collaborator'])) links.push({ label: 'Creator dashboard', to: '/creator', icon: IconLayoutDashboard });
  if (profile.roles.includes('admin')) links.push({ label: 'Admin', to: '/admin', icon: IconShieldLock });
  return links;
}

export function AccountMenu({ profile }: { profile: Profile }) {
  const name = displayNameOf(profile);
  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} data-testid="account-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="ember" radius="xl" size={34}>
              {initialsOf(name)}
            </Avatar>
            <Text size="sm" fw={600} maw={140} truncate visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark.0" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {profile.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {accountLinks(profile).map(({ label, to, icon: Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} />}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} />} color="red">
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
