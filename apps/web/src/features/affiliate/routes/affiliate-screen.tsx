import { ActionIcon, Badge, Button, Code, Container, CopyButton, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconFileTypeCsv, IconLink } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AFFILIATE_CODE_LABEL_MAX, type CommissionMonth, type MyAffiliate, type MyAffiliateCode } from '@crate/contract/affiliates';
import { MINIMUM_PAYOUT_CENTS } from '@crate/contract/payout-enums';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { PayoutAccountCard } from '../../../components/payout-account-card.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { downloadThroughFetch } from '../../creator/download-file.ts';
import { AFFILIATE_MONTHS_CSV_URL, useAddAffiliateCode, useMyAffiliate, useRetireAffiliateCode } from '../api/affiliate.ts';
import { monthLabel } from '../../../components/month-label.ts';
import { PAYEE_CARRY_WORDS } from '../../../components/payout-carry-words.ts';
import { StatementButton } from '../../../components/statement-button.tsx';

const percent = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

/** /affiliate: the affiliate's links with a copy button, their clicks, sign-ups and paying customers, and commission by month. */
export default function AffiliateScreen() {
  const mine = useMyAffiliate();
  return (
    <Container size="lg" py="xl">
      <ScreenHeader
        eyebrow="Affiliate programme"
        title="Affiliate"
        subtitle={
          mine.data
            ? `You earn ${percent(mine.data.commission_bps)} of what the people you refer pay, for ${mine.data.commission_months} month${mine.data.commission_months === 1 ? '' : 's'} after their first payment.`
            : 'Share your links; earn on what the people you refer pay.'
        }
      />
      {mine.isPending ? (
        <CenteredLoader label="Loading your links and figures…" />
      ) : mine.isError ? (
        isApiError(mine.error) && mine.error.status === 404 ? (
          <EmptyState title="You are not in the affiliate programme yet" icon={<IconLink size={22} />}>
            An admin sets your commission and gives you your first link; this page fills in then.
          </EmptyState>
        ) : (
          <Stack gap="sm" align="flex-start">
            <ApiErrorAlert error={mine.error} title="Your affiliate figures did not load" />
            <Button variant="default" onClick={() => void mine.refetch()}>
              Try again
            </Button>
          </Stack>
        )
      ) : (
        <Stack gap="xl">
          <Figures data={mine.data} />
          <Links data={mine.data} />
          <Commission data={mine.data} />
        </Stack>
      )}
    </Container>
  );
}

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Paper withBorder p="md" bg="dark.7" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value.toLocaleString()}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function Figures({ data }: { data: MyAffiliate }) {
  const { totals } = data;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <Figure label="Clicks, last 30 days" value={totals.clicks_30d} />
      <Figure label="Clicks, all time" value={totals.clicks_total} />
      <Figure label="Sign-ups" value={totals.signups} hint="Accounts made through your links" />
      <Figure label="Paying customers" value={totals.paying} hint="Of them, those who have paid" />
    </SimpleGrid>
  );
}

