import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCheckoutSession, useRefreshBilling, useRefreshOwnership } from '../features/checkout/api/billing.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

/**
 * What happened to the checkout the visitor just came back from (success and cancel URLs are the page
 * the checkout started on, SPEC §3): `?checkout={id}` after paying, plus `checkout_cancelled=1` after
 * leaving the payment page. While a payment is pending it looks again every 2 s, and the page's plan and
 * credits reload the moment it completes.
 */
export function CheckoutReturn({ paidTitle, cancelledHint = 'pick a plan whenever you are ready.' }: { paidTitle: string; cancelledHint?: string }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('checkout');
  const cancelled = params.get('checkout_cancelled') === '1';
  const session = useCheckoutSession(id && !cancelled ? id : null);
  const refresh = useRefreshBilling();
  const refreshOwnership = useRefreshOwnership();
  const status = session.data?.status;
  const purchase = session.data?.purchase ?? null;
  const refreshed = useRef<string | null>(null);

  useEffect(() => {
    if (status === 'complete' && refreshed.current !== id) {
      refreshed.current = id;
      void refresh();
      // A pack or bundle bought outright: its sounds now show as owned everywhere (decision 0047).
      if (purchase) void refreshOwnership();
    }
  }, [status, id, refresh, purchase, refreshOwnership]);

  if (!id) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('checkout');
    next.delete('checkout_cancelled');
    setParams(next, { replace: true });
  };
  const close = (
    <Button variant="subtle" size="compact-sm" onClick={dismiss} aria-label="Dismiss">
      <IconX size={14} />
    </Button>
  );

  if (cancelled) {
    return (
      <Alert color="gray" variant="light" mb="xl" title="Checkout cancelled" data-testid="checkout-cancelled">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">You left the payment page. Nothing was charged; {cancelledHint}</Text>
          {close}
        </Group>
      </Alert>
    );
  }
  if (session.isError) return <ApiErrorAlert error={session.error} title="We could not look up your checkout" />;
  if (!session.data || status === 'pending' || status === 'open') {
    return (
      <Alert color="blue" variant="light" mb="xl" icon={<Loader size={16} />} title="Confirming your payment…" data-testid="checkout-confirming">
        <Text size="sm">This takes a few seconds. {purchase ? 'Your sounds appear' : 'Your plan and credits appear'} here as soon as the payment is confirmed.</Text>
      </Alert>
    );
  }
  if (status === 'processing') {
    return (
      <Alert color="yellow" variant="light" mb="xl" icon={<IconClock size={18} />} title="Your payment is pending" data-testid="checkout-pending">
        <Text size="sm">Your bank has not confirmed the payment yet. You can leave this page: it updates by itself, and we e-mail you the receipt.</Text>
      </Alert>
    );
  }
  if (status === 'complete') {
    return (
      <Alert color="teal" variant="light" mb="xl" icon={<IconCircleCheck size={18} />} title={session.data.notice ? 'Payment received, with a refund' : purchase ? `${purchase.title} is yours` : paidTitle} data-testid="checkout-complete">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={6}>
            <Text size="sm">
              {session.data.notice ??
                (purchase
                  ? 'Payment received, thank you. Its sounds are in your library, each with its licence, and the receipt is on its way by e-mail.'
                  : 'Payment received, thank you. Your credits are on your account and the receipt is on its way by e-mail.')}
            </Text>
            {purchase ? (
              <Anchor component={Link} to="/library" size="sm" fw={600}>
                Open your library
              </Anchor>
            ) : null}
          </Stack>
          {close}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" mb="xl" icon={<IconAlertTriangle size={18} />} title={status === 'expired' ? 'This checkout expired' : 'The payment did not go through'} role="alert" data-testid="checkout-failed">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{session.data.error?.message ?? 'Nothing was charged. Start again when you are ready.'}</Text>
        {close}
      </Group>
    </Alert>
  );
}
