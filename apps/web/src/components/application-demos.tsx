import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconWaveSine } from '@tabler/icons-react';
import type { ApplicationDemo } from '@crate/contract/creator-application';
import { formatDuration } from '../player/player-format.ts';

/** Where the applicant or an admin plays a demo's MP3 preview (anyone else gets 404). */
function demoPreviewUrl(applicationId: string, fileId: string): string {
  return `/api/creator-applications/${encodeURIComponent(applicationId)}/demos/${encodeURIComponent(fileId)}`;
}

/** A demo's name and length, on one line. */
export function DemoLabel({ demo }: { demo: ApplicationDemo }) {
  return (
    <>
      <Text size="sm" fw={600} truncate style={{ flex: 1 }}>
        {demo.name}
      </Text>
      {demo.duration_ms !== null ? (
        <Text size="xs" c="dimmed">
          {formatDuration(demo.duration_ms / 1000)}
        </Text>
      ) : null}
    </>
  );
}

/** A creator application's demo sounds, each playable inline. */
export function ApplicationDemos({ applicationId, demos }: { applicationId: string; demos: readonly ApplicationDemo[] }) {
  return (
    <Stack gap="xs">
      {demos.map((demo) => (
        <Paper key={demo.id} withBorder p="sm" radius="md" bg="dark.6">
          <Group gap="sm" wrap="nowrap" mb={6}>
            <IconWaveSine size={18} aria-hidden />
            <DemoLabel demo={demo} />
          </Group>
          <audio controls preload="none" src={demoPreviewUrl(applicationId, demo.id)} aria-label={`Play ${demo.name}`} style={{ width: '100%' }} />
        </Paper>
      ))}
    </Stack>
  );
}
