import { Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { Profile } from '@crate/contract/profile';
import { Link } from 'react-router';
import { displayNameOf } from '../../profile/profile-model.ts';
import { AccountButton } from './account-button.tsx';
import { accountLinks } from './account-links.ts';

/** The signed-in user's menu in the header; its own chunk (Menu brings floating-ui), see AppHeader. */
export default function AccountMenu({ profile }: { profile: Profile }) {
  const name = displayNameOf(profile);
  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        <AccountButton name={name} data-testid="account-menu" />
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
