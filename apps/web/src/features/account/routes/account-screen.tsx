import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconCreditCard, IconHistory, IconId, IconLock, IconReceipt, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Billing } from '@crate/contract/checkout';
import type { CreditEntry } from '@crate/contract/commerce';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../components/long-date.ts';
import { formatMoney } from '../../../components/money.ts';
import { RoleBadges } from '../../../components/role-badges.tsx';
import { useBilling, useCancelPlan, useCreditBalance, useCreditHistory, useOpenPortal, useReceipts } from '../../checkout/api/billing.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { profileQueryKey } from '../../../profile/api/get-profile.ts';
import { displayNameOf } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={6} style={{ borderBottom: '1px solid var(--mantine-color-dark-5)' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function CardTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" mb="md">
      <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={700}>{children}</Text>
    </Group>
  );
}

/** The account dashboard: profile, roles as badges, credits and their expiry. */
export default function AccountScreen() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Credits and roles change on the server; opening the dashboard shows the current ones.
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);

  // The ledger's balance, not the stored profile's copy: nothing shows until it is known (no flash of an old number).
  const balance = useCreditBalance();
  const billing = useBilling();
  const expiry = formatDate(balance.data?.credits_expire_at ?? null);
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Account" subtitle={<>Signed in as {profile.email}</>} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card bg="dark.7">
          <CardTitle icon={<IconId size={16} />}>Profile</CardTitle>
          <Stack gap={0}>
            <Field label="Display name">{displayNameOf(profile)}</Field>
            <Field label="E-mail">{profile.email}</Field>
            <Field label="Zip code">{profile.zip_code || '—'}</Field>
            <Field label="Content agreement">
              {profile.accepted_content_agreement ? (
                <Badge color="teal" variant="light">
                  Accepted
                </Badge>
              ) : (
                'Not accepted'
              )}
            </Field>
          </Stack>
          <Button component={Link} to="/settings" variant="light" mt="lg">
            Edit in settings
          </Button>
        </Card>

        <Card bg="dark.7">
          <CardTitle icon={<IconCoins size={16} />}>Credits</CardTitle>
          {balance.isPending ? (
            <Skeleton height={44} width={120} />
          ) : balance.isError ? (
            <ApiErrorAlert error={balance.error} title="Your balance did not load" />
          ) : (
            <>
              <Group align="baseline" gap={8}>
                <Text fz={44} fw={800} lh={1} data-testid="credits">
                  {balance.data.credits}
                </Text>
                <Text c="dimmed">{balance.data.credits === 1 ? 'credit' : 'credits'}</Text>
              </Group>
              <Text size="sm" c="dimmed" mt="sm">
                {creditsLifetime(balance.data.credits, expiry, billing.data?.subscription ?? null)}
              </Text>
            </>
          )}
          <Button component={Link} to="/creditrefill" mt="lg">
            Refill credits
          </Button>
        </Card>

        <PlanCard />

        <Card bg="dark.7">
          <CardTitle icon={<IconShieldCheck size={16} />}>Account type</CardTitle>
          <RoleBadges roles={profile.roles} linked emptyText="Member: you can browse, play and buy sounds." />
          <Text size="sm" c="dimmed" mt="md">
            {profile.can_search ? 'Paid search is included with your account.' : 'Paid search comes with a subscription.'}
          </Text>
          {!profile.is_creator ? (
            <Anchor component={Link} to="/creatorapplication" size="sm" fw={600} mt="sm" display="inline-block">
              Apply to sell your sounds
            </Anchor>
          ) : null}
        </Card>

        <Card bg="dark.7">
          <CardTitle icon={<IconLock size={16} />}>Security</CardTitle>
          <Text size="sm" c="dimmed">
            {displayNameOf(profile)}, keep your password to yourself. Changing it signs out your other devices.
          </Text>
          <Group mt="lg" gap="sm">
            <Button component={Link} to="/updatepassword" variant="light">
              Update password
            </Button>
            <Button component={Link} to="/logout" variant="subtle" color="gray">
              Log out
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
      <Stack gap="lg" mt="lg">
        <CreditHistory />
        <Receipts />
      </Stack>
    </Container>
  );
}

