import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN, updatePasswordSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useUpdatePassword } from '../api/update-password.ts';

export default function UpdatePasswordScreen() {
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const { form, formError, submit } = useContractForm({
    schema: updatePasswordSchema,
    defaultValues: { current_password: '', new_password: '' },
    // A wrong current password is that field's problem, whatever the server calls it.
    codeFields: { INVALID_CREDENTIALS: { field: 'current_password', message: 'That is not your current password.' } },
  });
  const { errors } = form.formState;

  const onSubmit = submit(async (values) => {
    await update.mutateAsync(values);
    notifications.show({ color: 'teal', title: 'Password updated', message: 'Use your new password next time you log in.' });
    await navigate('/account', { replace: true });
  });

  return (
    <FormCard
      title="Update password"
      subtitle="Change the password you log in with."
      footer={
        <Anchor component={Link} to="/account" fw={600}>
          Back to your account
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ApiErrorAlert error={formError} title="Could not update your password" />
          <PasswordInput label="Current password" autoComplete="current-password" required {...form.register('current_password')} error={errors.current_password?.message} />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            required
            {...form.register('new_password')}
            error={errors.new_password?.message}
          />
          <Button type="submit" size="md" fullWidth loading={update.isPending}>
            Update password
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
