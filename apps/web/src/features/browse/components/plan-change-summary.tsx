import { Group, Stack, Text } from '@mantine/core';
import type { PlanChangePreview } from '@crate/contract/checkout';
import { formatDate } from '../../../components/long-date.ts';
import { formatMoney } from '../../../components/money.ts';

const per = (interval: string | null) => (interval === 'year' ? 'year' : 'month');

function Line({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}

/**
 * What a plan change does, in the figures the server will charge (decision 0073): an upgrade's bill today (the new
 * price, less the unused time of the current period), the date it happens and the renewal after; a downgrade's date
 * and later price. Shown in the confirmation before anything changes.
 */
export function PlanChangeSummary({ preview }: { preview: PlanChangePreview }) {
  const money = (amount: number) => formatMoney(amount, preview.currency);
  const { plan, current } = preview;
  const when = formatDate(preview.effective_at);
  const renews = formatDate(preview.renews_at);
  if (preview.change === 'upgraded') {
    return (
      <Stack gap="xs" data-testid="plan-change-summary">
        <Text size="sm">
          {plan.name} starts today, {when}, with {plan.credits} new credits. Your unused credits stay yours while you keep a plan.
        </Text>
        <Stack gap={4} p="sm" bg="dark.6" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Line label={`${plan.name}, ${when} – ${renews}`} amount={money(preview.full_price)} />
          <Line label={`Unused time on ${current.name}`} amount={`−${money(preview.unused_credit)}`} />
          <Line label="Charged today" amount={money(preview.amount_due)} strong />
        </Stack>
        {preview.carried_credit > 0 ? <Text size="sm">The {money(preview.carried_credit)} left over is taken off your next payments.</Text> : null}
        <Text size="sm" c="dimmed">
          Then {money(preview.renewal_amount)} on {renews}, and {money(plan.unit_amount)} every {per(plan.interval)} after, until you cancel.
        </Text>
      </Stack>
    );
  }
  if (preview.change === 'downgrade_cancelled') {
    return (
      <Text size="sm" data-testid="plan-change-summary">
        You keep {plan.name}: the switch at your renewal is called off. Nothing is charged today; {plan.name} renews on {when} at {money(plan.unit_amount)} a {per(plan.interval)}.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="plan-change-summary">
      <Text size="sm">
        Nothing is charged today. You keep {current.name} and its credits until your renewal on {when}; from then on {plan.name} costs {money(preview.renewal_amount)} a {per(plan.interval)} with{' '}
        {plan.credits} credits.
      </Text>
      <Text size="sm" c="dimmed">
        Unused credits roll over while you keep a plan.
      </Text>
    </Stack>
  );
}

/** The confirmation button's words: what the click does, with the amount when it charges. */
export function planChangeConfirmLabel(preview: PlanChangePreview): string {
  if (preview.change === 'upgraded') return preview.amount_due > 0 ? `Pay ${formatMoney(preview.amount_due, preview.currency)} and upgrade` : 'Upgrade now';
  if (preview.change === 'downgrade_cancelled') return `Keep ${preview.plan.name}`;
  return `Switch on ${formatDate(preview.effective_at)}`;
}
