import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { bpsAsPercent } from '@crate/contract/splits';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { useDefaultSplit, useMyShares, usePackSplit, useSetDefaultSplit, useSetPackSplit } from '../api/splits.ts';
import { appliesSentence } from '../split-form.ts';
import { SplitPanel } from './split-editor.tsx';

/** The studio pack page's "Revenue split": who shares this pack's earnings (its creator only sees it). */
export function PackSplitPanel({ packId }: { packId: string }) {
  return (
    <SplitPanel
      title="Revenue split"
      description="Share this pack's earnings with up to five collaborators. Your share is what is left."
      query={usePackSplit(packId)}
      save={useSetPackSplit(packId)}
    />
  );
}

/** /creator: the split every new pack starts with. */
export function DefaultSplitPanel() {
  return (
    <SplitPanel
      title="Default split for new packs"
      description="New packs start with these shares; packs you already made keep theirs (change them on each pack's page)."
      query={useDefaultSplit()}
      save={useSetDefaultSplit()}
    />
  );
}

/** /creator for a collaborator: the packs whose earnings they share, and how much. */
export function MySharesPanel() {
  const shares = useMyShares();
  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="my-shares-title">
      <Title order={2} size="h4" mb={4} id="my-shares-title">
        Your shares
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The packs whose earnings a creator shares with you.
      </Text>
      {shares.isPending ? (
        <Skeleton height={48} aria-label="Loading your shares" />
      ) : shares.isError ? (
        <ApiErrorAlert error={shares.error} title="Your shares did not load" />
      ) : shares.data.shares.length === 0 ? (
        <Text size="sm" c="dimmed">
          No creator shares a pack's earnings with you yet.
        </Text>
      ) : (
        <Table verticalSpacing={6} aria-label="Your shares">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pack</Table.Th>
              <Table.Th>Your share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shares.data.shares.map((share) => (
              <Table.Tr key={share.pack_id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {share.pack_title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      by {share.creator_name} · applies {appliesSentence(share.effective_month)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {bpsAsPercent(share.bps)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
