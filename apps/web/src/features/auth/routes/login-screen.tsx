import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { apiErrorMessage, fieldOfError } from '../../../lib/api-error-messages.ts';
import { postAuthPath, withRedirect } from '../../../lib/post-auth-path.ts';
import { displayNameOf, isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useLogin } from '../api/login.ts';

const FIELDS = ['email', 'password'] as const;

export default function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const profile = useProfile();
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const signedIn = await login.mutateAsync(values);
      notifications.show({ color: 'ember', message: `Welcome back, ${displayNameOf(signedIn)}.` });
      await navigate(postAuthPath(redirect), { replace: true });
    } catch (error) {
      const field = fieldOfError(error, FIELDS);
      if (field) form.setError(field, { message: apiErrorMessage(error) }, { shouldFocus: true });
    }
  });

  const formError = login.error && !fieldOfError(login.error, FIELDS) ? login.error : null;

  return (
    <FormCard
      title="Log in"
      subtitle="Welcome back to Crate."
      footer={
        <>
          New to Crate?{' '}
          <Anchor component={Link} to={withRedirect('/register', redirect)} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {isSignedIn(profile) ? (
            <Alert variant="light" color="blue">
              You are signed in as {profile.email}. Logging in here switches account.
            </Alert>
          ) : null}
          <ApiErrorAlert error={formError} title="Could not log in" />
          <TextInput label="E-mail" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.register('password')} error={errors.password?.message} />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/resetpassword" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            Log in
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
