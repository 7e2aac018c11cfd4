import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconClock, IconFolder, IconPlayerPause, IconPlayerPlay, IconRefresh, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { formatBytes } from '@crate/contract/studio-limits';
import type { StudioPack } from '@crate/contract/studio-packs';
import { ApiErrorAlert } from '../../../../components/api-error-alert.tsx';
import { useDeleteStudioPackFile } from '../../api/studio-packs.ts';
import { ZipImports } from './zip-imports.tsx';
import { cancelInterruptedUploads, interruptedUploads, type DroppedFile, type PackUploadQueue, type QueuedUpload } from '../../uploads/pack-upload-queue.ts';

const KIND_COLORS: Record<PackFileKind, string> = {
  'Cover art': 'grape',
  'Pack preview audio': 'blue',
  'Sample audio': 'teal',
  'Stem audio': 'cyan',
  Midi: 'indigo',
  Preset: 'orange',
  'Preset preview audio': 'yellow',
};

const STATE_LABELS: Record<QueuedUpload['state'], string> = { queued: 'Waiting', uploading: 'Uploading', paused: 'Paused', done: 'Uploaded', failed: 'Refused' };

function UploadRow({ upload, queue }: { upload: QueuedUpload; queue: PackUploadQueue }) {
  const percent = upload.size > 0 ? (upload.sent / upload.size) * 100 : 100;
  // A paused or interrupted upload still holds its size in the pack's room until it is finished or cancelled.
  const cancellable = upload.state === 'paused' || upload.state === 'queued' || (upload.state === 'failed' && !upload.refused);
  return (
    <Table.Tr data-upload-state={upload.state}>
      <Table.Td maw={360}>
        <Text size="sm" truncate="end" title={upload.path}>
          {upload.path}
        </Text>
        {upload.error ? (
          <Text size="xs" c="red.4" role="alert">
            {upload.error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td w={240}>
        <Progress value={percent} color={upload.state === 'failed' ? 'red' : upload.state === 'done' ? 'teal' : 'ember'} animated={upload.state === 'uploading'} aria-label={`${upload.path}: ${Math.round(percent)} %`} />
        <Text size="xs" c="dimmed" mt={4}>
          {STATE_LABELS[upload.state]} · {formatBytes(upload.sent)} of {formatBytes(upload.size)}
          {upload.resumed ? ' · resumed' : ''}
        </Text>
      </Table.Td>
      <Table.Td w={88}>
        <Group gap={4} wrap="nowrap">
        {upload.state === 'uploading' || upload.state === 'queued' ? (
          <Tooltip label="Pause">
            <ActionIcon variant="subtle" aria-label={`Pause ${upload.path}`} onClick={() => queue.pause(upload.key)}>
              <IconPlayerPause size={16} />
            </ActionIcon>
          </Tooltip>
        ) : upload.state === 'paused' ? (
          <Tooltip label="Resume">
            <ActionIcon variant="subtle" aria-label={`Resume ${upload.path}`} onClick={() => queue.resume(upload.key)}>
              <IconPlayerPlay size={16} />
            </ActionIcon>
          </Tooltip>
        ) : upload.state === 'failed' && !upload.refused ? (
          <Tooltip label="Try again">
            <ActionIcon variant="subtle" aria-label={`Try ${upload.path} again`} onClick={() => queue.resume(upload.key)}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {cancellable ? (
          <Tooltip label="Cancel this upload">
            <ActionIcon variant="subtle" color="gray" aria-label={`Cancel ${upload.path}`} onClick={() => queue.cancel(upload.key)}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A wait as a creator reads it: seconds under a minute, else minutes. */
const waitText = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

/** The seconds left until `until`, counting down each second (mounted anew for each wait). */
function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return <>{waitText(Math.max(1, Math.ceil((until - now) / 1000)))}</>;
}

/**
 * While the server has asked the queue to wait before starting more files (a spent upload budget, 429): how long,
 * counting down, as a calm note on the queue rather than an error on each file. Files already sending carry on.
 */
function WaitNotice({ queue }: { queue: PackUploadQueue }) {
  const until = useSyncExternalStore(queue.subscribe, queue.getWaitingUntil);
  if (until === null) return null;
  return (
    <Alert variant="light" color="gray" icon={<IconClock size={18} />} role="status" title="Uploads continue on their own">
      Waiting <Countdown key={until} until={until} /> before continuing… Crate paces how fast new files start; files already sending carry on.
    </Alert>
  );
}

/** The upload queue: overall progress, pause / resume all, a row per file. */
function UploadProgress({ queue }: { queue: PackUploadQueue }) {
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  if (uploads.length === 0) return null;
  const total = uploads.reduce((sum, u) => sum + u.size, 0);
  const sent = uploads.reduce((sum, u) => sum + u.sent, 0);
  const active = uploads.some((u) => u.state === 'uploading' || u.state === 'queued');
  const paused = uploads.some((u) => u.state === 'paused');
  const done = uploads.filter((u) => u.state === 'done').length;
  const failed = uploads.filter((u) => u.state === 'failed').length;
  return (
    <Paper withBorder p="md" bg="dark.7" aria-label="Uploads">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            {done} of {uploads.length} files uploaded{failed ? ` · ${failed} refused` : ''}
          </Text>
          <Group gap="xs">
            {active ? (
              <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} />} onClick={() => queue.pauseAll()}>
                Pause all
              </Button>
            ) : null}
            {paused ? (
              <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} />} onClick={() => queue.resumeAll()}>
                Resume all
              </Button>
            ) : null}
            {!active && !paused ? (
              <Button size="xs" variant="subtle" onClick={() => queue.clearFinished()}>
                Clear list
              </Button>
            ) : null}
          </Group>
        </Group>
        <WaitNotice queue={queue} />
        <Progress size="lg" value={total > 0 ? (sent / total) * 100 : 0} aria-label={`All uploads: ${Math.round(total > 0 ? (sent / total) * 100 : 0)} %`} />
        <Text size="xs" c="dimmed">
          {formatBytes(sent)} of {formatBytes(total)}. You can leave this page within Crate: uploads carry on. If the page reloads, drop the same files again and each continues where it stopped.
        </Text>
        <ScrollArea.Autosize mah={320}>
          <Table verticalSpacing={6} miw={520}>
            <Table.Tbody>
              {uploads.map((upload) => (
                <UploadRow key={upload.key} upload={upload} queue={queue} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

/** The pack's stored files: kind, size, the problem if any, and a way to remove each. */
function StoredFiles({ pack, editable }: { pack: StudioPack; editable: boolean }) {
  const remove = useDeleteStudioPackFile(pack.id);
  const itemName = new Map(pack.items.map((item) => [item.id, item.name]));
  if (pack.files.length === 0) return null;
  const problems = pack.files.filter((f) => f.problem);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>
          {pack.files.length} {pack.files.length === 1 ? 'file' : 'files'} in the pack · {formatBytes(pack.total_bytes)}
        </Text>
        {problems.length > 0 ? (
          <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
            {problems.length} {problems.length === 1 ? 'problem' : 'problems'}
          </Badge>
        ) : null}
      </Group>
      <ApiErrorAlert error={remove.error} title="The file was not removed" />
      <ScrollArea.Autosize mah={420}>
        <Table striped highlightOnHover verticalSpacing={6} miw={640} aria-label="Files in the pack">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Belongs to</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pack.files.map((file) => (
              <Table.Tr key={file.id} data-problem={file.problem ?? undefined}>
                <Table.Td maw={340}>
                  <Text size="sm" truncate="end" title={file.path}>
                    {file.path}
                  </Text>
                  {file.problem_message ? (
                    <Text size="xs" c="red.4">
                      <IconAlertTriangle size={12} aria-hidden /> {file.problem_message}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={KIND_COLORS[file.kind]} size="sm">
                    {file.kind}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatBytes(file.size)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={file.item_id ? undefined : 'dimmed'}>
                    {file.item_id ? itemName.get(file.item_id) ?? '—' : file.kind === 'Stem audio' || file.kind === 'Midi' ? 'No sound matched its name' : 'The pack'}
                  </Text>
                </Table.Td>
                <Table.Td w={48}>
                  {editable ? (
                    <Tooltip label="Remove from the pack">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${file.path}`} loading={remove.isPending && remove.variables === file.id} onClick={() => remove.mutate(file.id)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Step 2 of a pack upload: drop a folder or a zip, watch it go up, see what the pack now holds. */
export function PackFilesPanel({ pack, queue, editable }: { pack: StudioPack; queue: PackUploadQueue; editable: boolean }) {
  const folderInput = useRef<HTMLInputElement>(null);
  const [interrupted, setInterrupted] = useState<{ path: string; size: number }[]>([]);
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  const [cancelling, setCancelling] = useState(false);
  useEffect(() => {
    void interruptedUploads(pack.id).then(setInterrupted);
  }, [pack.id, uploads.length, cancelling]);
  const waiting = interrupted.filter((i) => !uploads.some((u) => u.path === i.path));

  return (
    <Stack gap="md">
      {editable ? (
        <>
          <Dropzone onDrop={(files) => queue.add(files as DroppedFile[])} multiple aria-label="Drop a folder, files or a zip of the pack here">
            <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
              <IconUpload size={40} aria-hidden opacity={0.7} />
              <div>
                <Text size="lg" fw={600}>
                  Drop the pack's folder, its files or one zip here
                </Text>
                <Text size="sm" c="dimmed">
                  WAV, AIFF and FLAC sounds, MP3 previews, MIDI, presets and cover art. Each file uploads on its own and resumes if the connection drops.
                </Text>
              </div>
            </Group>
          </Dropzone>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconFolder size={16} />} onClick={() => folderInput.current?.click()}>
              Choose a folder
            </Button>
            <input
              ref={folderInput}
              type="file"
              hidden
              multiple
              aria-label="Choose the pack's folder"
              {...{ webkitdirectory: '', directory: '' }}
              onChange={(event) => {
                queue.add([...(event.currentTarget.files ?? [])] as DroppedFile[]);
                event.currentTarget.value = '';
              }}
            />
          </Group>
        </>
      ) : null}
      {waiting.length > 0 ? (
        <Alert color="yellow" variant="light" title={`${waiting.length} ${waiting.length === 1 ? 'upload was' : 'uploads were'} interrupted`}>
          <Text size="sm">Drop the same files again and each continues from where it stopped: {waiting.slice(0, 5).map((w) => w.path).join(', ')}{waiting.length > 5 ? ` and ${waiting.length - 5} more` : ''}. Until then each holds its size in the pack’s room.</Text>
          <Button
            mt="xs"
            size="xs"
            variant="default"
            loading={cancelling}
            onClick={() => {
              setCancelling(true);
              void cancelInterruptedUploads(pack.id, waiting.map((w) => w.path)).finally(() => setCancelling(false));
            }}
          >
            Cancel {waiting.length === 1 ? 'it' : 'them'}
          </Button>
        </Alert>
      ) : null}
      <UploadProgress queue={queue} />
      <ZipImports imports={pack.zip_imports} />
      <StoredFiles pack={pack} editable={editable} />
    </Stack>
  );
}
