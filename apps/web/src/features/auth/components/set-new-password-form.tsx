import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN, resetPasswordSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { apiErrorMessage, fieldOfError } from '../../../lib/api-error-messages.ts';
import { useResetPassword } from '../api/reset-password.ts';

const FIELDS = ['new_password'] as const;

/**
 * The new-password form behind an e-mailed one-time link: /resetpassword?token=… and
 * /accountrecovery?token=… both confirm through the same endpoint (docs/decisions/0003).
 */
export function SetNewPasswordForm({ token, submitLabel, onDone }: { token: string; submitLabel: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { token, new_password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      onDone();
    } catch (error) {
      if (fieldOfError(error, FIELDS)) form.setError('new_password', { message: apiErrorMessage(error) }, { shouldFocus: true });
    }
  });
  const tokenProblem = errors.token?.message ?? (fieldOfError(reset.error, ['token'] as const) ? apiErrorMessage(reset.error) : null);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {tokenProblem ? (
          <Alert color="red" variant="light" title="This link does not work">
            {tokenProblem}
          </Alert>
        ) : null}
        <ApiErrorAlert error={reset.error && !fieldOfError(reset.error, ['new_password', 'token'] as const) ? reset.error : null} title="Could not set the new password" />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          required
          {...form.register('new_password')}
          error={errors.new_password?.message}
        />
        <Button type="submit" size="md" fullWidth loading={reset.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
