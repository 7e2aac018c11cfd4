import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { PlannedScreen } from '../../../components/planned-screen.tsx';
import { useBilling } from '../../checkout/api/billing.ts';
import { useAdvanceTestClock } from '../api/test-clock.ts';

export default function ManageUserScreen() {
  return (
    <>
      <PlannedScreen screen="manageuser" line="This user's roles, credits and account status will be managed here." />
      <SandboxClock />
    </>
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
