import { Button, Group, Paper, Portal, Text } from '@mantine/core';
import { consentStore, useConsent } from './cookie-consent.ts';

/**
 * Asks once: essential cookies only (the sign-in session), or also the advertising-attribution
 * cookie _fbc. Nothing non-essential is set before a choice (docs/product-overview.md §1, §9).
 */
export function CookieBanner() {
  const choice = useConsent();
  if (choice !== null) return null;
  return (
    <Portal>
      <Paper
        role="region"
        aria-label="Cookie consent"
        withBorder
        shadow="xl"
        p="md"
        radius="lg"
        bg="dark.6"
        style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 190, maxWidth: 720, marginInline: 'auto' }}
      >
        <Text size="sm" fw={700} mb={4}>
          Cookies on Crate
        </Text>
        <Text size="sm" c="dimmed">
          We use essential cookies to keep you signed in. With your OK we also keep an advertising cookie when you arrive from one of our
          ads, so we can tell which ads bring producers to Crate.
        </Text>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={() => consentStore.set('essential')}>
            Essential only
          </Button>
          <Button onClick={() => consentStore.set('accepted')}>Accept all</Button>
        </Group>
      </Paper>
    </Portal>
  );
}
