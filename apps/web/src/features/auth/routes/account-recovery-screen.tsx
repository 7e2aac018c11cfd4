import { Alert, Anchor, Button, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { requestAccountRecoverySchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useRequestAccountRecovery } from '../api/request-account-recovery.ts';
import { loginNoticeState } from '../components/login-notice.ts';
import { SetNewPasswordForm } from '../components/set-new-password-form.tsx';

/**
 * Blank layout (docs/product-overview.md §2). Sign-in paused after failed attempts from one device or network
 * (docs/decisions/0036), or a deactivated account, is recovered by e-mail: the link sets a new password, which
 * lifts the pause (and trusts the browser that set it) and reactivates the account.
 * The answer is the same whether or not the e-mail has an account.
 */
export default function AccountRecoveryScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <RecoverWithLink token={token} /> : <RequestRecovery />;
}

/** The e-mailed link: a new password unlocks or reactivates the account. */
function RecoverWithLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const done = () => void navigate('/login', { replace: true, state: loginNoticeState('account-recovered') });
  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Stack gap={6} ta="center">
        <Title order={1}>Account recovery</Title>
        <Text c="dimmed">Choose a new password. It unlocks your account, or reactivates it if you deactivated it.</Text>
      </Stack>
      <Paper withBorder p="xl" radius="lg" bg="dark.7">
        <SetNewPasswordForm token={token} submitLabel="Recover my account" onDone={done} />
      </Paper>
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/accountrecovery" fw={600}>
          Ask for a new link
        </Anchor>
      </Text>
    </Stack>
  );
}

function RequestRecovery() {
  const request = useRequestAccountRecovery();
  const { form, formError, submit } = useContractForm({ schema: requestAccountRecoverySchema, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = submit((values) => request.mutateAsync(values));

  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Stack gap={6} ta="center">
        <Title order={1}>Account recovery</Title>
        <Text c="dimmed">Get back into a locked or deactivated Crate account.</Text>
      </Stack>
      <Paper withBorder p="xl" radius="lg" bg="dark.7">
        <Stack gap="md">
          <Text size="sm">We will e-mail a recovery link to the account's address. Following it lets you set a new password, and then:</Text>
          <List size="sm" spacing={4}>
            <List.Item>sign-in paused here after too many failed attempts works again at once, and this browser is trusted from then on;</List.Item>
            <List.Item>an account you deactivated is active again, with everything you owned.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Accounts disabled by Crate staff cannot be recovered by e-mail; we will tell you how to contact support instead.
          </Text>
          {request.isSuccess ? (
            <Alert variant="light" color="teal" icon={<IconMailCheck size={18} />} title="Check your inbox">
              {request.data.message}
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <ApiErrorAlert error={formError} title="Could not send the e-mail" />
                <TextInput label="E-mail" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
                <Button type="submit" size="md" fullWidth loading={request.isPending}>
                  E-mail me a recovery link
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/login" fw={600}>
          Back to log in
        </Anchor>
      </Text>
    </Stack>
  );
}
