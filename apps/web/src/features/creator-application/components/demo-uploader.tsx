import { ActionIcon, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { APPLICATION_LIMITS, type ApplicationDemo } from '@crate/contract/creator-application';
import { formatDuration } from '@crate/contract/studio-limits';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { DemoLabel } from '../../../components/application-demos.tsx';
import { useUploadDemo } from '../api/creator-application.ts';

interface Failed {
  name: string;
  message: string;
}

/**
 * Picks and uploads demo sounds one by one; the server decodes each, so a file that is not audio is
 * refused with its name. `value` is the list of accepted demos.
 */
export function DemoUploader({
  value,
  onChange,
  onBusyChange,
  error,
}: {
  value: readonly ApplicationDemo[];
  onChange: (demos: ApplicationDemo[]) => void;
  /** Told when an upload starts and when the last one is done, so the form waits for it. */
  onBusyChange?: (busy: boolean) => void;
  error?: string | undefined;
}) {
  const upload = useUploadDemo();
  const [uploading, setUploading] = useState<string | null>(null);
  const [failed, setFailed] = useState<Failed[]>([]);
  const room = APPLICATION_LIMITS.maxDemos - value.length;

  const add = async (picked: File[]) => {
    setFailed([]);
    onBusyChange?.(true);
    let demos = [...value];
    for (const file of picked.slice(0, room)) {
      setUploading(file.name);
      try {
        demos = [...demos, await upload.mutateAsync(file)];
        onChange(demos);
      } catch (uploadError) {
        setFailed((f) => [...f, { name: file.name, message: apiErrorMessage(uploadError) }]);
      }
    }
    setUploading(null);
    onBusyChange?.(false);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Demo sounds
      </Text>
      <Text size="xs" c="dimmed">
        Up to {APPLICATION_LIMITS.maxDemos} sounds that show your work (WAV, AIFF, FLAC or MP3, at most {formatDuration(APPLICATION_LIMITS.maxDemoSeconds)} and{' '}
        {APPLICATION_LIMITS.maxDemoBytes / 1024 / 1024} MB each).
      </Text>
      {value.map((demo) => (
        <Paper key={demo.id} withBorder p="xs" radius="md" bg="dark.6">
          <Group gap="sm" wrap="nowrap">
            <IconCheck size={16} color="var(--mantine-color-teal-5)" aria-hidden />
            <DemoLabel demo={demo} />
            <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${demo.name}`} onClick={() => onChange(value.filter((d) => d.id !== demo.id))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {uploading ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Uploading and checking {uploading}…
          </Text>
        </Group>
      ) : null}
      {failed.map((f) => (
        <Group key={f.name} gap="xs" wrap="nowrap" role="alert">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-5)" aria-hidden />
          <Text size="sm" c="red.4">
            {f.message}
          </Text>
        </Group>
      ))}
      {error ? (
        <Text size="sm" c="red.5">
          {error}
        </Text>
      ) : null}
      <Group>
        <FileButton onChange={(files) => void add(files)} accept="audio/*,.wav,.aif,.aiff,.flac,.mp3" multiple disabled={room <= 0 || uploading !== null}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} disabled={room <= 0 || uploading !== null}>
              {value.length === 0 ? 'Choose demo sounds' : 'Add another demo'}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
