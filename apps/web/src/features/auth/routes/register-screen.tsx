import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN, registerSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postAuthPath, withRedirect } from '../../../lib/post-auth-path.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { displayNameOf } from '../../../profile/profile-model.ts';
import { useRegister } from '../api/register.ts';

export default function RegisterScreen() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const invite = params.get('invite')?.trim() || undefined;
  const navigate = useNavigate();
  const register = useRegister();
  // The invite comes from the link, not from a field: it is added when sending, and the server checks it.
  const { form, formError, submit } = useContractForm({ schema: registerSchema.omit({ invite_token: true, referral_token: true }), defaultValues: { email: '', password: '', display_name: '' } });
  const { errors } = form.formState;

  const onSubmit = submit(async ({ display_name, ...values }) => {
    const profile = await register.mutateAsync({ ...values, ...(invite ? { invite_token: invite } : {}), ...(display_name ? { display_name } : {}) });
    if (!profile) return;
    notifications.show({ color: 'ember', title: 'Welcome to Crate', message: `Your account is ready, ${displayNameOf(profile)}.` });
    await navigate(postAuthPath(redirect, invite ? '/creator' : '/account'), { replace: true });
  });
  const checkInbox = register.isSuccess && register.data === null;

  return (
    <FormCard
      title="Create account"
      subtitle="Browse, buy and download sounds — or sell your own."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={withRedirect('/login', redirect)} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {invite ? (
            <Alert variant="light" color="grape" icon={<IconUsersGroup size={18} />}>
              You were invited to collaborate with a creator. Your new account joins them as a collaborator.
            </Alert>
          ) : null}
          <ApiErrorAlert error={formError} title="Could not create your account" />
          {checkInbox ? (
            <Alert variant="light" color="ember" icon={<IconMailForward size={18} />} title="Check your inbox" role="status">
              <Text size="sm">
                We sent a message to {form.getValues('email')} to continue. Already have an account?{' '}
                <Anchor component={Link} to={withRedirect('/login', redirect)} fw={600}>
                  Log in
                </Anchor>{' '}
                or{' '}
                <Anchor component={Link} to="/resetpassword" fw={600}>
                  reset your password
                </Anchor>
                .
              </Text>
            </Alert>
          ) : null}
          <TextInput label="E-mail" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            required
            {...form.register('password')}
            error={errors.password?.message}
          />
          <TextInput
            label="Display name"
            description="Optional. Shown on your profile; your e-mail is used until you set one."
            autoComplete="nickname"
            {...form.register('display_name')}
            error={errors.display_name?.message}
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
