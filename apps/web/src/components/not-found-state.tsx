import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScreenHeader } from './screen-header.tsx';

export interface NotFoundStateProps {
  /** The screen's title (its h1 stays the route's title, e.g. "Pack"). */
  screenTitle: string;
  /** "pack", "sound", "creator"… */
  what: string;
  /** Where to look instead. */
  browse?: { to: string; label: string };
}

/**
 * An unknown id or slug (the API answered NOT_FOUND): says so, without blaming anyone, and offers a
 * way on. Unpublished packs of other creators land here too: to the public they do not exist.
 */
export function NotFoundState({ screenTitle, what, browse }: NotFoundStateProps) {
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title={screenTitle} />
      <Paper withBorder p="xl" bg="dark.7" maw={640} data-not-found>
        <Stack gap="md" align="flex-start">
          <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
            <IconMapSearch size={26} />
          </ThemeIcon>
          <Title order={2}>This {what} is not here</Title>
          <Text c="dimmed">
            The link may be mistyped, or the {what} was removed or is not published. Nothing is wrong with your account.
          </Text>
          <Group gap="sm">
            {browse ? (
              <Button component={Link} to={browse.to}>
                {browse.label}
              </Button>
            ) : null}
            <Button component={Link} to="/" variant="default">
              Go to Discover
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
