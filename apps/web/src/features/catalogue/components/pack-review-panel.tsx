import { Badge, Button, Card, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PACK_REVIEW_DECISION_LABELS, PACK_REVIEW_LIMITS, type PackForReview, type ReviewPack } from '@crate/contract/pack-review';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { usePackForReview, useReprocessPack, useReviewPack } from '../../admin/api/pack-reviews.ts';
import { LastReviewNote, ProcessingRunView } from './pack-processing-view.tsx';
import { catalogueKeys } from '../api/catalogue-keys.ts';

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * An admin's review of the pack on its own page (/pack/{id}): every sound playable inline, the files with
 * their kinds, and the decision — approve, send back with notes, reject with a reason. After approval it
 * follows processing to published or file errors, from where it can be run again.
 */
export function PackReviewPanel({ packId }: { packId: string }) {
  const review = usePackForReview(packId);
  const queryClient = useQueryClient();
  const status = review.data?.status;
  // The page around the panel shows the status too (badge, sounds): refresh it when processing moves the pack on.
  useEffect(() => {
    if (status !== undefined) void queryClient.invalidateQueries({ queryKey: catalogueKeys.packs });
  }, [status, queryClient]);
  return (
    <Card component="section" aria-labelledby="pack-review-title" bg="dark.7" withBorder radius="lg" p="lg" mb="xl" data-testid="pack-review-panel">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <IconShieldCheck size={20} aria-hidden />
          <Title order={2} fz="lg" id="pack-review-title">
            Admin review
          </Title>
        </Group>
        {review.data ? (
          <Badge variant="light" data-review-status={review.data.status}>
            {review.data.status_label}
          </Badge>
        ) : null}
      </Group>
      {review.isPending ? (
        <CenteredLoader label="Loading the review…" />
      ) : review.isError ? (
        <ApiErrorAlert error={review.error} title="Could not load the review" />
      ) : (
        <ReviewBody pack={review.data} />
      )}
    </Card>
  );
}

function ReviewBody({ pack }: { pack: PackForReview }) {
  const awaiting = pack.abilities.decide;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        By {pack.creator.name} ({pack.creator.email}){pack.submitted_at ? ` · submitted ${new Date(pack.submitted_at).toLocaleString()}` : ''}
      </Text>
      {awaiting ? <Sounds pack={pack} /> : null}
      {awaiting ? <Decision pack={pack} /> : <AfterDecision pack={pack} />}
      {awaiting ? <Files pack={pack} /> : null}
      {pack.reviews.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Earlier decisions
          </Text>
          {pack.reviews.map((r) => (
            <Text key={r.reviewed_at} size="xs" c="dimmed">
              {new Date(r.reviewed_at).toLocaleString()} · {PACK_REVIEW_DECISION_LABELS[r.decision]}
              {r.notes ? ` — ${r.notes}` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Sounds({ pack }: { pack: PackForReview }) {
  if (pack.items.length === 0) return <Text size="sm">This pack has no sounds.</Text>;
  return (
    <Stack gap="xs" aria-label="Sounds to audition">
      <Text size="sm" fw={600}>
        Listen ({pack.items.length} {pack.items.length === 1 ? 'sound' : 'sounds'})
      </Text>
      {pack.items.map((item) => (
        <Paper key={item.id} withBorder p="sm" radius="md" bg="dark.6">
          <Group justify="space-between" gap="sm" wrap="nowrap" mb={item.play_url ? 6 : 0}>
            <Text size="sm" fw={600} truncate>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[item.kind, item.key, item.bpm ? `${item.bpm} BPM` : null].filter(Boolean).join(' · ')}
            </Text>
          </Group>
          {item.play_url ? (
            <audio controls preload="none" src={item.play_url} aria-label={`Play ${item.name}`} style={{ width: '100%' }} />
          ) : (
            <Text size="xs" c="dimmed">
              No audio to play ({item.file_names.join(', ') || 'no files'}).
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function Files({ pack }: { pack: PackForReview }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Files ({pack.files.length})
      </Text>
      <Table verticalSpacing={4} fz="xs" aria-label="Files in this pack">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Size</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pack.files.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>{f.name}</Table.Td>
              <Table.Td>{f.kind ?? f.content_type}</Table.Td>
              <Table.Td>{formatSize(f.size)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Decision({ pack }: { pack: PackForReview }) {
  const review = useReviewPack(pack.id);
  const [notes, setNotes] = useState('');
  const [missingNotes, setMissingNotes] = useState(false);
  const decide = (decision: ReviewPack['decision']) => {
    const trimmed = notes.trim();
    if (decision !== 'approve' && trimmed.length < PACK_REVIEW_LIMITS.minNotes) {
      setMissingNotes(true);
      return;
    }
    setMissingNotes(false);
    review.mutate(decision === 'approve' ? { decision } : { decision, notes: trimmed }, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          message: decision === 'approve' ? `${pack.title} is approved: its files are being processed.` : `${pack.creator.name} has been told by e-mail.`,
        }),
    });
  };
  const busy = (decision: ReviewPack['decision']) => review.isPending && review.variables?.decision === decision;
  return (
    <Stack gap="sm">
      <ApiErrorAlert error={review.error} title="Could not record the decision" />
      <Textarea
        label="Notes to the creator"
        description="Needed to send the pack back or to reject it; the creator reads them on their pack and in the e-mail."
        autosize
        minRows={2}
        maxLength={PACK_REVIEW_LIMITS.maxNotes}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        error={missingNotes ? `Tell the creator why (at least ${PACK_REVIEW_LIMITS.minNotes} characters)` : undefined}
      />
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => decide('reject')} loading={busy('reject')} disabled={review.isPending}>
          Reject
        </Button>
        <Button variant="light" color="yellow" onClick={() => decide('send_back')} loading={busy('send_back')} disabled={review.isPending}>
          Send back
        </Button>
        <Button color="teal" onClick={() => decide('approve')} loading={busy('approve')} disabled={review.isPending}>
          Approve
        </Button>
      </Group>
    </Stack>
  );
}

function AfterDecision({ pack }: { pack: PackForReview }) {
  const rerun = useReprocessPack(pack.id);
  return (
    <Stack gap="sm">
      <LastReviewNote report={pack.processing} />
      <ProcessingRunView report={pack.processing} />
      <ApiErrorAlert error={rerun.error} title="Could not start processing" />
      {pack.abilities.reprocess ? (
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={rerun.isPending}
            onClick={() => rerun.mutate(undefined, { onSuccess: () => notifications.show({ color: 'teal', message: 'Processing runs again.' }) })}
          >
            Run processing again
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
