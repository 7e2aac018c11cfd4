import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { useAdminAttribution, useRetryFailedAttribution } from '../api/attribution.ts';

const number = new Intl.NumberFormat();

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" bg="dark.7">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} aria-label={label}>
        {number.format(value)}
      </Text>
    </Paper>
  );
}

/** /admin's Attribution panel (docs/decisions/0057): whether events are forwarded, what waits, what went, what failed and why. */
export function AttributionPanel() {
  const status = useAdminAttribution();
  const retry = useRetryFailedAttribution();
  const retryFailed = () =>
    retry.mutate(undefined, {
      onSuccess: ({ retried }) => notifications.show({ color: 'teal', message: `${number.format(retried)} ${retried === 1 ? 'event is' : 'events are'} queued to be sent again.` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not retried', message: apiErrorMessage(error) }),
    });

  let content: ReactNode;
  if (status.isPending) content = <CenteredLoader label="Loading the attribution forwarder…" />;
  else if (status.isError) content = <ApiErrorAlert error={status.error} title="Could not load the attribution forwarder" />;
  else {
    const data = status.data;
    content = (
      <Stack gap="md">
        <Group gap="sm">
          <Badge color={data.forwarding ? 'teal' : 'gray'} variant="light">
            Forwarding {data.forwarding ? 'on' : 'off'}
          </Badge>
          {!data.forwarding && (
            <Text size="sm" c="dimmed">
              ATTRIBUTION_ENDPOINT is not set: events stay recorded and are sent once it is.
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label="Events waiting" value={data.waiting} />
          <Figure label="Forwarded (last 24 h)" value={data.forwarded_last_24h} />
          <Figure label="Failed" value={data.failed} />
        </SimpleGrid>
        {data.failed > 0 && (
          <Paper withBorder p="md" bg="dark.7">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Last error{data.last_failed_at ? `, ${new Date(data.last_failed_at).toLocaleString()}` : ''}
                </Text>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {data.last_error ?? '—'}
                </Text>
              </Stack>
              <Button variant="light" onClick={retryFailed} loading={retry.isPending}>
                Retry failed
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>
    );
  }
  return (
    <section aria-labelledby="attribution" style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
      <Title order={2} size="h3" id="attribution" mb="md">
        Attribution
      </Title>
      {content}
    </section>
  );
}
