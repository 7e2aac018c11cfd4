import { Anchor, Badge, Button, Checkbox, Container, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CREDIT_ADJUSTMENT_MAX } from '@crate/contract/commerce';
import { ROLES, type Role } from '@crate/contract/roles';
import { ACCOUNT_STATUSES, type AccountStatus, type AdminUser, type AdminUserDetail } from '@crate/contract/users';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { formatMoney } from '../../../components/money.ts';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { ROLE_LABELS, RoleBadges } from '../../../components/role-badges.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useBilling } from '../../checkout/api/billing.ts';
import { useAdvanceTestClock } from '../api/test-clock.ts';
import { AffiliatePanel } from '../components/affiliate-panel.tsx';
import { Panel } from '../components/admin-panel.tsx';
import {
  useAdjustCredits,
  useAdminUser,
  useSetAccountEnabled,
  useSetUserRoles,
  useUserAudit,
  useUserCreditHistory,
  useUserDownloads,
  useUserList,
  useUserOwnedItems,
  useUserReceipts,
} from '../api/users.ts';

/** /manageuser: find accounts; /manageuser/{id}: one account, everything about it, and what an admin may change. */
export default function ManageUserScreen() {
  const { id } = useParams();
  return id ? <ManageOne key={id} id={id} /> : <UserList />;
}

const STATUS_LABELS: Record<AccountStatus, string> = { active: 'Active', locked: 'Locked', deactivated: 'Deactivated', disabled: 'Disabled' };
const STATUS_COLORS: Record<AccountStatus, string> = { active: 'teal', locked: 'yellow', deactivated: 'gray', disabled: 'red' };
const date = (iso: string) => new Date(iso).toLocaleDateString();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

function StatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function UserList() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = (ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as Role) : undefined;
  const status = (ACCOUNT_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as AccountStatus) : undefined;
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useUserList({ q: debounced || undefined, role, status });
  const rows = pageRows(list.data);
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <ScreenHeader eyebrow={<Anchor component={Link} to="/admin" c="ember.4">Admin</Anchor>} title="Manage users" subtitle="Find an account by e-mail, display name or id, newest first." />
      <Group align="flex-end" mb="lg" gap="md" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="E-mail, name or user id"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setParam('q', e.currentTarget.value.trim() || null);
          }}
          style={{ flex: 1, minWidth: 240 }}
        />
        <Select label="Role" placeholder="Any role" clearable data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} value={role ?? null} onChange={(v) => setParam('role', v)} w={180} />
        <Select label="Status" placeholder="Any status" clearable data={ACCOUNT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} value={status ?? null} onChange={(v) => setParam('status', v)} w={180} />
      </Group>
      {list.isPending ? (
        <CenteredLoader label="Loading accounts…" />
      ) : list.isError ? (
        <ApiErrorAlert error={list.error} title="Could not load the accounts" />
      ) : rows.length === 0 ? (
        <EmptyState title="No account matches" icon={<IconUsers size={22} />}>
          Search by the start of an e-mail or a display name, or paste a whole user id.
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Roles</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Joined</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u: AdminUser) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/manageuser/${u.id}`} fw={600}>
                        {u.display_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>
                      <RoleBadges roles={u.roles} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={u.status} />
                    </Table.Td>
                    <Table.Td>{date(u.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.hasNextPage ? <EndOfList onEndReached={() => void list.fetchNextPage()} label="More accounts" /> : null}
        </>
      )}
    </Container>
  );
}

function ManageOne({ id }: { id: string }) {
  const user = useAdminUser(id);
  if (user.isPending) return <CenteredLoader label="Loading the account…" />;
  if (user.isError) {
    if (isApiError(user.error) && (user.error.status === 404 || user.error.status === 400)) return <NotFoundState screenTitle="Manage user" what="account" browse={{ to: '/manageuser', label: 'Find an account' }} />;
    return (
      <Container size="lg" py="xl">
        <ApiErrorAlert error={user.error} title="Could not load the account" />
      </Container>
    );
  }
  const u = user.data;
  return (
    <>
      <Container size="lg" py="xl">
        <Anchor component={Link} to="/manageuser" size="sm">
          ← All users
        </Anchor>
        <ScreenHeader
          eyebrow="Admin · User"
          title={u.display_name}
          subtitle={
            <>
              {u.email} · joined {date(u.created_at)} · <Text span ff="monospace" size="sm">{u.id}</Text>
            </>
          }
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <StatusPanel user={u} />
          {/* Keyed by the roles: the affiliate panel grants a role, and the checkboxes start again from what the account holds. */}
          <RolesPanel key={u.roles.join()} user={u} />
          <CreditsPanel user={u} />
          <PlanPanel user={u} />
          <AffiliatePanel userId={u.id} />
        </SimpleGrid>
        <AccountLists id={id} />
      </Container>
      <SandboxClock />
    </>
  );
}

function StatusPanel({ user }: { user: AdminUserDetail }) {
  const me = useProfile();
  const change = useSetAccountEnabled(user.id);
  const [reason, setReason] = useState('');
  const disabled = user.status === 'disabled';
  const self = me.uid === user.id;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { enabled: disabled, reason },
      {
        onSuccess: () => {
          setReason('');
          notifications.show({ message: disabled ? 'Account enabled.' : 'Account disabled: every session of it has ended.' });
        },
      },
    );
  };
  return (
    <Panel title="Status">
      <Group gap="sm" mb="xs">
        <StatusBadge status={user.status} />
        {user.locked_until ? <Text size="sm" c="dimmed">Sign-in paused until {dateTime(user.locked_until)}</Text> : null}
        {user.deactivated_at ? <Text size="sm" c="dimmed">Deactivated by its owner {date(user.deactivated_at)}</Text> : null}
      </Group>
      {disabled ? (
        <Text size="sm" mb="sm">
          Disabled {user.disabled_at ? dateTime(user.disabled_at) : ''}: {user.disabled_reason}
        </Text>
      ) : null}
      {self ? (
        <Text size="sm" c="dimmed">
          This is your own account: another admin can disable it.
        </Text>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label={disabled ? 'Why enable it' : 'Why disable it'}
              description={disabled ? 'Kept in the audit trail.' : 'Every session of this account ends at once; sign-in says the account was disabled by staff.'}
              required
              minLength={3}
              maxLength={500}
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" color={disabled ? 'teal' : 'red'} loading={change.isPending} disabled={reason.trim().length < 3}>
                {disabled ? 'Enable account' : 'Disable account'}
              </Button>
            </Group>
            {change.isError ? <ApiErrorAlert error={change.error} title={disabled ? 'The account was not enabled' : 'The account was not disabled'} /> : null}
          </Stack>
        </form>
      )}
    </Panel>
  );
}

function RolesPanel({ user }: { user: AdminUserDetail }) {
  const save = useSetUserRoles(user.id);
  const [roles, setRoles] = useState<string[]>(user.roles);
  const changed = roles.length !== user.roles.length || roles.some((r) => !user.roles.includes(r as Role));
  return (
    <Panel title="Roles">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(roles as Role[], { onSuccess: (u) => notifications.show({ message: `Roles saved: ${u.roles.map((r) => ROLE_LABELS[r]).join(', ') || 'none'}.` }) });
        }}
      >
        <Checkbox.Group label="What this account may do" description="Takes effect on its next request." value={roles} onChange={setRoles}>
          <Stack gap={6} mt="xs">
            {ROLES.map((r) => (
              <Checkbox key={r} value={r} label={ROLE_LABELS[r]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group mt="sm">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            Save roles
          </Button>
        </Group>
        {save.isError ? <ApiErrorAlert error={save.error} title="The roles were not changed" /> : null}
      </form>
    </Panel>
  );
}

function CreditsPanel({ user }: { user: AdminUserDetail }) {
  const adjust = useAdjustCredits(user.id);
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate(
      { amount: Number(amount), reason, idempotency_key: key },
      {
        onSuccess: (balance) => {
          notifications.show({ message: `Credits adjusted: the balance is ${balance.credits}.` });
          setAmount('');
          setReason('');
          setKey(newIdempotencyKey());
        },
      },
    );
  };
  return (
    <Panel title="Credits">
      <Text size="xl" fw={700}>
        {user.credits.credits} credits
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {user.credits.credits_expire_at ? `The soonest expire ${date(user.credits.credits_expire_at)}.` : 'None expire.'}
      </Text>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput label="Add or take" description="Negative takes credits" allowDecimal={false} min={-CREDIT_ADJUSTMENT_MAX} max={CREDIT_ADJUSTMENT_MAX} value={amount} onChange={setAmount} w={150} required />
          <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} required minLength={3} maxLength={200} style={{ flex: 1, minWidth: 180 }} />
          <Button type="submit" loading={adjust.isPending} disabled={!amount || Number(amount) === 0 || reason.trim().length < 3}>
            Adjust
          </Button>
        </Group>
        {adjust.isError ? <ApiErrorAlert error={adjust.error} title="The credits were not adjusted" /> : null}
      </form>
    </Panel>
  );
}

function PlanPanel({ user }: { user: AdminUserDetail }) {
  const sub = user.billing.subscription;
  return (
    <Panel title="Plan and creator links">
      {sub ? (
        <Stack gap={4}>
          <Text fw={600}>
            {sub.plan.name} · {formatMoney(sub.plan.unit_amount, sub.plan.currency)}
            {sub.plan.interval ? ` a ${sub.plan.interval}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {sub.status}
            {sub.cancel_at_period_end ? ', ends' : ', renews'} {date(sub.current_period_end)}
            {sub.grants_access ? '' : ' · grants no access'}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No plan.
        </Text>
      )}
      <Stack gap={4} mt="md">
        <Text size="sm">
          Sells as:{' '}
          {user.creator ? (
            <Anchor component={Link} to={`/creator/${user.creator.id}`}>
              {user.creator.name}
            </Anchor>
          ) : (
            <Text span c="dimmed">
              not a creator
            </Text>
          )}
        </Text>
        <Text size="sm">
          Collaborates with:{' '}
          {user.collaborator_of.length === 0 ? (
            <Text span c="dimmed">
              nobody
            </Text>
          ) : (
            user.collaborator_of.map((c, i) => (
              <span key={c.id}>
                {i > 0 ? ', ' : ''}
                <Anchor component={Link} to={`/creator/${c.id}`}>
                  {c.name}
                </Anchor>
              </span>
            ))
          )}
        </Text>
      </Stack>
    </Panel>
  );
}