/** How long the balance lasts, in words: plan and refill credits roll over while the plan does (decision 0074). */
function creditsLifetime(credits: number, soonestExpiry: string | null, sub: Billing['subscription']): string {
  if (credits === 0) return 'You have no credits yet.';
  if (soonestExpiry) return `The soonest of them expire on ${soonestExpiry}.`;
  if (sub?.grants_access && sub.cancel_at_period_end) return `Spend them before your plan ends on ${formatDate(sub.current_period_end)}: unused credits end with it.`;
  if (sub?.grants_access) return 'Unused credits roll over for as long as you keep your plan.';
  return 'Your credits do not expire.';
}

const STATUS_LABEL: Record<string, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  trialing: { label: 'Trial', color: 'teal' },
  past_due: { label: 'Payment failed', color: 'red' },
  canceled: { label: 'Ended', color: 'gray' },
  incomplete: { label: 'Waiting for payment', color: 'yellow' },
};

/** Plan, status, renewal date; cancel or resume; Stripe's portal when there is one. */
function PlanCard() {
  const billing = useBilling();
  const cancel = useCancelPlan();
  const resume = useCancelPlan(true);
  const portal = useOpenPortal();
  const balance = useCreditBalance();
  const sub = billing.data?.subscription ?? null;
  // Cancelling is confirmed with the date it takes effect and what it means for the money and the credits.
  const confirmCancel = (plan: NonNullable<typeof sub>) => {
    const ends = formatDate(plan.current_period_end);
    const credits = balance.data?.credits ?? 0;
    dialogs.openConfirmModal({
      title: 'Cancel your plan?',
      children: (
        <Stack gap="xs" data-testid="cancel-summary">
          <Text size="sm">
            {plan.plan.name} stays on until {ends}, then ends: the {formatMoney(plan.plan.unit_amount, plan.plan.currency)} renewal on {ends} is not charged, and nothing is refunded for the days left.
          </Text>
          <Text size="sm">
            {credits > 0 ? `Your ${credits} unused ${credits === 1 ? 'credit' : 'credits'} can be spent until then; they end with the plan.` : 'Credits you get until then can be spent until it ends.'} Every sound you got stays yours.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Cancel at renewal', cancel: 'Keep my plan' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(),
    });
  };
  const status = sub ? (STATUS_LABEL[sub.status] ?? { label: sub.status, color: 'gray' }) : null;
  return (
    <Card bg="dark.7" data-testid="plan-card">
      <CardTitle icon={<IconCreditCard size={16} />}>Plan</CardTitle>
      {billing.isPending ? (
        <Skeleton height={90} />
      ) : billing.isError ? (
        <ApiErrorAlert error={billing.error} title="Your plan did not load" />
      ) : !sub || !status ? (
        <>
          <Text size="sm" c="dimmed">
            You have no plan. A plan gives you credits every period and paid search.
          </Text>
          <Button component={Link} to="/pricing" mt="lg">
            See plans
          </Button>
        </>
      ) : (
        <>
          <Stack gap={0}>
            <Field label="Plan">
              {sub.plan.name} · {formatMoney(sub.plan.unit_amount, sub.plan.currency)} / {sub.plan.interval ?? 'once'}
            </Field>
            <Field label="Status">
              <Badge color={status.color} variant="light">
                {sub.cancel_at_period_end && sub.status === 'active' ? 'Cancelled, active until renewal date' : status.label}
              </Badge>
            </Field>
            <Field label={sub.cancel_at_period_end || sub.status === 'canceled' ? 'Ends' : 'Renews'}>{formatDate(sub.current_period_end)}</Field>
            {sub.renews_as ? <Field label="Renews as">{sub.renews_as.name}</Field> : null}
            {sub.grace_ends_at ? <Field label="Plan kept until">{formatDate(sub.grace_ends_at)}</Field> : null}
          </Stack>
          {cancel.error || resume.error || portal.error ? <ApiErrorAlert error={cancel.error ?? resume.error ?? portal.error} /> : null}
          <Group mt="lg" gap="sm">
            <Button component={Link} to="/pricing" variant="light">
              Change plan
            </Button>
            {billing.data.portal ? (
              <Button variant="light" loading={portal.isPending} onClick={() => portal.mutate()}>
                Manage billing
              </Button>
            ) : null}
            {sub.grants_access && !sub.cancel_at_period_end ? (
              <Button variant="subtle" color="red" loading={cancel.isPending} onClick={() => confirmCancel(sub)}>
                Cancel at renewal
              </Button>
            ) : null}
            {sub.grants_access && sub.cancel_at_period_end ? (
              <Button variant="subtle" loading={resume.isPending} onClick={() => resume.mutate()}>
                Keep my plan
              </Button>
            ) : null}
          </Group>
        </>
      )}
      {billing.data && billing.data.refunds.length > 0 ? <AutomaticRefunds refunds={billing.data.refunds} /> : null}
    </Card>
  );
}

const REFUND_STATUS: Record<Billing['refunds'][number]['status'], string> = { pending: 'on its way', succeeded: 'refunded', failed: 'not refunded yet: we are on it' };

/** Payments Crate gave back by itself (a second plan, refills past the limit, decision 0033): what, why and how much. */
function AutomaticRefunds({ refunds }: { refunds: Billing['refunds'] }) {
  return (
    <Stack gap="xs" mt="lg" data-testid="automatic-refunds">
      {refunds.map((refund) => (
        <Alert key={refund.id} color="blue" variant="light" title={`${formatMoney(refund.amount, refund.currency)} ${REFUND_STATUS[refund.status]} · ${formatDate(refund.created_at)}`}>
          <Text size="sm">{refund.description}</Text>
        </Alert>
      ))}
    </Stack>
  );
}

const KIND_LABEL: Record<CreditEntry['kind'], string> = { grant: 'Plan credits', refill: 'Refill', spend: 'Spent', expire: 'Expired', adjust: 'Adjustment' };

/** When credits that were added end: their own date, with the plan (plan credits and refills, decision 0074), or never. */
function lotLifetime(entry: CreditEntry): string {
  if (entry.expires_at) return formatDate(entry.expires_at) ?? '—';
  return entry.kind === 'grant' || entry.kind === 'refill' ? 'With your plan' : 'Never';
}

function CreditHistory() {
  const history = useCreditHistory();
  const rows = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card bg="dark.7">
      <CardTitle icon={<IconHistory size={16} />}>Credit history</CardTitle>
      {history.isPending ? (
        <Skeleton height={120} />
      ) : history.isError ? (
        <ApiErrorAlert error={history.error} title="Your credit history did not load" />
      ) : rows.length === 0 ? (
        <EmptyState title="No credits yet">Credits from your plan and refills, and what you spend them on, are listed here.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Credit history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th>Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDate(entry.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{KIND_LABEL[entry.kind]}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" c={entry.amount > 0 ? 'teal' : undefined} fw={600}>
                    {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                  </Table.Td>
                  <Table.Td>
                    {entry.amount > 0 ? (
                      <Text size="sm">
                        {lotLifetime(entry)}
                        {entry.remaining !== null ? (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {entry.remaining} left
                          </Text>
                        ) : null}
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.hasNextPage ? (
        <Button variant="subtle" mt="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Show older
        </Button>
      ) : null}
    </Card>
  );
}

function Receipts() {
  const receipts = useReceipts();
  const rows = receipts.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card bg="dark.7">
      <CardTitle icon={<IconReceipt size={16} />}>Receipts</CardTitle>
      {receipts.isPending ? (
        <Skeleton height={80} />
      ) : receipts.isError ? (
        <ApiErrorAlert error={receipts.error} title="Your receipts did not load" />
      ) : rows.length === 0 ? (
        <EmptyState title="No payments yet">Every payment for a plan, a refill or a pack you bought is listed here.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Receipts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDate(r.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.description}</Text>
                    <Text size="xs" c="dimmed">
                      {r.credits > 0 ? `${r.credits} credits` : ''}
                      {r.period_start && r.period_end ? ` · ${formatDate(r.period_start)} – ${formatDate(r.period_end)}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(r.amount, r.currency)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.status === 'paid' ? 'teal' : 'gray'}>
                      {r.status === 'paid' ? 'Paid' : r.status === 'refunded' ? 'Refunded' : 'Disputed'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {receipts.hasNextPage ? (
        <Button variant="subtle" mt="sm" loading={receipts.isFetchingNextPage} onClick={() => void receipts.fetchNextPage()}>
          Show older
        </Button>
      ) : null}
    </Card>
  );
}
