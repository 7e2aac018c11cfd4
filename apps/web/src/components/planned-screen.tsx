import { Container, Paper, Text, ThemeIcon, Group } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { WEB_ROUTES, type ScreenName } from '@crate/contract/web-routes';
import { ScreenHeader } from './screen-header.tsx';

/**
 * A screen a later release builds: its title and one honest line about what will be here.
 * No sample content, nothing that looks like it works.
 */
export function PlannedScreen({ screen, line }: { screen: ScreenName; line: string }) {
  const route = WEB_ROUTES.find((r) => r.screen === screen);
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title={route?.title ?? screen} />
      <Paper withBorder p="lg" bg="dark.7" maw={760}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconHourglassHigh size={20} />
          </ThemeIcon>
          <Text c="dimmed">{line}</Text>
        </Group>
      </Paper>
    </Container>
  );
}
