import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Badge, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminDashboard } from '@crate/contract/admin-dashboard';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAdminDashboard } from '../api/dashboard.ts';
import { useAdminJobs } from '../api/jobs.ts';
import { AffiliatesTable } from '../components/affiliates-table.tsx';
import { AttributionPanel } from '../components/attribution-panel.tsx';
import { monthLabel } from '../../../components/month-label.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const number = new Intl.NumberFormat();

/** /admin: what needs attention now, the month's key numbers, a user search and every admin tool. */
export default function AdminScreen() {
  const dashboard = useAdminDashboard();
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Admin" subtitle="What needs attention, how Crate is doing, and every tool to run it." />
      <UserSearch />
      {dashboard.isPending ? (
        <CenteredLoader label="Loading the dashboard…" />
      ) : dashboard.isError ? (
        <ApiErrorAlert error={dashboard.error} title="Could not load the dashboard" />
      ) : (
        <>
          <Attention attention={dashboard.data.attention} />
          <PayoutsWaiting months={dashboard.data.payouts_waiting} />
          <KeyNumbers dashboard={dashboard.data} />
        </>
      )}
      <Tools />
      <AffiliatesTable />
      <AttributionPanel />
      <JobFailures />
    </Container>
  );
}

function UserSearch() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    void navigate(UUID.test(text) ? `/manageuser/${text}` : `/manageuser${text ? `?q=${encodeURIComponent(text)}` : ''}`);
  };
  return (
    <Paper withBorder p="md" bg="dark.7" mb="xl" component="form" onSubmit={submit} role="search" aria-label="User search">
      <Group align="flex-end" gap="sm">
        <TextInput label="Find a user" placeholder="E-mail, display name or user id" leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)} style={{ flex: 1 }} />
        <Button type="submit">Search</Button>
      </Group>
    </Paper>
  );
}

interface AttentionItem {
  label: string;
  count: number | null;
  to?: string;
  note?: string;
}

function Attention({ attention }: { attention: AdminDashboard['attention'] }) {
  const items: AttentionItem[] = [
    { label: 'Creator applications waiting', count: attention.creator_applications, to: '/reviewcreator' },
    { label: 'Packs awaiting approval', count: attention.packs_awaiting_review, to: '/reviewcreator#waiting-packs' },
    { label: 'Packs with file errors', count: attention.packs_with_file_errors, to: '/reviewcreator#waiting-packs', note: 'Their creators fix the files and submit again.' },
    { label: 'Processing runs failed (30 days)', count: attention.failed_processing_runs, to: '/reviewcreator#waiting-packs' },
    { label: 'Failed jobs', count: attention.failed_jobs, to: '#job-failures' },
    { label: 'Open payment disputes', count: attention.open_disputes, note: "Answered in the payment provider's dashboard." },
    { label: 'Payouts waiting for approval', count: attention.payouts_awaiting_approval, to: '/monthlypayout', note: 'Months over whose draft an admin approves.' },
  ];
  return (
    <>
      <SectionHeader id="attention" title="Needs attention" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="xl">
        {items.map((item) => (
          <AttentionCard key={item.label} item={item} />
        ))}
      </SimpleGrid>
    </>
  );
}

function AttentionCard({ item }: { item: AttentionItem }) {
  const waiting = item.count !== null && item.count > 0;
  const body = (
    <Stack gap={4}>
      <Text size="xl" fw={700} c={item.count === null ? 'dimmed' : waiting ? 'ember.4' : undefined}>
        {item.count === null ? '—' : number.format(item.count)}
      </Text>
      <Text size="sm" fw={600}>
        {item.label}
      </Text>
      {item.note ? (
        <Text size="xs" c="dimmed">
          {item.note}
        </Text>
      ) : null}
    </Stack>
  );
  if (!item.to) {
    return (
      <Card withBorder bg="dark.7" padding="md">
        {body}
      </Card>
    );
  }
  return (
    <CardLink to={item.to}>
      {body}
    </CardLink>
  );
}

/** A card that is one link: to another screen, or (`#id`) to a section of this one. */
function CardLink({ to, children }: { to: string; children: ReactNode }) {
  const style = { textDecoration: 'none', color: 'inherit' };
  return to.startsWith('#') ? (
    <Card withBorder bg="dark.7" padding="md" component="a" href={to} style={style}>
      {children}
    </Card>
  ) : (
    <Card withBorder bg="dark.7" padding="md" component={Link} to={to} style={style}>
      {children}
    </Card>
  );
}

const WAITING_FOR: Record<AdminDashboard['payouts_waiting'][number]['status'], string> = { draft: 'Ended: review and approve', approved: 'Approved: pay it', paying: 'Paying now', paid: 'Paid' };

/** Payout months waiting for an admin: ended drafts to approve and approved months to pay, each a link to its month. */
function PayoutsWaiting({ months }: { months: AdminDashboard['payouts_waiting'] }) {
  if (months.length === 0) return null;
  return (
    <section aria-labelledby="payouts-waiting">
      <SectionHeader id="payouts-waiting" title="Payouts waiting" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="xl">
        {months.map((m) => (
          <CardLink key={m.id} to={`/monthlypayout/${m.id}`}>
            <Text fw={600}>{monthLabel(m.month)}</Text>
            <Text size="sm" c={m.status === 'draft' ? 'ember.4' : 'blue.3'}>
              {WAITING_FOR[m.status]}
            </Text>
          </CardLink>
        ))}
      </SimpleGrid>
    </section>
  );
}

