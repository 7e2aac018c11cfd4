import { Alert, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconMessage } from '@tabler/icons-react';
import { PACK_REVIEW_DECISION_LABELS, type PackProcessing } from '@crate/contract/pack-review';
import { PACK_STATUS } from '@crate/contract/pack-status';

const PROBLEM_LABELS = { missing: 'Missing', empty: 'Empty', duplicate: 'Duplicate' } as const;

/** The latest processing run as a progress bar, and every file that did not pass with what is wrong with it. */
export function ProcessingRunView({ report }: { report: PackProcessing }) {
  const { run } = report;
  if (!run) {
    return report.status === PACK_STATUS.approved ? (
      <Text size="sm" c="dimmed">
        Approved: processing starts in a moment.
      </Text>
    ) : null;
  }
  const percent = Math.round(run.progress * 100);
  const running = run.status === 'Running';
  return (
    <Stack gap="xs" data-processing-run={run.status}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {running ? 'Processing files…' : run.status === 'Complete' ? 'Processing complete' : 'Processing found problems'}
        </Text>
        <Text size="xs" c="dimmed">
          {run.done_files} of {run.total_files} files{run.failed_files > 0 ? ` · ${run.failed_files} with problems` : ''}
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={running}
        color={run.status === 'Complete' ? 'teal' : running ? 'cyan' : 'red'}
        aria-label={`Processing progress: ${run.done_files} of ${run.total_files} files`}
      />
      {run.note ? (
        <Text size="xs" c="dimmed">
          {run.note}
        </Text>
      ) : null}
      {report.problems.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Files to fix">
          <List size="sm" spacing={4} aria-label="Files with problems">
            {report.problems.map((p) => (
              <List.Item key={`${p.file_id}-${p.status}`}>
                <Text span fw={600} size="sm">
                  {p.name}
                </Text>
                {p.problem ? ` — ${PROBLEM_LABELS[p.problem]}` : p.status === 'Expired' ? ' — not finished' : ' — cannot be read'}: {p.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : run.status === 'Complete' ? (
        <Group gap={6}>
          <IconCheck size={16} color="var(--mantine-color-teal-5)" aria-hidden />
          <Text size="sm">Every file passed.</Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** What the creator reads from the last review: sent back with notes, or rejected with a reason. */
export function LastReviewNote({ report }: { report: PackProcessing }) {
  const review = report.last_review;
  if (!review || review.decision === 'approve' || !review.notes) return null;
  return (
    <Alert color={review.decision === 'reject' ? 'red' : 'yellow'} variant="light" icon={<IconMessage size={18} />} title={`${PACK_REVIEW_DECISION_LABELS[review.decision]} on ${new Date(review.reviewed_at).toLocaleDateString()}`}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {review.notes}
      </Text>
    </Alert>
  );
}
