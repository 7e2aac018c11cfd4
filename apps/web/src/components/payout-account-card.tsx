import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { usePayoutAccount, useStartPayoutOnboarding } from '../features/creator/api/earnings.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

/**
 * Where the viewer's money goes: connect, continue onboarding, or connected (the payout-account contract). Creators'
 * and collaborators' earnings and affiliates' commissions go to the same account; the provider comes back to `returnPath`.
 */
export function PayoutAccountCard({ minimum, returnPath, paid }: { minimum: string; returnPath: '/creator' | '/affiliate'; paid: string }) {
  const account = usePayoutAccount();
  const onboarding = useStartPayoutOnboarding(returnPath);
  const status = account.data?.status;
  // The provider sends the payee back here with this when an onboarding link expired or was used already.
  const [params] = useSearchParams();
  const linkExpired = params.get('payout_onboarding') === 'refresh';
  return (
    <Paper withBorder p="md" bg="dark.6" aria-labelledby="payout-account-title" data-payout-account={status ?? (account.isError ? 'error' : 'loading')}>
      <Group gap={6} mb={4}>
        <IconBuildingBank size={16} aria-hidden />
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="payout-account-title">
          Payout account
        </Text>
      </Group>
      {account.isPending ? (
        <Skeleton height={52} />
      ) : account.isError ? (
        <Stack gap={6}>
          <ApiErrorAlert error={account.error} title="Your payout account did not load" />
          <Button size="xs" variant="default" w="fit-content" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : status === 'active' ? (
        <Stack gap={4}>
          <Badge color="teal" variant="light" w="fit-content">
            Connected
          </Badge>
          <Text size="sm" c="dimmed">
            {paid} of {minimum} or more are paid here once the month is approved.
          </Text>
        </Stack>
      ) : (
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {linkExpired
              ? 'That onboarding link has expired: continue for a fresh one.'
              : status === 'onboarding'
                ? 'You started connecting a payout account: finish it to get paid.'
                : `Until you connect, what you earn is kept and paid once you do.`}
          </Text>
          <Button size="xs" w="fit-content" loading={onboarding.isPending} onClick={() => onboarding.mutate()}>
            {status === 'onboarding' ? 'Continue onboarding' : 'Connect a payout account'}
          </Button>
          <ApiErrorAlert error={onboarding.error} title="Onboarding did not start" />
        </Stack>
      )}
    </Paper>
  );
}
