import { ActionIcon, Anchor, Badge, Button, Card, Container, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconDownload, IconSearch, IconSortAscending, IconSortDescending, IconCash } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PAYOUT_LINE_SORTS, type MonthlyPayout, type MonthlyPayoutSummary, type PayoutLine, type PayoutLineSort } from '@crate/contract/payout-admin';
import { PAYOUT_LINE_STATUSES, type MonthlyPayoutStatus, type PayoutCarryReason, type PayoutLineStatus } from '@crate/contract/payout-enums';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { dialogs } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { formatMoney } from '../../../components/money.ts';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { monthLabel } from '../../../components/month-label.ts';
import {
  payoutExportUrl,
  useApprovePayoutMonth,
  usePayoutLines,
  usePayoutLineSpends,
  usePayoutMonth,
  usePayoutMonths,
  usePayPayoutMonth,
  useRecomputePayoutMonth,
  type PayoutLineFilter,
} from '../api/payouts.ts';

/** /monthlypayout: the months; /monthlypayout/{id}: one month's totals and lines, and what an admin does with it (docs/decisions/0054). */
export default function MonthlyPayoutScreen() {
  const { id } = useParams();
  return id && id !== 'current' ? <MonthOne key={id} id={id} /> : <MonthList />;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const number = new Intl.NumberFormat();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

const MONTH_STATUS: Record<MonthlyPayoutStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  approved: { label: 'Approved', color: 'blue' },
  paying: { label: 'Paying', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
};
const LINE_STATUS: Record<PayoutLineStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  paid: { label: 'Paid', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  carried: { label: 'Carried', color: 'yellow' },
};
const CARRY_REASONS: Record<PayoutCarryReason, string> = {
  below_minimum: 'Below the $10 minimum',
  no_account: 'No payout account yet',
  negative: 'Owes back a refund',
};
const SORT_LABELS: Record<PayoutLineSort, string> = { amount: 'Amount', payee: 'Payee', credits: 'Credits', status: 'Status' };

function MonthStatusBadge({ status }: { status: MonthlyPayoutStatus }) {
  return (
    <Badge color={MONTH_STATUS[status].color} variant="light">
      {MONTH_STATUS[status].label}
    </Badge>
  );
}

function LineStatusBadge({ status }: { status: PayoutLineStatus }) {
  return (
    <Badge color={LINE_STATUS[status].color} variant="light" size="sm">
      {LINE_STATUS[status].label}
    </Badge>
  );
}

const adminEyebrow = (
  <Anchor component={Link} to="/admin" c="ember.4">
    Admin
  </Anchor>
);

function MonthList() {
  const months = usePayoutMonths();
  const rows = pageRows(months.data);
  let content: ReactNode;
  if (months.isPending) content = <CenteredLoader label="Loading the months…" />;
  else if (months.isError) content = <ApiErrorAlert error={months.error} title="Could not load the months" />;
  else if (rows.length === 0)
    content = (
      <EmptyState title="No month computed yet" icon={<IconCash size={22} />}>
        The payout-drafts job computes the month so far and the month just ended every hour; they appear here then.
      </EmptyState>
    );
  else
    content = (
      <>
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Payout months">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
                <Table.Th ta="right">Creator pool</Table.Th>
                <Table.Th ta="right">Sales owed</Table.Th>
                <Table.Th ta="right">Crate’s share</Table.Th>
                <Table.Th ta="right">Refunds carried</Table.Th>
                <Table.Th ta="right">Payable</Table.Th>
                <Table.Th>Lines</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m: MonthlyPayoutSummary) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/monthlypayout/${m.id}`} fw={600}>
                      {monthLabel(m.month)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <MonthStatusBadge status={m.status} />
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(m.revenue_cents, m.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.pool_cents, m.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.sales_owed_cents, m.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.crate_share_cents, m.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.adjustments_cents, m.currency)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(m.total_cents, m.currency)}
                  </Table.Td>
                  <Table.Td>
                    <LineCounts lines={m.lines} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {months.hasNextPage ? <EndOfList onEndReached={() => void months.fetchNextPage()} label="Earlier months" /> : null}
      </>
    );
  return (
    <Container size="xl" py="xl">
      <ScreenHeader eyebrow={adminEyebrow} title="Monthly payouts" subtitle="What creators and collaborators earned each month, newest first: review, approve and pay a month." />
      {content}
    </Container>
  );
}

function LineCounts({ lines }: { lines: MonthlyPayoutSummary['lines'] }) {
  const parts = PAYOUT_LINE_STATUSES.filter((s) => lines[s] > 0);
  if (parts.length === 0) return <Text size="sm" c="dimmed">None</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      {parts.map((s) => (
        <Badge key={s} color={LINE_STATUS[s].color} variant="light" size="sm">
          {number.format(lines[s])} {LINE_STATUS[s].label.toLowerCase()}
        </Badge>
      ))}
    </Group>
  );
}

function MonthOne({ id }: { id: string }) {
  const month = usePayoutMonth(id);
  if (!UUID.test(id)) return <NotFoundState screenTitle="Monthly payout" what="month" browse={{ to: '/monthlypayout', label: 'All months' }} />;
  if (month.isPending) return <CenteredLoader label="Loading the month…" />;
  if (month.isError) {
    if (isApiError(month.error) && (month.error.status === 404 || month.error.status === 400)) return <NotFoundState screenTitle="Monthly payout" what="month" browse={{ to: '/monthlypayout', label: 'All months' }} />;
    return (
      <Container size="xl" py="xl">
        <ApiErrorAlert error={month.error} title="Could not load the month" />
      </Container>
    );
  }
  const m = month.data;
  return (
    <Container size="xl" py="xl">
      <Anchor component={Link} to="/monthlypayout" size="sm">
        ← All months
      </Anchor>
      <ScreenHeader
        eyebrow="Admin · Monthly payout"
        title={monthLabel(m.month)}
        subtitle={
          <Group gap="xs" component="span">
            <MonthStatusBadge status={m.status} />
            <Text span size="sm" c="dimmed">
              {m.computed_at ? `Computed ${dateTime(m.computed_at)}` : 'Not computed yet'}
              {m.approved_at ? ` · approved ${dateTime(m.approved_at)}${m.approved_by ? ` by ${m.approved_by.display_name}` : ''}` : ''}
              {m.paid_at ? ` · paid ${dateTime(m.paid_at)}` : ''}
              {m.status === 'draft' && !m.ended ? ' · the month is not over: its lines are an estimate' : ''}
            </Text>
          </Group>
        }
      />
      <MonthActions month={m} />
      <Totals month={m} />
      <Lines month={m} />
    </Container>
  );
}

function MonthActions({ month: m }: { month: MonthlyPayout }) {
  const recompute = useRecomputePayoutMonth(m.id);
  const approve = useApprovePayoutMonth(m.id);
  const pay = usePayPayoutMonth(m.id);
  const money = (v: number) => formatMoney(v, m.currency);
  const payable = m.lines.pending + m.lines.failed;
  const confirmApprove = () =>
    dialogs.openConfirmModal({
      title: `Approve ${monthLabel(m.month)}`,
      children: (
        <Stack gap="xs">
          <Text>
            The month is computed a last time and frozen: <strong>{money(m.total_cents)}</strong> to {number.format(m.lines.pending)} payees as of the last computation, and{' '}
            {number.format(m.lines.carried)} lines carried into next month.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is paid until you press Pay. Refunds that arrive later are taken back from the next month.
          </Text>
        </Stack>
      ),
      labels: { confirm: `Approve ${money(m.total_cents)}`, cancel: 'Cancel' },
      onConfirm: () =>
        approve.mutate(undefined, {
          onSuccess: (after) => notifications.show({ message: `${monthLabel(after.month)} approved: ${money(after.total_cents)} to pay.` }),
          onError: (error) => notifications.show({ color: 'red', title: 'The month was not approved', message: apiErrorMessage(error) }),
        }),
    });
  const confirmPay = (retry: boolean) =>
    dialogs.openConfirmModal({
      title: retry ? `Retry the failed transfers of ${monthLabel(m.month)}` : `Pay ${monthLabel(m.month)}`,
      children: <Text>{retry ? `${number.format(m.lines.failed)} failed lines are sent again. Lines already paid are never paid twice.` : `${number.format(payable)} transfers, ${money(m.total_cents)} in all, each made once.`}</Text>,
      labels: { confirm: retry ? 'Retry failed' : `Pay ${money(m.total_cents)}`, cancel: 'Cancel' },
      onConfirm: () =>
        pay.mutate(undefined, {
          onSuccess: () => notifications.show({ message: retry ? 'Retrying the failed transfers…' : 'Paying: the transfers are under way.' }),
          onError: (error) => notifications.show({ color: 'red', title: 'Paying did not start', message: apiErrorMessage(error) }),
        }),
    });
  return (
    <Paper withBorder p="md" bg="dark.7" mb="lg" component="section" aria-label="Month actions">
      <Group gap="sm" wrap="wrap">
        {m.status === 'draft' ? (
          <>
            <Button variant="default" loading={recompute.isPending} onClick={() => recompute.mutate(undefined, { onSuccess: () => notifications.show({ message: 'Computed again from the ledger.' }) })}>
              Recompute
            </Button>
            <Button onClick={confirmApprove} loading={approve.isPending} disabled={!m.ended} title={m.ended ? undefined : 'A month is approved once it is over'}>
              Approve…
            </Button>
          </>
        ) : null}
        {m.status === 'approved' ? (
          <Button color="teal" onClick={() => confirmPay(false)} loading={pay.isPending}>
            Pay…
          </Button>
        ) : null}
        {m.status !== 'draft' && m.lines.failed > 0 && m.status !== 'paying' ? (
          <Button color="red" variant="light" onClick={() => confirmPay(true)} loading={pay.isPending}>
            Retry failed ({number.format(m.lines.failed)})
          </Button>
        ) : null}
        <Button component="a" href={payoutExportUrl(m.id)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Export CSV
        </Button>
        {m.status === 'paying' ? (
          <Text size="sm" c="yellow.4" role="status" aria-live="polite">
            Paying: {number.format(m.lines.paid)} paid, {number.format(m.lines.pending)} to go, {number.format(m.lines.failed)} failed.
          </Text>
        ) : null}
        {m.status === 'draft' && !m.ended ? (
          <Text size="sm" c="dimmed">
            Approve once the month is over.
          </Text>
        ) : null}
      </Group>
      {recompute.isError ? <ApiErrorAlert error={recompute.error} title="The month was not computed" /> : null}
    </Paper>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder bg="dark.7" padding="md" component="figure" m={0} aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

function Totals({ month: m }: { month: MonthlyPayout }) {
  const money = (v: number) => formatMoney(v, m.currency);
  return (
    <section aria-labelledby="payout-totals">
      <SectionHeader id="payout-totals" title="Totals" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" mb="xl">
        <Stat label="Revenue recognised" value={money(m.revenue_cents)} note="Plans and refills, net of refunds" />
        <Stat label="Creator pool" value={money(m.pool_cents)} note={`70 % of revenue, shared by ${number.format(m.credits)} credits`} />
        <Stat label="Sales" value={money(m.sales_cents)} note={`${money(m.sales_owed_cents)} owed to creators`} />
        <Stat label="Affiliate commissions" value={money(m.commissions_cents)} note="On referred users’ payments, from Crate’s share" />
        <Stat label="Crate’s share" value={money(m.crate_share_cents)} note="Revenue − pool + sales − sales owed − commissions" />
        <Stat label="Refunds carried" value={money(m.adjustments_cents)} note="Refunds of approved months taken back" />
        <Stat label="Carried in" value={money(m.carried_in_cents)} note="Balances from earlier months" />
        <Stat label="Total payable" value={money(m.total_cents)} note={`${number.format(m.lines.pending + m.lines.paid + m.lines.failed)} transfers`} />
        <Stat label="Lines" value={number.format(m.lines.pending + m.lines.paid + m.lines.failed + m.lines.carried)} note={PAYOUT_LINE_STATUSES.map((s) => `${m.lines[s]} ${LINE_STATUS[s].label.toLowerCase()}`).join(' · ')} />
      </SimpleGrid>
    </section>
  );
}

function Lines({ month: m }: { month: MonthlyPayout }) {
  const [params, setParams] = useSearchParams();
  const status = (PAYOUT_LINE_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as PayoutLineStatus) : undefined;
  const sort = (PAYOUT_LINE_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as PayoutLineSort) : 'amount';
  const dir = params.get('dir') === 'asc' || params.get('dir') === 'desc' ? (params.get('dir') as 'asc' | 'desc') : sort === 'payee' || sort === 'status' ? 'asc' : 'desc';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // The cursors of the pages before this one: Previous pops, Next pushes.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const filter: PayoutLineFilter = { q: debounced || undefined, status, sort, dir };
  const cursor = cursors.at(-1);
  const lines = usePayoutLines(m.id, filter, cursor, m.status === 'paying');
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setCursors([undefined]);
  };
  const money = (v: number) => formatMoney(v, m.currency);

  let content: ReactNode;
  if (lines.isPending) content = <CenteredLoader label="Loading the lines…" />;
  else if (lines.isError) content = <ApiErrorAlert error={lines.error} title="Could not load the lines" />;
  else if (lines.data.items.length === 0)
    content = (
      <EmptyState title={filter.q || status ? 'No line matches' : 'No lines this month'}>
        {filter.q || status ? 'Search by part of a payee’s name or e-mail, or clear the status.' : 'Nobody earned anything in this month (yet): no credits spent on paid sounds and no sales.'}
      </EmptyState>
    );
  else
    content = (
      <>
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="xs" aria-label="Payout lines" style={{ opacity: lines.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
                <Table.Th>Payee</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th ta="right">Pool</Table.Th>
                <Table.Th ta="right">Sales</Table.Th>
                <Table.Th ta="right">Commission</Table.Th>
                <Table.Th ta="right">Adjustment</Table.Th>
                <Table.Th ta="right">Carried in</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Ledger</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.data.items.map((line) => (
                <LineRow key={line.id} line={line} month={m} money={money} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" mt="sm">
          <Button variant="default" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </Button>
          <Text size="sm" c="dimmed">
            Page {cursors.length}
          </Text>
          <Button variant="default" disabled={!lines.data.next_cursor} onClick={() => setCursors((c) => [...c, lines.data.next_cursor ?? undefined])}>
            Next
          </Button>
        </Group>
      </>
    );

  return (
    <section aria-labelledby="payout-lines">
      <SectionHeader id="payout-lines" title="Lines" subtitle="One per payee: what they earned from the pool and sales, refunds taken back, and whether it is paid or carried." />
      <Group align="flex-end" mb="md" gap="md" wrap="wrap" role="search" aria-label="Filter the lines">
        <TextInput
          label="Search payees"
          placeholder="Name or e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setParam('q', e.currentTarget.value.trim() || null);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select label="Status" placeholder="Any status" clearable data={PAYOUT_LINE_STATUSES.map((s) => ({ value: s, label: LINE_STATUS[s].label }))} value={status ?? null} onChange={(v) => setParam('status', v)} w={170} />
        <Select label="Sort by" data={PAYOUT_LINE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))} value={sort} allowDeselect={false} onChange={(v) => setParam('sort', v)} w={150} />
        <ActionIcon
          variant="default"
          size="lg"
          mb={2}
          aria-label={dir === 'asc' ? 'Ascending: sort descending instead' : 'Descending: sort ascending instead'}
          onClick={() => setParam('dir', dir === 'asc' ? 'desc' : 'asc')}
        >
          {dir === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Group>
      {content}
    </section>
  );
}

function LineRow({ line, month, money }: { line: PayoutLine; month: MonthlyPayout; money(v: number): string }) {
  const [open, setOpen] = useState(false);
  const reason = line.status === 'carried' && line.carry_reason ? CARRY_REASONS[line.carry_reason] : line.status === 'failed' ? line.failure_reason : null;
  const detailsId = `line-details-${line.id}`;
  // An affiliate's line is commissions: no split of packs behind it.
  const creator = line.kind === 'creator';
  return (
    <Fragment>
      <Table.Tr data-line-row={line.payee.email}>
        <Table.Td>
          {creator ? (
            <ActionIcon variant="subtle" aria-expanded={open} aria-controls={detailsId} aria-label={`${open ? 'Hide' : 'Show'} the split of ${line.payee.display_name}`} onClick={() => setOpen((o) => !o)}>
              {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={`/manageuser/${line.payee.id}`} fw={600} size="sm">
              {line.payee.display_name}
            </Anchor>
            {creator ? null : (
              <Badge size="xs" variant="light" color="grape">
                Affiliate
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {line.payee.email}
          </Text>
        </Table.Td>
        <Table.Td ta="right">{number.format(line.credits)}</Table.Td>
        <Table.Td ta="right">{money(line.pool_cents)}</Table.Td>
        <Table.Td ta="right">{money(line.sales_cents)}</Table.Td>
        <Table.Td ta="right">{money(line.commission_cents)}</Table.Td>
        <Table.Td ta="right" c={line.adjustment_cents < 0 ? 'red.4' : undefined}>
          {money(line.adjustment_cents)}
        </Table.Td>
        <Table.Td ta="right">{money(line.carried_in_cents)}</Table.Td>
        <Table.Td ta="right" fw={700} c={line.amount_cents < 0 ? 'red.4' : undefined}>
          {money(line.amount_cents)}
        </Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <LineStatusBadge status={line.status} />
            {reason ? (
              <Text size="xs" c="dimmed">
                {reason}
              </Text>
            ) : null}
          </Stack>
        </Table.Td>
        <Table.Td>
          <Button size="compact-sm" variant="light" onClick={() => openSpends(month, line)}>
            Spends
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={detailsId}>
          <Table.Td />
          <Table.Td colSpan={10}>
            <SplitDetails line={line} money={money} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

function SplitDetails({ line, money }: { line: PayoutLine; money(v: number): string }) {
  if (line.details.length === 0) return <Text size="sm" c="dimmed">Nothing earned from packs this month: the line is carried in or adjustments only.</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={`Split of ${line.payee.display_name}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Pack</Table.Th>
          <Table.Th>Creator</Table.Th>
          <Table.Th ta="right">Share</Table.Th>
          <Table.Th ta="right">Credits</Table.Th>
          <Table.Th ta="right">Sales</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {line.details.map((d) => (
          <Table.Tr key={`${d.pack_id}-${d.creator_id}`}>
            <Table.Td>{d.pack_title}</Table.Td>
            <Table.Td>{d.creator_name}</Table.Td>
            <Table.Td ta="right">{(d.share_bps / 100).toFixed(2)} %</Table.Td>
            <Table.Td ta="right">{number.format(d.credits)}</Table.Td>
            <Table.Td ta="right">{money(d.sales_cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function openSpends(month: MonthlyPayout, line: PayoutLine) {
  dialogs.open({ title: `Spends behind ${line.payee.display_name}’s line · ${monthLabel(month.month)}`, size: 'xl', children: <SpendsPanel month={month} lineId={line.id} /> });
}

/** The drill-down: every ledger row (an item got with credits, or a sale) the line was computed from, and the refunds taken back in it. */
function SpendsPanel({ month, lineId }: { month: MonthlyPayout; lineId: string }) {
  const spends = usePayoutLineSpends(month.id, lineId);
  const money = (v: number) => formatMoney(v, month.currency);
  if (spends.isPending) return <CenteredLoader label="Loading the spends…" />;
  if (spends.isError) return <ApiErrorAlert error={spends.error} title="Could not load the spends" />;
  const rows = pageRows(spends.data);
  const adjustments = spends.data.pages[0]?.adjustments ?? [];
  return (
    <Stack gap="md" data-spends-panel>
      {rows.length === 0 ? (
        <EmptyState title="No spends or sales">This line has no ledger rows of its own this month: it is carried in or adjustments only.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={4} aria-label="Ledger rows behind the line">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Sound</Table.Th>
                <Table.Th>Pack</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th ta="right">Price share</Table.Th>
                <Table.Th ta="right">Payee’s share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.entry_id}>
                  <Table.Td>{dateTime(s.acquired_at)}</Table.Td>
                  <Table.Td>{s.item_name}</Table.Td>
                  <Table.Td>{s.pack_title}</Table.Td>
                  <Table.Td ta="right">{s.credits === null ? '—' : number.format(s.credits)}</Table.Td>
                  <Table.Td ta="right">{s.price_cents === null ? '—' : money(s.price_cents)}</Table.Td>
                  <Table.Td ta="right">{(s.share_bps / 100).toFixed(2)} %</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {spends.hasNextPage ? <EndOfList onEndReached={() => void spends.fetchNextPage()} label="More spends" /> : null}
      {adjustments.length > 0 ? (
        <div>
          <Title order={3} size="h5" mb="xs">
            Refunds taken back
          </Title>
          <Table verticalSpacing={4} aria-label="Refunds taken back in this line">
            <Table.Tbody>
              {adjustments.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.kind === 'pool_refund' ? 'Plan or refill refunded' : 'Purchase refunded'}</Table.Td>
                  <Table.Td>counted in {monthLabel(a.source_month)}</Table.Td>
                  <Table.Td ff="monospace">{a.receipt_id}</Table.Td>
                  <Table.Td ta="right" c="red.4">
                    {money(a.amount_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
    </Stack>
  );
}
