import { Alert, Anchor, Badge, Button, Container, Group, List, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@crate/contract/catalogue';
import type { Billing } from '@crate/contract/checkout';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CheckoutReturn } from '../../../components/checkout-return.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../components/long-date.ts';
import { formatMoney } from '../../../components/money.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { dialogs } from '../../../components/dialogs.tsx';
import { fetchPlanChangePreview, useBilling, useChangePlan } from '../../checkout/api/billing.ts';
import { startCheckout } from '../../checkout/api/checkout.ts';
import { useProducts } from '../api/list-products.ts';
import { PlanChangeSummary, planChangeConfirmLabel } from '../components/plan-change-summary.tsx';
import { planAction } from '../plan-action.ts';

type Interval = 'month' | 'year';
type Price = Product['prices'][number];

/** Plans and credit refills as the payments catalogue holds them: subscribe, see your plan, change it. */
export default function PricingScreen() {
  const products = useProducts();
  const profile = useProfile();
  const signedIn = isSignedIn(profile);
  const billing = useBilling(signedIn);
  const plans = (products.data ?? []).filter((p) => p.kind === 'subscription' && p.prices.length > 0);
  const refills = (products.data ?? []).filter((p) => p.kind === 'credits' && p.prices.length > 0);
  const hasYearly = plans.some((plan) => plan.prices.some((price) => price.interval === 'year'));
  const [interval, setInterval] = useState<Interval>('month');

  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Pricing" subtitle="Listening is free for everyone. A plan gives you credits to keep sounds; refills top them up." />
      <CheckoutReturn paidTitle="Welcome aboard: your plan is active" />
      {billing.data?.subscription?.status === 'past_due' ? (
        <Alert color="red" variant="light" mb="xl" title="Your last payment failed" role="alert">
          Update your card before {new Date(billing.data.subscription.grace_ends_at ?? '').toLocaleDateString()} to keep your plan; plan changes wait until then.
        </Alert>
      ) : null}

      {products.isError ? <ApiErrorAlert error={products.error} title="Prices did not load" /> : null}

      <Group justify="space-between" align="flex-end" mb="md">
        <Title order={2}>Plans</Title>
        {hasYearly ? (
          <SegmentedControl
            aria-label="Billing period"
            value={interval}
            onChange={(value) => setInterval(value as Interval)}
            data={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: 'Yearly' },
            ]}
          />
        ) : null}
      </Group>
      {products.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : plans.length === 0 ? (
        <EmptyState title="No plans on sale">There are no active plans in the catalogue right now.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(plans.length, 3) }} spacing="lg">
          {plans.map((plan, index) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              highlighted={index === Math.floor(plans.length / 2)}
              signedIn={signedIn}
              billing={signedIn ? (billing.data ?? null) : null}
              billingPending={signedIn && billing.isPending}
            />
          ))}
        </SimpleGrid>
      )}

      <Title order={2} mt={48} mb="xs">
        Credit refills
      </Title>
      <Text c="dimmed" mb="md">
        Ran out before your plan renews? A refill adds credits once. Like your plan credits, they roll over for as long as you keep a plan.
      </Text>
      {products.isPending ? (
        <Skeleton height={120} radius="lg" />
      ) : refills.length === 0 ? (
        <EmptyState title="No refills on sale">There are no credit refills in the catalogue right now.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {refills.map((refill) => {
            const price = refill.prices[0]!;
            return (
              <Paper key={refill.id} withBorder p="lg" bg="dark.7" data-product-id={refill.id}>
                <Text fw={700}>{refill.name}</Text>
                <Text size="xl" fw={800} mt={4}>
                  {formatMoney(price.unit_amount, price.currency)}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {price.credits} credits · {perCredit(price)} each
                </Text>
                <Button mt="md" fullWidth variant="default" component={Link} to="/creditrefill">
                  Buy a refill
                </Button>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}

      <Text mt={48} size="sm" c="dimmed">
        What a credit buys, how long credits last and what happens when you cancel: <Anchor component={Link} to="/faq">FAQ</Anchor>. What you may
        do with a sound: <Anchor component={Link} to="/splits">licences explained</Anchor>.
      </Text>
    </Container>
  );
}

function perCredit(price: Price): string {
  return price.credits > 0 ? formatMoney(Math.round(price.unit_amount / price.credits), price.currency) : '–';
}

function PlanCard({ plan, interval, highlighted, signedIn, billing, billingPending }: { plan: Product; interval: Interval; highlighted: boolean; signedIn: boolean; billing: Billing | null; billingPending: boolean }) {
  const price = plan.prices.find((p) => p.interval === interval) ?? plan.prices.find((p) => p.interval === 'month') ?? plan.prices[0]!;
  const monthly = plan.prices.find((p) => p.interval === 'month');
  const saving = price.interval === 'year' && monthly ? Math.round((1 - price.unit_amount / (monthly.unit_amount * 12)) * 100) : 0;
  const period = price.interval === 'year' ? 'year' : 'month';
  const sub = billing?.subscription ?? null;
  const action = planAction(price, sub);
  const isCurrent = sub?.grants_access === true && sub.plan.product_id === plan.id;
  const [error, setError] = useState<unknown>(null);
  const [opening, setOpening] = useState(false);
  const change = useChangePlan();

  const onClick = async () => {
    setError(null);
    if (action.kind === 'subscribe') {
      setOpening(true);
      try {
        const session = await startCheckout({ price: price.id }, { signedIn });
        window.location.assign(session.url);
      } catch (failure) {
        setError(failure);
        setOpening(false);
      }
      return;
    }
    if (action.kind === 'upgrade' || action.kind === 'downgrade' || action.kind === 'keep') {
      // Nothing changes before the person has seen what it charges and when (decision 0073).
      setOpening(true);
      try {
        const preview = await fetchPlanChangePreview(price.id);
        dialogs.openConfirmModal({
          title: preview.change === 'upgraded' ? `Upgrade to ${plan.name} now?` : preview.change === 'downgrade_cancelled' ? `Keep ${plan.name}?` : `Switch to ${plan.name} at your renewal?`,
          children: <PlanChangeSummary preview={preview} />,
          labels: { confirm: planChangeConfirmLabel(preview), cancel: 'Not now' },
          onConfirm: () => change.mutate({ price: price.id, quoted_at: preview.quoted_at }, { onError: setError }),
        });
      } catch (failure) {
        setError(failure);
      } finally {
        setOpening(false);
      }
    }
  };

  return (
    <Paper
      withBorder
      p="xl"
      bg={highlighted ? 'dark.6' : 'dark.7'}
      style={isCurrent ? { borderColor: 'var(--mantine-color-teal-6)' } : highlighted ? { borderColor: 'var(--mantine-color-ember-6)' } : undefined}
      data-product-id={plan.id}
      component="section"
      aria-label={`${plan.name} plan`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={3}>{plan.name}</Title>
          {isCurrent ? (
            <Badge color="teal" variant="light">
              Your plan
            </Badge>
          ) : highlighted ? (
            <Badge variant="light">Most chosen</Badge>
          ) : null}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={36} fw={800} lh={1}>
            {formatMoney(price.unit_amount, price.currency)}
          </Text>
          <Text c="dimmed">/ {period}</Text>
        </Group>
        {saving > 0 ? (
          <Badge color="teal" variant="light" w="fit-content">
            Save {saving}% against monthly
          </Badge>
        ) : null}
        <Text c="dimmed" size="sm">
          {plan.description}
        </Text>
        <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-4)" aria-hidden />}>
          <List.Item>
            {price.credits} credits per {period} ({perCredit(price)} a credit)
          </List.Item>
          <List.Item>Search the whole catalogue</List.Item>
          <List.Item>Every sound you get is yours to keep</List.Item>
        </List>
        <Stack gap={6} mt="auto" pt="md">
          {change.isSuccess && change.variables.price === price.id ? (
            <Text size="sm" c="teal" role="status">
              {change.data.change === 'upgraded'
                ? 'Upgraded: your new credits arrive as soon as the payment is confirmed. The receipt is on your account page.'
                : change.data.change === 'downgrade_scheduled'
                  ? 'Done: this plan starts at your next renewal.'
                  : 'Done: you keep this plan.'}
            </Text>
          ) : null}
          {error ? <ApiErrorAlert error={error} title={action.kind === 'subscribe' ? 'Checkout did not open' : 'The plan did not change'} /> : null}
          {error && !signedIn ? (
            <Button component={Link} to={`/login?redirect=${encodeURIComponent('/pricing')}`} variant="default" fullWidth>
              Log in
            </Button>
          ) : null}
          <Button
            fullWidth
            variant={action.kind === 'current' || action.kind === 'renews' ? 'default' : 'filled'}
            disabled={action.kind === 'current' || action.kind === 'renews' || (sub?.status === 'past_due' && action.kind !== 'subscribe')}
            loading={opening || billingPending || (change.isPending && change.variables.price === price.id)}
            onClick={() => void onClick()}
            data-price-id={price.id}
          >
            {action.label}
          </Button>
          {action.kind === 'upgrade' ? (
            <Text size="xs" c="dimmed">
              Starts today with its credits: you pay its price less the unused days of your current plan. You see the amount before you confirm.
            </Text>
          ) : action.kind === 'downgrade' ? (
            <Text size="xs" c="dimmed">
              You keep your current plan and credits until {sub ? formatDate(sub.current_period_end) : 'your renewal'}; nothing is charged today.
            </Text>
          ) : null}
          {!signedIn ? (
            <Button component={Link} to="/register" variant="default" fullWidth>
              Create a free account
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
