import { Anchor, Badge, Box, Table, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { formatMoney } from '../../../components/money.ts';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAffiliateList } from '../api/affiliates.ts';

const percent = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
const usd = (cents: number) => formatMoney(cents, 'usd');

/** Every affiliate's figures on /admin (issue 29), newest in the programme first, each linking to their account's page. */
export function AffiliatesTable() {
  const list = useAffiliateList();
  const rows = pageRows(list.data);
  return (
    <Box component="section" aria-labelledby="admin-affiliates" mb="xl">
      <SectionHeader id="admin-affiliates" title="Affiliates" subtitle="Make someone an affiliate from their account's page." />
      {list.isPending ? (
        <CenteredLoader label="Loading the affiliates…" />
      ) : list.isError ? (
        <ApiErrorAlert error={list.error} title="Could not load the affiliates" />
      ) : rows.length === 0 ? (
        <EmptyState title="No affiliates yet" icon={<IconLink size={22} />}>
          Open an account in user management and use its affiliate programme panel.
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="xs" highlightOnHover aria-label="Affiliates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Affiliate</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th ta="right">Codes</Table.Th>
                  <Table.Th ta="right">Clicks</Table.Th>
                  <Table.Th ta="right">Sign-ups</Table.Th>
                  <Table.Th ta="right">Refused</Table.Th>
                  <Table.Th ta="right">Paying</Table.Th>
                  <Table.Th ta="right">Pending</Table.Th>
                  <Table.Th ta="right">Payable</Table.Th>
                  <Table.Th ta="right">Paid</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.user_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/manageuser/${a.user_id}`} fw={600}>
                        {a.display_name}
                      </Anchor>
                      {a.has_role ? null : (
                        <Badge ml={6} color="gray" variant="light" size="sm">
                          Role taken away
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {a.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {percent(a.commission_bps)} · {a.commission_months} mo
                    </Table.Td>
                    <Table.Td ta="right">{a.live_codes}</Table.Td>
                    <Table.Td ta="right">{a.clicks}</Table.Td>
                    <Table.Td ta="right">{a.signups}</Table.Td>
                    <Table.Td ta="right">{a.refused}</Table.Td>
                    <Table.Td ta="right">{a.paying}</Table.Td>
                    <Table.Td ta="right">{usd(a.pending_cents)}</Table.Td>
                    <Table.Td ta="right">{usd(a.payable_cents)}</Table.Td>
                    <Table.Td ta="right">{usd(a.paid_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.hasNextPage ? <EndOfList onEndReached={() => void list.fetchNextPage()} /> : null}
        </>
      )}
    </Box>
  );
}
