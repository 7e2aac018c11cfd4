import { Alert, Button, Container, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@crate/contract/catalogue';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CheckoutReturn } from '../../../components/checkout-return.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useProducts } from '../../browse/api/list-products.ts';
import { useBilling, useCreditBalance } from '../../checkout/api/billing.ts';
import { startCheckout } from '../../checkout/api/checkout.ts';

/** /creditrefill: top up credits with a one-off payment, under the refill rules (decision 0023). */
export default function CreditRefillScreen() {
  const products = useProducts();
  const billing = useBilling();
  const balance = useCreditBalance();
  const refills = (products.data ?? []).filter((p) => p.kind === 'credits' && p.prices.length > 0);
  const rules = billing.data?.refills;
  const left = rules ? Math.max(0, rules.per_period - rules.used_this_period) : 0;

  return (
    <Container size="md" py="xl">
      <ScreenHeader title="Refill credits" subtitle="Ran out before your plan renews? A refill adds credits once." />
      <CheckoutReturn paidTitle="Credits added" />

      <Paper withBorder p="lg" bg="dark.7" mb="xl">
        <Text size="sm" c="dimmed">
          Your balance
        </Text>
        {balance.isPending ? (
          <Skeleton height={36} width={160} mt={6} />
        ) : balance.isError ? (
          <ApiErrorAlert error={balance.error} title="Your balance did not load" />
        ) : (
          <Group align="baseline" gap={8}>
            <Text fz={36} fw={800} lh={1} data-testid="refill-balance">
              {balance.data.credits}
            </Text>
            <Text c="dimmed">{balance.data.credits === 1 ? 'credit' : 'credits'}</Text>
            {balance.data.credits_expire_at ? (
              <Text size="sm" c="dimmed">
                · the soonest expire on {new Date(balance.data.credits_expire_at).toLocaleDateString()}
              </Text>
            ) : null}
          </Group>
        )}
      </Paper>

      {billing.isError ? <ApiErrorAlert error={billing.error} title="Your plan did not load" /> : null}
      {rules && !rules.allowed ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} mb="xl" title="Refills are not open for you right now">
          <Text size="sm">{rules.reason}</Text>
          {/* Every refusal leads somewhere (decision 0073): a plan without one, a bigger plan once this period's refills are used. */}
          <Button component={Link} to="/pricing" mt="sm" size="xs">
            {billing.data?.subscription?.grants_access ? 'See bigger plans' : 'Choose a plan'}
          </Button>
        </Alert>
      ) : null}

      <Title order={2} size="h3" mb="md">
        Refills
      </Title>
      {products.isError ? <ApiErrorAlert error={products.error} title="Refills did not load" /> : null}
      {products.isPending || billing.isPending ? (
        <Skeleton height={160} radius="lg" />
      ) : refills.length === 0 ? (
        <EmptyState title="No refills on sale">There are no credit refills in the catalogue right now.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {refills.map((refill) => (
            <RefillCard key={refill.id} refill={refill} allowed={rules?.allowed ?? false} left={left} />
          ))}
        </SimpleGrid>
      )}

      <Stack gap={4} mt="xl">
        <Text size="sm" c="dimmed">
          Refills are for subscribers, up to {rules?.per_period ?? 5} per plan period{rules?.allowed ? ` (${left} left this period)` : ''}. Like your plan credits, refill
          credits roll over for as long as you keep a plan, and everything you get with them stays yours.
        </Text>
      </Stack>
    </Container>
  );
}

function RefillCard({ refill, allowed, left }: { refill: Product; allowed: boolean; left: number }) {
  const price = refill.prices[0]!;
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [opening, setOpening] = useState(false);
  const buy = async () => {
    setError(null);
    setOpening(true);
    try {
      const session = await startCheckout({ price: price.id, quantity, mode: 'payment' }, { signedIn: true });
      window.location.assign(session.url);
    } catch (failure) {
      setError(failure);
      setOpening(false);
    }
  };
  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-label={refill.name} data-product-id={refill.id}>
      <Text fw={700}>{refill.name}</Text>
      <Text size="xl" fw={800} mt={4}>
        {formatMoney(price.unit_amount, price.currency)}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {price.credits} credits each
      </Text>
      <Group mt="md" align="flex-end" gap="sm">
        <NumberInput label="How many" min={1} max={Math.max(1, Math.min(10, left))} value={quantity} onChange={(v) => setQuantity(Math.max(1, Number(v) || 1))} w={110} disabled={!allowed} />
        <Button onClick={() => void buy()} loading={opening} disabled={!allowed || quantity > left} style={{ flex: 1 }}>
          Buy {price.credits * quantity} credits · {formatMoney(price.unit_amount * quantity, price.currency)}
        </Button>
      </Group>
      {error ? (
        <Stack mt="sm">
          <ApiErrorAlert error={error} title="Checkout did not open" />
        </Stack>
      ) : null}
    </Paper>
  );
}
