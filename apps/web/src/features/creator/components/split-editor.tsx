import { ActionIcon, Alert, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { MAX_SPLIT_COLLABORATORS, WHOLE_BPS } from '@crate/contract/payout-enums';
import { bpsAsPercent, type SetSplit, type Split } from '@crate/contract/splits';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { monthLabel } from '../../../components/month-label.ts';
import { appliesSentence, readSplitForm, rowsOf, type SplitRow } from '../split-form.ts';

interface SplitPanelProps {
  title: string;
  description: string;
  query: UseQueryResult<Split>;
  save: UseMutationResult<Split, unknown, SetSplit>;
}

/**
 * A revenue split's panel (a pack's, or the default for new packs): loading, error, then the editor. The editor is
 * keyed by the version it shows, so a save starts it again from what the server stored.
 */
export function SplitPanel({ title, description, query, save }: SplitPanelProps) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb={4} id={titleId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the split">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : query.isError ? (
        <Stack gap="xs">
          <ApiErrorAlert error={query.error} title="The split did not load" />
          <Button variant="default" w="fit-content" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <SplitEditor key={`${query.data.effective_month}-${query.data.history[0]?.created_at ?? 'none'}`} split={query.data} save={save} />
      )}
    </Paper>
  );
}

let rowCounter = 0;
const newRow = (): SplitRow => ({ key: `new-${++rowCounter}`, userId: null, percent: '' });

function SplitEditor({ split, save }: { split: Split; save: SplitPanelProps['save'] }) {
  const creator = split.shares.find((s) => s.role === 'creator')!;
  const [rows, setRows] = useState<SplitRow[]>(() => rowsOf(split));
  const team = split.collaborators;
  const teamIds = team.map((m) => m.user_id);
  const form = readSplitForm(rows, creator.user_id, teamIds);
  const canSave = form.rowErrors.size === 0 && form.problem === null && !save.isPending;
  const nameOf = (userId: string) => team.find((m) => m.user_id === userId)?.name ?? split.shares.find((s) => s.user_id === userId)?.name ?? 'Someone';
  const change = (index: number, patch: Partial<SplitRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const totalOk = form.totalBps === WHOLE_BPS;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        save.mutate(
          { shares: form.shares },
          { onSuccess: (saved) => notifications.show({ color: 'ember', message: `Split saved. It applies ${appliesSentence(saved.effective_month ?? saved.applies_from)}.` }) },
        );
      }}
    >
      <Table verticalSpacing={6} aria-label="Shares">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Who</Table.Th>
            <Table.Th w={150}>Share</Table.Th>
            <Table.Th w={44}>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr data-testid="split-creator-row">
            <Table.Td>
              <Text size="sm" fw={600}>
                {creator.name} (you)
              </Text>
              <Text size="xs" c="dimmed">
                What is left after your collaborators
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} c={form.creatorBps < 0 ? 'red.4' : undefined} aria-label="Your share" data-testid="split-creator-share">
                {bpsAsPercent(form.creatorBps)}
              </Text>
            </Table.Td>
            <Table.Td />
          </Table.Tr>
          {rows.map((row, index) => {
            const taken = new Set(rows.filter((_, i) => i !== index).flatMap((r) => (r.userId ? [r.userId] : [])));
            const options = team.filter((m) => !taken.has(m.user_id)).map((m) => ({ value: m.user_id, label: m.name }));
            if (row.userId && !teamIds.includes(row.userId)) options.push({ value: row.userId, label: `${nameOf(row.userId)} (left your team)` });
            const error = form.rowErrors.get(index);
            return (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Select
                    label={`Collaborator ${index + 1}`}
                    placeholder="Pick a collaborator"
                    data={options}
                    value={row.userId}
                    onChange={(value) => change(index, { userId: value })}
                    error={error?.input === 'user_id' ? error.message : undefined}
                    allowDeselect={false}
                    searchable
                    nothingFoundMessage="Nobody else on your team"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    label={`Share of collaborator ${index + 1}`}
                    inputMode="decimal"
                    placeholder="0.00"
                    value={row.percent}
                    onChange={(event) => change(index, { percent: event.currentTarget.value })}
                    onBlur={() => {
                      const bps = readSplitForm([row], creator.user_id, teamIds).shares[0]?.bps;
                      if (bps !== undefined) change(index, { percent: (bps / 100).toFixed(2) });
                    }}
                    rightSection={<Text size="sm">%</Text>}
                    error={error?.input === 'bps' ? error.message : undefined}
                  />
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'bottom' }}>
                  <Tooltip label="Remove">
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove collaborator ${index + 1}`} onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th>
              <Text size="sm" fw={700} c={totalOk ? 'teal.4' : 'red.4'} role="status" aria-live="polite" aria-label={`Total ${bpsAsPercent(form.totalBps)}`} data-testid="split-total">
                {bpsAsPercent(form.totalBps)}
              </Text>
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>

      {form.problem ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mt="sm" role="alert" title="This split cannot be saved">
          {form.problem}
        </Alert>
      ) : null}
      <ApiErrorAlert error={save.error} title="The split was not saved" />

      <Group justify="space-between" mt="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_SPLIT_COLLABORATORS || rows.length >= team.length + rows.filter((r) => r.userId && !teamIds.includes(r.userId)).length}
          onClick={() => setRows((current) => [...current, newRow()])}
        >
          Add a collaborator
        </Button>
        <Button type="submit" disabled={!canSave} loading={save.isPending}>
          Save split
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {team.length === 0 ? 'Invite collaborators first: only people on your team can share. ' : `Up to ${MAX_SPLIT_COLLABORATORS} collaborators. `}
        A change applies {appliesSentence(split.applies_from)}; months already approved keep the split they were paid with.
      </Text>

      {split.history.length > 0 ? (
        <Stack gap={4} mt="md">
          <Title order={3} size="h6">
            History
          </Title>
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Split history">
            {split.history.map((version) => (
              <Text key={version.effective_month} size="xs" c="dimmed" component="li">
                <Text span fw={600} size="xs" c="gray.3">
                  {version.effective_month <= '2000-01-01' ? 'From the start' : `From ${monthLabel(version.effective_month)}`}
                </Text>
                {': '}
                {version.shares
                  .filter((s) => s.bps > 0)
                  .map((s) => `${s.role === 'creator' ? `${s.name} (you)` : s.name} ${bpsAsPercent(s.bps)}`)
                  .join(' · ')}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </form>
  );
}