function Section({ title, id, action, children }: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function CopyLink({ code }: { code: MyAffiliateCode }) {
  return (
    <CopyButton value={code.link} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? `Copied the link of ${code.code}` : `Copy the link of ${code.code}`}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Links({ data }: { data: MyAffiliate }) {
  const retire = useRetireAffiliateCode();
  const live = data.codes.filter((c) => c.retired_at === null);
  const example = live[0]?.code ?? 'your-code';
  return (
    <Section title="Your links" id="affiliate-links">
      <Text size="sm" c="dimmed">
        Share a link, or add <Code>?ref={example}</Code> to the address of any Crate page (a pack, a creator, pricing). A visitor who registers within 30 days of
        their last click on one of your links is yours.
      </Text>
      {data.codes.length === 0 ? (
        <EmptyState title="No links yet" icon={<IconLink size={22} />}>
          Add a code below to get a link.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label="Your referral links">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Link</Table.Th>
                <Table.Th ta="right">Clicks, 30 days</Table.Th>
                <Table.Th ta="right">Clicks, all time</Table.Th>
                <Table.Th ta="right">Sign-ups</Table.Th>
                <Table.Th ta="right">Paying</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.codes.map((code) => (
                <Table.Tr key={code.code} c={code.retired_at ? 'dimmed' : undefined} data-code={code.code}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" ff="monospace">
                        {code.link}
                      </Text>
                      {code.retired_at ? (
                        <Badge color="gray" variant="light">
                          Retired
                        </Badge>
                      ) : (
                        <CopyLink code={code} />
                      )}
                    </Group>
                    {code.label ? (
                      <Text size="xs" c="dimmed">
                        {code.label}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{code.clicks_30d}</Table.Td>
                  <Table.Td ta="right">{code.clicks_total}</Table.Td>
                  <Table.Td ta="right">{code.signups}</Table.Td>
                  <Table.Td ta="right">{code.paying}</Table.Td>
                  <Table.Td ta="right">
                    {code.retired_at ? null : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={retire.isPending && retire.variables === code.code}
                        aria-label={`Retire ${code.code}`}
                        onClick={() => retire.mutate(code.code, { onSuccess: () => notifications.show({ message: `${code.code} is retired: its link no longer counts.` }) })}
                      >
                        Retire
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ApiErrorAlert error={retire.error} title="The code was not retired" />
      <AddCode data={data} liveCount={live.length} />
    </Section>
  );
}

function AddCode({ data, liveCount }: { data: MyAffiliate; liveCount: number }) {
  const add = useAddAffiliateCode();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const full = liveCount >= data.max_codes;
  const fieldError = isApiError(add.error) && add.error.field === 'code' ? add.error.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { ...(code.trim() ? { code: code.trim() } : {}), ...(label.trim() ? { label: label.trim() } : {}) },
      {
        onSuccess: () => {
          setCode('');
          setLabel('');
          notifications.show({ message: 'Your new link is ready.' });
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" bg="dark.7" component="form" onSubmit={submit} aria-label="Add a code">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Code"
          description="Optional: 3–32 letters, digits and dashes; made from your name when empty."
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          maxLength={32}
          error={fieldError}
          style={{ flex: 1, minWidth: 200 }}
        />
        <TextInput label="Label" description="Optional: where you share it." value={label} onChange={(e) => setLabel(e.currentTarget.value)} maxLength={AFFILIATE_CODE_LABEL_MAX} style={{ flex: 1, minWidth: 200 }} />
        <Button type="submit" loading={add.isPending} disabled={full}>
          Add code
        </Button>
      </Group>
      {full ? (
        <Text size="xs" c="dimmed" mt="xs">
          You have {data.max_codes} live codes, the most you may hold: retire one to add another.
        </Text>
      ) : null}
      {add.error && !fieldError ? <ApiErrorAlert error={add.error} title="The code was not added" /> : null}
    </Paper>
  );
}

const STATUS_COLUMNS = [
  { key: 'pending_cents', label: 'Pending', hint: 'Its month is not approved yet' },
  { key: 'payable_cents', label: 'Payable', hint: 'Approved, not yet transferred to you' },
  { key: 'paid_cents', label: 'Paid', hint: 'Transferred to you' },
  { key: 'reversed_cents', label: 'Reversed', hint: 'The payment was refunded or disputed' },
] as const satisfies readonly { key: keyof CommissionMonth; label: string; hint: string }[];

function Commission({ data }: { data: MyAffiliate }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadThroughFetch(AFFILIATE_MONTHS_CSV_URL, 'crate-affiliate-commission.csv', 'The CSV could not be downloaded');
    setDownloading(false);
  };
  return (
    <Section
      title="Commission by month"
      id="affiliate-commission"
      action={
        data.months.length > 0 ? (
          <Button size="xs" variant="default" leftSection={<IconFileTypeCsv size={14} />} loading={downloading} onClick={() => void download()}>
            Download CSV
          </Button>
        ) : null
      }
    >
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Stack gap="sm" style={{ gridColumn: 'span 2' }}>
          {data.months.length === 0 ? (
            <EmptyState title="No commission yet">When someone you referred pays, your commission shows here under the month of the payment.</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-label="Commission by month">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Month</Table.Th>
                    <Table.Th ta="right">Payments</Table.Th>
                    {STATUS_COLUMNS.map((c) => (
                      <Table.Th key={c.key} ta="right" title={c.hint}>
                        {c.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.months.map((m) => (
                    <Table.Tr key={`${m.month}-${m.currency}`}>
                      <Table.Td>{monthLabel(m.month)}</Table.Td>
                      <Table.Td ta="right">{m.payments}</Table.Td>
                      {STATUS_COLUMNS.map((c) => (
                        <Table.Td key={c.key} ta="right" c={m[c.key] === 0 ? 'dimmed' : undefined}>
                          {formatMoney(m[c.key], m.currency)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="xs" c="dimmed">
            {STATUS_COLUMNS.map((c) => `${c.label}: ${c.hint.toLowerCase()}.`).join(' ')} Who you referred is never shown.
          </Text>
          <Statements data={data} />
        </Stack>
        <PayoutAccountCard minimum={formatMoney(MINIMUM_PAYOUT_CENTS, 'usd')} returnPath="/affiliate" paid="Each month's commission" />
      </SimpleGrid>
    </Section>
  );
}

/** How an approved month's line stands, in words. */
const LINE_WORDS: Record<MyAffiliate['statements'][number]['status'], string> = { pending: 'Approved, to be paid', paid: 'Paid', failed: 'Transfer failed, retried', carried: 'Carried into next month' };

/** Approved months with their statement (PDF and CSV): what each month's line paid or carried. */
function Statements({ data }: { data: MyAffiliate }) {
  if (data.statements.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label="Your statements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Statement</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Download</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.statements.map((s) => {
            const label = monthLabel(`${s.month}-01`);
            return (
              <Table.Tr key={s.month}>
                <Table.Td fw={600}>{label}</Table.Td>
                <Table.Td ta="right">{formatMoney(s.amount_cents, 'usd')}</Table.Td>
                <Table.Td>
                  <Text size="sm">{LINE_WORDS[s.status]}</Text>
                  {s.status === 'carried' && s.carry_reason ? (
                    <Text size="xs" c="dimmed">
                      {PAYEE_CARRY_WORDS[s.carry_reason]}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <StatementButton kind="affiliate" month={s.month} format="pdf" label={label} />
                    <StatementButton kind="affiliate" month={s.month} format="csv" label={label} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
