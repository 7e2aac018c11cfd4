import { Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';

/** The landing page. The catalogue is not open yet, so it says so instead of showing sample content. */
export default function DiscoverScreen() {
  const profile = useProfile();
  return (
    <Container size="lg" py={48}>
      <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.14em' }}>
        Sample packs · Samples · Presets · Bundles
      </Text>
      <Title order={1} mt={8} style={{ fontSize: 'clamp(2.25rem, 5vw, 3.5rem)', lineHeight: 1.05 }}>
        Discover
      </Title>
      <Text c="dimmed" size="xl" mt="md" maw={620}>
        Crate is where producers find sounds and creators sell them, with clear licences on every file.
      </Text>
      <Group mt="xl" gap="sm">
        {isSignedIn(profile) ? (
          <Button component={Link} to="/account" size="md">
            Your account
          </Button>
        ) : (
          <Button component={Link} to="/register" size="md">
            Create a free account
          </Button>
        )}
        <Button component={Link} to="/sellmypacks" size="md" variant="default">
          Sell my packs
        </Button>
      </Group>
      <Paper withBorder p="lg" mt={48} bg="dark.7" maw={720}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconHourglassHigh size={20} />
          </ThemeIcon>
          <Text c="dimmed">New packs, staff picks and trending sounds will appear here as creators publish them.</Text>
        </Group>
      </Paper>
    </Container>
  );
}
