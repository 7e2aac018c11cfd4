import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { CenteredLoader } from '../components/centered-loader.tsx';
import { isChunkLoadError, recordReload, reloadedRecently, sessionStore } from './chunk-reload.ts';

/**
 * Error element of every route. A screen chunk that failed to load (typically: a new version was
 * deployed) triggers one full page load of the target path (docs/product-overview.md §2); anything else is explained.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const target = location.pathname + location.search + location.hash;
  const chunkError = isChunkLoadError(error);
  const [seenAt] = useState(() => Date.now());
  // Decided from what is stored, so render stays pure; the effect records the attempt and reloads.
  const reloading = chunkError && !reloadedRecently(sessionStore(), target, seenAt);
  const attempted = useRef(false);

  useEffect(() => {
    if (!reloading || attempted.current) return;
    attempted.current = true;
    // The address bar already shows the target: reload it (assign() to the same URL with a hash would only scroll).
    if (recordReload(sessionStore(), target, seenAt)) window.location.reload();
  }, [reloading, target, seenAt]);

  if (reloading) return <CenteredLoader label="Loading the latest version of Crate…" />;

  const message = chunkError
    ? 'This page could not be loaded. Check your connection, then reload.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'Something went wrong while showing this page.';
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">{message}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            Go to Discover
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
