import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN, resetPasswordSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useResetPassword } from '../api/reset-password.ts';

/**
 * The new-password form behind an e-mailed one-time link: /resetpassword?token=… and
 * /accountrecovery?token=… both confirm through the same endpoint (docs/decisions/0003).
 */
export function SetNewPasswordForm({ token, submitLabel, onDone }: { token: string; submitLabel: string; onDone: () => void }) {
  const reset = useResetPassword();
  const { form, formError, submit } = useContractForm({ schema: resetPasswordSchema, defaultValues: { token, new_password: '' } });
  const { errors } = form.formState;
  const onSubmit = submit(async (values) => {
    await reset.mutateAsync(values);
    onDone();
  });
  // The token has no input of its own: its problems (the contract's or the server's) are the link's.
  const tokenProblem = errors.token?.message;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {tokenProblem ? (
          <Alert color="red" variant="light" title="This link does not work">
            {tokenProblem}
          </Alert>
        ) : null}
        <ApiErrorAlert error={formError} title="Could not set the new password" />
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
