import { Anchor, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { withRedirect } from '../../../lib/post-auth-path.ts';

/**
 * /search for someone without search access: what search gives, what it takes (a subscription),
 * and what they can do right now (free search). Visitors also get a way to log in, in case they
 * already subscribe. Nothing is fetched: the API would refuse them.
 */
export function UpgradePrompt({ signedIn, returnTo }: { signedIn: boolean; returnTo: string }) {
  return (
    <Paper withBorder p="xl" bg="dark.7" maw={720} data-testid="search-upgrade-prompt">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <IconLock size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2}>Search every sound with a subscription</Title>
            <Text c="dimmed">
              {signedIn
                ? 'Your account does not include search yet. Subscribers search the whole catalogue at once.'
                : 'Search is part of a Crate subscription. Subscribers search the whole catalogue at once.'}
            </Text>
          </Stack>
        </Group>
        <List size="sm" spacing={4} c="dimmed" icon={<IconSearch size={14} aria-hidden />}>
          <List.Item>Type a word and see matching samples and presets as you type, typos forgiven.</List.Item>
          <List.Item>Filter by key, BPM, time signature, feel, genre, instrument, stems and MIDI.</List.Item>
          <List.Item>Audition results inline and find sounds that sound alike.</List.Item>
        </List>
        <Group gap="sm">
          <Button component={Link} to="/pricing">
            See plans
          </Button>
          {signedIn ? null : (
            <Button component={Link} to={withRedirect('/login', returnTo)} variant="default">
              Log in
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Or search the free sounds now:{' '}
          <Anchor component={Link} to="/freesearch" fw={600}>
            free search
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
