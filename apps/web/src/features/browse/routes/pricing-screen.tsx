import { Alert, Anchor, Badge, Button, Container, Group, List, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@crate/contract/catalogue';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useProducts } from '../api/list-products.ts';

type Interval = 'month' | 'year';
type Price = Product['prices'][number];

const CHECKOUT_LATER = 'Card checkout opens with the commerce release';

/** Plans and credit refills as the payments catalogue holds them; no checkout until commerce ships, and it says so. */
export default function PricingScreen() {
  const products = useProducts();
  const profile = useProfile();
  const signedIn = isSignedIn(profile);
  const plans = (products.data ?? []).filter((p) => p.kind === 'subscription' && p.prices.length > 0);
  const refills = (products.data ?? []).filter((p) => p.kind === 'credits' && p.prices.length > 0);
  const hasYearly = plans.some((plan) => plan.prices.some((price) => price.interval === 'year'));
  const [interval, setInterval] = useState<Interval>('month');

  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Pricing" subtitle="Listening is free for everyone. A plan gives you credits to keep sounds; refills top them up." />
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="xl" maw={760} title="Checkout is not open yet">
        These are the plans and prices Crate will charge. {CHECKOUT_LATER}; until then nothing can be bought here, and every preview, favorite
        and playlist is free. {signedIn ? null : <>Create a free account now and your favorites and playlists carry over.</>}
      </Alert>

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
            <PlanCard key={plan.id} plan={plan} interval={interval} highlighted={index === Math.floor(plans.length / 2)} signedIn={signedIn} />
          ))}
        </SimpleGrid>
      )}

      <Title order={2} mt={48} mb="xs">
        Credit refills
      </Title>
      <Text c="dimmed" mb="md">
        Ran out before your plan renews? A refill adds credits once; they expire together with your plan credits.
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
                <Button mt="md" fullWidth variant="default" disabled title={CHECKOUT_LATER}>
                  Refills open soon
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

function PlanCard({ plan, interval, highlighted, signedIn }: { plan: Product; interval: Interval; highlighted: boolean; signedIn: boolean }) {
  const price = plan.prices.find((p) => p.interval === interval) ?? plan.prices.find((p) => p.interval === 'month') ?? plan.prices[0]!;
  const monthly = plan.prices.find((p) => p.interval === 'month');
  const saving = price.interval === 'year' && monthly ? Math.round((1 - price.unit_amount / (monthly.unit_amount * 12)) * 100) : 0;
  const period = price.interval === 'year' ? 'year' : 'month';
  return (
    <Paper
      withBorder
      p="xl"
      bg={highlighted ? 'dark.6' : 'dark.7'}
      style={highlighted ? { borderColor: 'var(--mantine-color-ember-6)' } : undefined}
      data-product-id={plan.id}
      component="section"
      aria-label={`${plan.name} plan`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={3}>{plan.name}</Title>
          {highlighted ? <Badge variant="light">Most chosen</Badge> : null}
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
          <Button fullWidth disabled title={CHECKOUT_LATER}>
            Subscriptions open soon
          </Button>
          {!signedIn ? (
            <Button component={Link} to="/register" variant="default" fullWidth>
              Create a free account meanwhile
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
