import { ActionIcon, Badge, Burger, Button, Container, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCoins, IconSearch } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useBottomSheet } from '../../components/bottom-sheet.tsx';
import { CrateLogo } from '../../components/crate-logo.tsx';
import { isSignedIn } from '../../profile/profile-model.ts';
import { useProfile } from '../../profile/profile-state.ts';
import { AccountMenu, accountLinks } from './account-menu.tsx';
import classes from './main-layout.module.css';
import { PRIMARY_NAV } from './nav-links.ts';

export function AppHeader() {
  const profile = useProfile();
  const signedIn = isSignedIn(profile);
  const sheet = useBottomSheet();

  const openMobileNav = () =>
    sheet.open({
      title: <Text fw={700}>Menu</Text>,
      body: (
        <Stack gap={2} onClick={sheet.close}>
          {PRIMARY_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.sheetLink} end>
              {item.label}
            </NavLink>
          ))}
          <NavLink to="/search" className={classes.sheetLink}>
            Search
          </NavLink>
          <Divider my="sm" />
          {signedIn ? (
            <>
              {accountLinks(profile).map((item) => (
                <NavLink key={item.to} to={item.to} className={classes.sheetLink}>
                  {item.label}
                </NavLink>
              ))}
              <NavLink to="/logout" className={classes.sheetLink}>
                Log out
              </NavLink>
            </>
          ) : (
            <>
              <NavLink to="/login" className={classes.sheetLink}>
                Log in
              </NavLink>
              <NavLink to="/register" className={classes.sheetLink}>
                Create account
              </NavLink>
            </>
          )}
        </Stack>
      ),
    });

  return (
    <Container size="lg" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="xl" wrap="nowrap">
          <CrateLogo />
          <Group component="nav" aria-label="Main" gap={2} visibleFrom="md" wrap="nowrap">
            {PRIMARY_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.navLink} end>
                {item.label}
              </NavLink>
            ))}
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Tooltip label="Search" withArrow>
            <ActionIcon component={Link} to="/search" variant="subtle" color="gray" size="lg" aria-label="Search">
              <IconSearch size={19} />
            </ActionIcon>
          </Tooltip>
          {signedIn ? (
            <>
              <Tooltip label={profile.credits_expire_at ? `Credits expire ${new Date(profile.credits_expire_at).toLocaleDateString()}` : 'Your credits'} withArrow>
                <Badge component={Link} to="/creditrefill" variant="light" size="lg" leftSection={<IconCoins size={14} />} visibleFrom="xs" style={{ cursor: 'pointer', textTransform: 'none' }}>
                  {profile.credits} {profile.credits === 1 ? 'credit' : 'credits'}
                </Badge>
              </Tooltip>
              <AccountMenu profile={profile} />
            </>
          ) : (
            <Group gap={6} visibleFrom="sm" wrap="nowrap">
              <Button component={Link} to="/login" variant="subtle" color="gray">
                Log in
              </Button>
              <Button component={Link} to="/register">
                Create account
              </Button>
            </Group>
          )}
          <Burger hiddenFrom="md" size="sm" onClick={openMobileNav} opened={sheet.isOpen} aria-label="Open menu" />
        </Group>
      </Group>
    </Container>
  );
}
