import { Anchor, Button, Code, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { decideAccess } from '@crate/contract/access';
import { safeRedirectPath } from '@crate/contract/redirect-path';
import type { Role } from '@crate/contract/roles';
import { FormCard } from '../../../components/form-card.tsx';
import { usePageTitle } from '../../../components/page-meta.tsx';
import { RoleBadges, ROLE_LABELS } from '../../../components/role-badges.tsx';
import { useBackAction } from '../../../lib/back-navigation.ts';
import { withRedirect } from '../../../lib/post-auth-path.ts';
import { webRouteForPath } from '../../../lib/web-route-match.ts';
import { isSignedIn, viewerOf } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';

const PLURAL: Record<Role, string> = { subscriber: 'subscribers', collaborator: 'collaborators', creator: 'creators', affiliate: 'affiliates', admin: 'Crate admins' };

/** "creators or collaborators" */
export function describeClaims(claims: readonly Role[]): string {
  const names = claims.map((claim) => PLURAL[claim]);
  if (names.length <= 1) return names[0] ?? 'other accounts';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * Where guards send people (docs/product-overview.md §2). Explains why, and offers the way in: log in (carrying the
 * redirect back), or — for a signed-in user without the role — what the page needs.
 */
export default function ForbiddenScreen() {
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'), '');
  const target = redirect ? webRouteForPath(redirect) : undefined;
  const profile = useProfile();
  const signedIn = isSignedIn(profile);
  const goBack = useBackAction();
  const allowedNow = signedIn && target !== undefined && decideAccess(target.access, viewerOf(profile)) === 'allow';
  usePageTitle(signedIn ? (allowedNow ? 'You have access' : 'No access') : null);

  const pageName = target ? <strong>{target.title}</strong> : 'This page';
  const requested = redirect ? (
    <Text size="sm" c="dimmed">
      You asked for <Code>{redirect}</Code>
    </Text>
  ) : null;

  if (!signedIn) {
    return (
      <FormCard title="Sign in required" subtitle={<>{pageName} is only for signed-in members of Crate.</>}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <IconLock size={18} />
            </ThemeIcon>
            <Text size="sm">Log in, or create a free account, and we will take you straight there.</Text>
          </Group>
          {requested}
          <Button component={Link} to={withRedirect('/login', redirect)} size="md" fullWidth>
            Log in
          </Button>
          <Button component={Link} to={withRedirect('/register', redirect)} size="md" fullWidth variant="default">
            Create account
          </Button>
        </Stack>
      </FormCard>
    );
  }

  if (allowedNow) {
    return (
      <FormCard title="You have access" subtitle={<>Your account can open {pageName} now.</>}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="teal" size="lg" aria-hidden>
              <IconLockOpen size={18} />
            </ThemeIcon>
            <Text size="sm">Your roles changed since you were sent here.</Text>
          </Group>
          <Button component={Link} to={redirect} size="md" fullWidth replace>
            Continue
          </Button>
        </Stack>
      </FormCard>
    );
  }

  const needed = target && target.access.kind === 'claims' ? target.access.claims : [];
  return (
    <FormCard
      title="No access"
      subtitle={needed.length > 0 ? <>{pageName} is for {describeClaims(needed)}.</> : 'The page you tried to open needs a different account.'}
    >
      <Stack gap="md">
        <Text size="sm">
          You are signed in as <strong>{profile.email}</strong>
          {needed.length > 0 ? <>, which does not have {needed.length === 1 ? 'that role' : 'any of those roles'}.</> : '.'}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Your account:
          </Text>
          <RoleBadges roles={profile.roles} />
        </Group>
        {requested}
        {needed.includes('creator') ? (
          <Text size="sm">
            Want to sell your sounds?{' '}
            <Anchor component={Link} to="/creatorapplication" fw={600}>
              Apply to become a {ROLE_LABELS.creator.toLowerCase()}
            </Anchor>
            .
          </Text>
        ) : null}
        <Button onClick={goBack} size="md" fullWidth variant="default">
          Go back
        </Button>
        <Button component={Link} to={withRedirect('/login', redirect)} size="md" fullWidth variant="subtle">
          Log in with another account
        </Button>
      </Stack>
    </FormCard>
  );
}