interface ListState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  fetchNextPage(): unknown;
}

/** One tab's paged table, with its loading, error and empty states. */
function PagedTable<T>({ query, rows, label, empty, head, row }: { query: ListState; rows: T[]; label: string; empty: string; head: string[]; row(r: T): ReactNode }) {
  if (query.isPending) return <CenteredLoader label={`Loading ${label.toLowerCase()}…`} />;
  if (query.isError) return <ApiErrorAlert error={query.error} title={`Could not load ${label.toLowerCase()}`} />;
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.hasNextPage ? <EndOfList onEndReached={() => void query.fetchNextPage()} /> : null}
    </>
  );
}

function AccountLists({ id }: { id: string }) {
  const [tab, setTab] = useState<string | null>('credits');
  return (
    <>
      <SectionHeader id="account-history" title="History" />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="credits">Credit ledger</Tabs.Tab>
          <Tabs.Tab value="receipts">Payments</Tabs.Tab>
          <Tabs.Tab value="owned">Owned and licences</Tabs.Tab>
          <Tabs.Tab value="downloads">Downloads</Tabs.Tab>
          <Tabs.Tab value="audit">Audit trail</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="credits">
          <CreditLedger id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="receipts">
          <Receipts id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="owned">
          <Owned id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="downloads">
          <Downloads id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditTrail id={id} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function CreditLedger({ id }: { id: string }) {
  const q = useUserCreditHistory(id);
  return (
    <PagedTable
      query={q}
      rows={pageRows(q.data)}
      label="Credit ledger"
      empty="No credit entries yet"
      head={['When', 'Kind', 'Amount', 'Reason', 'Left of it']}
      row={(e) => (
        <Table.Tr key={e.id}>
          <Table.Td>{dateTime(e.created_at)}</Table.Td>
          <Table.Td>{e.kind}</Table.Td>
          <Table.Td c={e.amount < 0 ? 'red.4' : 'teal.4'}>{e.amount > 0 ? `+${e.amount}` : e.amount}</Table.Td>
          <Table.Td>{e.reason}</Table.Td>
          <Table.Td>{e.remaining ?? '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Receipts({ id }: { id: string }) {
  const q = useUserReceipts(id);
  return (
    <PagedTable
      query={q}
      rows={pageRows(q.data)}
      label="Payments"
      empty="No payments"
      head={['When', 'What', 'Amount', 'Status']}
      row={(r) => (
        <Table.Tr key={r.id}>
          <Table.Td>{dateTime(r.created_at)}</Table.Td>
          <Table.Td>{r.description}</Table.Td>
          <Table.Td>{formatMoney(r.amount, r.currency)}</Table.Td>
          <Table.Td>{r.status}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Owned({ id }: { id: string }) {
  const q = useUserOwnedItems(id);
  return (
    <PagedTable
      query={q}
      rows={pageRows(q.data)}
      label="Owned sounds"
      empty="Owns nothing yet"
      head={['Sound', 'Pack', 'Got', 'Licence']}
      row={(o) => (
        <Table.Tr key={o.id}>
          <Table.Td>
            <Anchor component={Link} to={`/item/${o.slug}`}>
              {o.name}
            </Anchor>
          </Table.Td>
          <Table.Td>{o.pack?.title ?? '—'}</Table.Td>
          <Table.Td>{date(o.acquired_at)}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/licence/${o.certificate_number}`} ff="monospace" size="sm">
              {o.certificate_number}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Downloads({ id }: { id: string }) {
  const q = useUserDownloads(id);
  return (
    <PagedTable
      query={q}
      rows={pageRows(q.data)}
      label="Downloads"
      empty="No downloads yet"
      head={['When', 'Sound', 'Pack']}
      row={(d) => (
        <Table.Tr key={d.id}>
          <Table.Td>{dateTime(d.downloaded_at)}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/item/${d.item_slug}`}>
              {d.item_name}
            </Anchor>
          </Table.Td>
          <Table.Td>{d.pack_title}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function AuditTrail({ id }: { id: string }) {
  const q = useUserAudit(id);
  return (
    <PagedTable
      query={q}
      rows={pageRows(q.data)}
      label="Audit trail"
      empty="Nothing recorded yet"
      head={['When', 'What', 'Who', 'Details']}
      row={(a) => (
        <Table.Tr key={a.id}>
          <Table.Td>{dateTime(a.created_at)}</Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {a.action}
            </Text>
            <Text size="xs" c="dimmed">
              {a.direction === 'to' ? 'done to this account' : `done by it to ${a.target_type} ${a.target_id}`}
            </Text>
          </Table.Td>
          <Table.Td>{a.actor ? a.actor.id === id ? 'this account' : <Anchor component={Link} to={`/manageuser/${a.actor.id}`}>{a.actor.display_name}</Anchor> : 'the system'}</Table.Td>
          <Table.Td>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
              {JSON.stringify(a.details)}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** Sandbox only (decision 0023): see a renewal, an expiry or a failed renewal without waiting a month. */
function SandboxClock() {
  const { id } = useParams();
  const billing = useBilling();
  const clock = useAdvanceTestClock();
  if (!id || billing.data?.provider !== 'sandbox') return null;
  const when = (iso: string) => new Date(iso).toLocaleDateString();
  return (
    <Container size="lg" pb="xl">
      <Paper withBorder p="lg" bg="dark.7" maw={760}>
        <Title order={2} size="h4">
          Sandbox test clock
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Moves this user's sandbox subscription to its next period: a plan set to cancel ends; otherwise the renewal is charged.
        </Text>
        <Group mt="md" gap="sm">
          <Button loading={clock.isPending && clock.variables?.outcome === 'pay'} onClick={() => clock.mutate({ user_id: id, outcome: 'pay' })}>
            Next period, card pays
          </Button>
          <Button variant="light" color="red" loading={clock.isPending && clock.variables?.outcome === 'fail'} onClick={() => clock.mutate({ user_id: id, outcome: 'fail' })}>
            Next period, card declined
          </Button>
        </Group>
        {clock.isError ? <ApiErrorAlert error={clock.error} title="The clock did not move" /> : null}
        {clock.data ? (
          <Text size="sm" mt="md" role="status">
            Subscription {clock.data.status}, period {when(clock.data.current_period_start)} – {when(clock.data.current_period_end)}; {clock.data.events.length} events sent.
          </Text>
        ) : null}
      </Paper>
    </Container>
  );
}
