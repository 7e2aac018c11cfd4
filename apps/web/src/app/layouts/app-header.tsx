import { ActionIcon, Badge, Box, Burger, Button, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCoins, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useBottomSheet } from '../../components/bottom-sheet.tsx';
import { CrateLogo } from '../../components/crate-logo.tsx';
import { DeferredTooltip } from '../../components/deferred-tooltip.tsx';
import { displayNameOf, isSignedIn } from '../../profile/profile-model.ts';
import { useProfile } from '../../profile/profile-state.ts';
import { AccountButton } from './account-button.tsx';
import { accountLinks } from './account-links.ts';
import classes from './main-layout.module.css';
import { PRIMARY_NAV } from './nav-links.ts';

// Signed in only, and Menu brings floating-ui: the menu's code loads when a signed-in header renders.
const AccountMenu = lazy(() => import('./account-menu.tsx'));

export function AppHeader() {
  const profile = useProfile();
  const signedIn = isSignedIn(profile);
  const creditWord = profile.credits === 1 ? 'credit' : 'credits';
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
        <Group gap="lg" wrap="nowrap">
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
          <DeferredTooltip label="Search" withArrow>
            <ActionIcon component={Link} to="/search" variant="subtle" color="gray" size="lg" aria-label="Search">
              <IconSearch size={19} />
            </ActionIcon>
          </DeferredTooltip>
          {signedIn ? (
            <>
              <DeferredTooltip label={profile.credits_expire_at ? `Credits expire ${new Date(profile.credits_expire_at).toLocaleDateString()}` : 'Your credits'} withArrow>
                {/* On a phone the balance stays, as its number alone; the word joins it from the xs breakpoint. */}
                <Badge
                  component={Link}
                  to="/creditrefill"
                  variant="light"
                  size="lg"
                  leftSection={<IconCoins size={14} />}
                  aria-label={`${profile.credits} ${creditWord}`}
                  data-testid="header-credits"
                  style={{ cursor: 'pointer', textTransform: 'none', flexShrink: 0 }}
                >
                  {profile.credits}
                  <Box component="span" visibleFrom="xs">
                    {` ${creditWord}`}
                  </Box>
                </Badge>
              </DeferredTooltip>
              <Suspense fallback={<AccountButton name={displayNameOf(profile)} />}>
                <AccountMenu profile={profile} />
              </Suspense>
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
          <Burger hiddenFrom="md" size="sm" onClick={openMobileNav} onPointerEnter={sheet.preload} onFocus={sheet.preload} opened={sheet.isOpen} aria-label="Open menu" />
        </Group>
      </Group>
    </Container>
  );
}