type Metric = 'signups' | 'active_subscribers' | 'mrr' | 'credits_spent' | 'downloads' | 'plays';

function KeyNumbers({ dashboard }: { dashboard: AdminDashboard }) {
  const money = (v: number) => (dashboard.currency ? formatMoney(v, dashboard.currency) : '—');
  const metrics: { key: Metric; label: string; kind: 'flow' | 'level'; format(v: number): string }[] = [
    { key: 'signups', label: 'Sign-ups', kind: 'flow', format: number.format },
    { key: 'active_subscribers', label: 'Active subscribers', kind: 'level', format: number.format },
    { key: 'mrr', label: 'Monthly recurring revenue', kind: 'level', format: money },
    { key: 'credits_spent', label: 'Credits spent', kind: 'flow', format: number.format },
    { key: 'downloads', label: 'Downloads', kind: 'flow', format: number.format },
    { key: 'plays', label: 'Plays', kind: 'flow', format: number.format },
  ];
  return (
    <>
      <SectionHeader
        id="key-numbers"
        title="Last 30 days"
        subtitle={dashboard.updated_at ? `Counted up to ${new Date(dashboard.updated_at).toLocaleTimeString()}; brought up to date every ten minutes.` : 'Not counted yet: the first count runs within ten minutes of the workers starting.'}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" mb="xl">
        {metrics.map((m) => (
          <MetricCard key={m.key} dashboard={dashboard} metric={m} />
        ))}
      </SimpleGrid>
    </>
  );
}

function MetricCard({ dashboard, metric }: { dashboard: AdminDashboard; metric: { key: Metric; label: string; kind: 'flow' | 'level'; format(v: number): string } }) {
  const values = dashboard.days.map((d) => d[metric.key]);
  const known = values.filter((v): v is number => v !== null);
  // A flow (sign-ups, plays…) is summed over the month; a level (subscribers, MRR) is its latest snapshot.
  const headline = metric.kind === 'flow' ? known.reduce((a, v) => a + v, 0) : known.at(-1);
  const today = values.at(-1);
  return (
    <Card withBorder bg="dark.7" padding="md" component="figure" m={0} aria-label={metric.label}>
      <Text size="sm" c="dimmed" fw={600}>
        {metric.label}
      </Text>
      <Text size="xl" fw={700}>
        {headline === undefined ? '—' : metric.format(headline)}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {metric.kind === 'flow' ? `in 30 days · today ${today === null || today === undefined ? '—' : metric.format(today)}` : 'now'}
      </Text>
      {known.length > 1 ? (
        <div role="img" aria-label={`${metric.label} per day over the last 30 days`}>
          <Sparkline h={48} data={values.map((v) => v ?? 0)} curveType="linear" color="ember.5" fillOpacity={0.25} strokeWidth={1.5} />
        </div>
      ) : (
        <Text size="xs" c="dimmed" h={48}>
          Not enough days counted for a chart yet.
        </Text>
      )}
    </Card>
  );
}

const TOOLS: { to: string; label: string; line: string; planned?: true }[] = [
  { to: '/manageuser', label: 'Users', line: 'Find accounts; roles, status, credits, history.' },
  { to: '/reviewcreator', label: 'Creator and pack reviews', line: 'Applications and packs waiting for a decision.' },
  { to: '/archivedsearch', label: 'Archived search', line: 'Archived packs and taken-down sounds.' },
  { to: '/editbanner', label: 'Banners', line: 'The banners on Discover.' },
  { to: '/editplaylist', label: 'Staff playlists', line: 'Playlists picked by staff.' },
  { to: '/managebundle', label: 'Bundles', line: 'Packs sold together.' },
  { to: '/curation', label: 'Staff picks and featured creators', line: 'What Discover puts first, in order.' },
  { to: '#job-failures', label: 'Jobs', line: 'The queue and its latest failures, below.' },
  { to: '/monthlypayout', label: 'Monthly payouts', line: 'Creator payouts per month: review, approve, pay.' },
];

function Tools() {
  return (
    <>
      <SectionHeader id="tools" title="Tools" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="xl" component="nav" aria-label="Admin tools">
        {TOOLS.map((tool) => (
          <CardLink key={tool.to} to={tool.to}>
            <Group gap="xs">
              <Text fw={600}>{tool.label}</Text>
              {tool.planned ? (
                <Badge size="xs" variant="light" color="gray">
                  Planned
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {tool.line}
            </Text>
          </CardLink>
        ))}
      </SimpleGrid>
    </>
  );
}

function JobFailures() {
  const jobs = useAdminJobs();
  let content: ReactNode;
  if (jobs.isPending) content = <CenteredLoader label="Loading the job queue…" />;
  else if (jobs.isError) content = <ApiErrorAlert error={jobs.error} title="Could not load the job queue" />;
  else if (jobs.data.failures.length === 0) content = <EmptyState title="No job has failed">Jobs that fail for good, with their error, appear here.</EmptyState>;
  else
    content = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label="Latest failed jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.failures.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td ff="monospace">{f.name}</Table.Td>
                <Table.Td>{f.failed_at ? new Date(f.failed_at).toLocaleString() : '—'}</Table.Td>
                <Table.Td>
                  {f.attempts}/{f.max_attempts}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                    {f.error ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <section aria-labelledby="job-failures">
      <Title order={2} size="h3" id="job-failures" mb="md">
        Latest failed jobs
      </Title>
      {content}
    </section>
  );
}
