import { Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconId, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RoleBadges } from '../../../components/role-badges.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { profileQueryKey } from '../../../profile/api/get-profile.ts';
import { displayNameOf } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={6} style={{ borderBottom: '1px solid var(--mantine-color-dark-5)' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function CardTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" mb="md">
      <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={700}>{children}</Text>
    </Group>
  );
}

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The account dashboard: profile, roles as badges, credits and their expiry. */
export default function AccountScreen() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Credits and roles change on the server; opening the dashboard shows the current ones.
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);

  const expiry = formatDate(profile.credits_expire_at);
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Account" subtitle={<>Signed in as {profile.email}</>} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card bg="dark.7">
          <CardTitle icon={<IconId size={16} />}>Profile</CardTitle>
          <Stack gap={0}>
            <Field label="Display name">{displayNameOf(profile)}</Field>
            <Field label="E-mail">{profile.email}</Field>
            <Field label="Zip code">{profile.zip_code || '—'}</Field>
            <Field label="Content agreement">
              {profile.accepted_content_agreement ? (
                <Badge color="teal" variant="light">
                  Accepted
                </Badge>
              ) : (
                'Not accepted'
              )}
            </Field>
          </Stack>
          <Button component={Link} to="/settings" variant="light" mt="lg">
            Edit in settings
          </Button>
        </Card>

        <Card bg="dark.7">
          <CardTitle icon={<IconCoins size={16} />}>Credits</CardTitle>
          <Group align="baseline" gap={8}>
            <Text fz={44} fw={800} lh={1} data-testid="credits">
              {profile.credits}
            </Text>
            <Text c="dimmed">{profile.credits === 1 ? 'credit' : 'credits'}</Text>
          </Group>
          <Text size="sm" c="dimmed" mt="sm">
            {expiry ? `Your credits expire on ${expiry}.` : profile.credits > 0 ? 'Your credits do not expire.' : 'You have no credits yet.'}
          </Text>
          <Button component={Link} to="/creditrefill" mt="lg">
            Refill credits
          </Button>
        </Card>

        <Card bg="dark.7">
          <CardTitle icon={<IconShieldCheck size={16} />}>Roles</CardTitle>
          <RoleBadges roles={profile.roles} emptyText="No roles yet: you can browse and buy as a member." />
          <Text size="sm" c="dimmed" mt="md">
            {profile.can_search ? 'Paid search is included with your account.' : 'Paid search comes with a subscription.'}
          </Text>
          {!profile.is_creator ? (
            <Anchor component={Link} to="/creatorapplication" size="sm" fw={600} mt="sm" display="inline-block">
              Apply to sell your sounds
            </Anchor>
          ) : null}
        </Card>

        <Card bg="dark.7">
          <CardTitle icon={<IconLock size={16} />}>Security</CardTitle>
          <Text size="sm" c="dimmed">
            {displayNameOf(profile)}, keep your password to yourself. Changing it signs out your other devices.
          </Text>
          <Group mt="lg" gap="sm">
            <Button component={Link} to="/updatepassword" variant="light">
              Update password
            </Button>
            <Button component={Link} to="/logout" variant="subtle" color="gray">
              Log out
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
    </Container>
  );
}
