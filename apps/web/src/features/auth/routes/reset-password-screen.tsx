import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { requestPasswordResetSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { loginNoticeState } from '../components/login-notice.ts';
import { SetNewPasswordForm } from '../components/set-new-password-form.tsx';

/** /resetpassword asks for the e-mail; /resetpassword?token=… (the e-mailed link) sets the new password. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}

function RequestReset() {
  const request = useRequestPasswordReset();
  const { form, formError, submit } = useContractForm({ schema: requestPasswordResetSchema, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = submit((values) => request.mutateAsync(values));

  if (request.isSuccess) {
    return (
      <FormCard title="Reset password" subtitle="Check your inbox.">
        <Stack gap="md">
          <Alert variant="light" color="teal" icon={<IconMailCheck size={18} />} title="E-mail on its way">
            {request.data.message}
          </Alert>
          <Text size="sm" c="dimmed">
            The link works once and expires after an hour. Nothing arrived? Check spam, or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
              try again
            </Anchor>
            .
          </Text>
        </Stack>
      </FormCard>
    );
  }

  return (
    <FormCard
      title="Reset password"
      subtitle="We will e-mail you a link to set a new password."
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          Back to log in
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ApiErrorAlert error={formError} title="Could not send the e-mail" />
          <TextInput label="E-mail" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const done = () => void navigate('/login', { replace: true, state: loginNoticeState('password-changed') });
  return (
    <FormCard
      title="Reset password"
      subtitle="Choose a new password for your account."
      footer={
        <Anchor component={Link} to="/resetpassword" fw={600}>
          Ask for a new link
        </Anchor>
      }
    >
      <SetNewPasswordForm token={token} submitLabel="Set new password" onDone={done} />
    </FormCard>
  );
}
