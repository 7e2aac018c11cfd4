import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CreatorEarnings, EarningsLineStatus, EarningsMonth } from '@crate/contract/earnings';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { PayoutAccountCard } from '../../../components/payout-account-card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { StatementButton } from '../../../components/statement-button.tsx';
import { useCreatorEarnings } from '../api/earnings.ts';
import { monthLabel } from '../../../components/month-label.ts';
import { PAYEE_CARRY_WORDS } from '../../../components/payout-carry-words.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_BADGES: Record<EarningsLineStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  carried: { label: 'Carried', color: 'yellow' },
  pending: { label: 'To be paid', color: 'blue' },
  failed: { label: 'Failed, retrying', color: 'red' },
  estimated: { label: 'Estimated', color: 'gray' },
};

function StatusCell({ month }: { month: EarningsMonth }) {
  const badge = STATUS_BADGES[month.status];
  return (
    <Stack gap={2}>
      <Badge color={badge.color} variant="light" w="fit-content">
        {badge.label}
      </Badge>
      {month.status === 'paid' && month.paid_at ? (
        <Text size="xs" c="dimmed">
          {new Date(month.paid_at).toLocaleDateString()}
        </Text>
      ) : null}
      {month.status === 'carried' && month.carry_reason ? (
        <Text size="xs" c="dimmed">
          {PAYEE_CARRY_WORDS[month.carry_reason]}
        </Text>
      ) : null}
      {month.status === 'estimated' ? (
        <Text size="xs" c="dimmed">
          awaiting approval
        </Text>
      ) : null}
    </Stack>
  );
}

function Tile({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" bg="dark.6">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

function MonthsTable({ earnings }: { earnings: CreatorEarnings }) {
  const money = (cents: number) => formatMoney(cents, earnings.currency);
  if (earnings.months.length === 0)
    return (
      <EmptyState title="No past months yet" icon={<IconCoin size={22} />}>
        Once a month with your sounds' earnings ends and is approved, it is listed here with its statement.
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Your past months" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th ta="right">Pool</Table.Th>
            <Table.Th ta="right">Sales</Table.Th>
            <Table.Th ta="right">Adjustments</Table.Th>
            <Table.Th ta="right">Carried in</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Statement</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {earnings.months.map((month) => {
            const label = monthLabel(month.month);
            return (
              <Table.Tr key={month.month} data-month={month.month}>
                <Table.Td fw={600}>{label}</Table.Td>
                <Table.Td ta="right">{month.credits}</Table.Td>
                <Table.Td ta="right">{money(month.pool_cents)}</Table.Td>
                <Table.Td ta="right">{money(month.sales_cents)}</Table.Td>
                <Table.Td ta="right">{money(month.adjustment_cents)}</Table.Td>
                <Table.Td ta="right">{money(month.carried_in_cents)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(month.amount_cents)}
                </Table.Td>
                <Table.Td>
                  <StatusCell month={month} />
                </Table.Td>
                <Table.Td>
                  {month.has_statement ? (
                    <Group gap={4} wrap="nowrap">
                      <StatementButton kind="creator" month={month.month} format="pdf" label={label} />
                      <StatementButton kind="creator" month={month.month} format="csv" label={label} />
                    </Group>
                  ) : (
                    <Text size="xs" c="dimmed">
                      After approval
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /creator's Earnings (decision 0055): the month so far as the hourly draft estimates it, the balance carried, the
 * payout account, and past months with their statements. The viewer's own lines only (a collaborator sees theirs).
 */
export function EarningsSection() {
  const earnings = useCreatorEarnings();
  const data = earnings.data;
  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'usd');
  const minimum = money(data?.minimum_payout_cents ?? 1000);
  return (
    <Paper withBorder p="lg" bg="dark.7" mb="xl" component="section" aria-labelledby="earnings-title">
      <Title order={2} size="h3" mb={4} id="earnings-title">
        Earnings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each month, 70 % of subscription and refill revenue is shared by the credits spent on creators' sounds, plus 70 % of what your packs sell for. Balances under {minimum} are carried into the next month.
      </Text>
      {earnings.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your earnings">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={96} />
            ))}
          </SimpleGrid>
          <Skeleton height={120} />
        </Stack>
      ) : earnings.isError ? (
        <Stack gap="xs">
          <ApiErrorAlert error={earnings.error} title="Your earnings did not load" />
          <Button variant="default" w="fit-content" onClick={() => void earnings.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Tile label={`${monthLabel(data.this_month.month)} so far`} value={money(data.this_month.amount_cents)}>
              <Text size="xs" c="dimmed" data-testid="this-month-estimate">
                {data.this_month.computed_at ? `Estimated as of ${when(data.this_month.computed_at)} · ${data.this_month.credits} credits` : 'Estimated hourly; nothing counted yet this month.'}
              </Text>
            </Tile>
            <Tile label="Balance carried" value={money(data.balance_carried.amount_cents)}>
              <Text size="xs" c="dimmed">
                {data.balance_carried.from_month && data.balance_carried.reason
                  ? `From ${monthLabel(data.balance_carried.from_month)}: ${PAYEE_CARRY_WORDS[data.balance_carried.reason]}.`
                  : 'Nothing carried into this month.'}
              </Text>
            </Tile>
            <PayoutAccountCard minimum={minimum} returnPath="/creator" paid="Each month's earnings" />
          </SimpleGrid>
          <Title order={3} size="h5">
            Past months
          </Title>
          <MonthsTable earnings={data} />
        </Stack>
      ) : null}
    </Paper>
  );
}
