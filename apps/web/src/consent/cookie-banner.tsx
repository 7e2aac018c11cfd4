import { Button, Group, Paper, Portal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { consentStore, useConsent } from './cookie-consent.ts';

/** The banner's distance from the bottom edge, and the gap kept between it and the page's last content. */
const EDGE = 16;

/**
 * While the banner shows, the page gets bottom padding as tall as the banner and its margins, so whatever is last on
 * the page (a long upload list) can scroll fully above it instead of staying underneath. The layout already keeps
 * room for the player bar, which the banner sits above.
 */
function useRoomBelowPage(banner: HTMLElement | null): void {
  useEffect(() => {
    if (!banner) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? banner.offsetHeight;
      body.style.paddingBottom = `${Math.ceil(height) + 2 * EDGE}px`;
    });
    observer.observe(banner, { box: 'border-box' });
    return () => {
      observer.disconnect();
      body.style.paddingBottom = before;
    };
  }, [banner]);
}

/**
 * Asks once: essential cookies only (the sign-in session), or also the advertising-attribution
 * cookie _fbc. Nothing non-essential is set before a choice (docs/product-overview.md §1, §9).
 */
export function CookieBanner() {
  const choice = useConsent();
  const [banner, setBanner] = useState<HTMLDivElement | null>(null);
  useRoomBelowPage(banner);
  if (choice !== null) return null;
  return (
    <Portal>
      <Paper
        ref={setBanner}
        role="region"
        aria-label="Cookie consent"
        withBorder
        shadow="xl"
        p="md"
        radius="lg"
        bg="dark.6"
        style={{ position: 'fixed', left: EDGE, right: EDGE, bottom: `calc(var(--player-height, 0px) + ${EDGE}px)`, zIndex: 190, maxWidth: 720, marginInline: 'auto' }}
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
