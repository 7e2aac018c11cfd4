import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '@crate/contract/auth';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { postAuthPath, withRedirect } from '../../../lib/post-auth-path.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { displayNameOf, isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useLogin } from '../api/login.ts';
import { LOGIN_NOTICE_TEXT, loginNoticeOf } from '../components/login-notice.ts';

export default function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const notice = loginNoticeOf(useLocation().state);
  const profile = useProfile();
  const login = useLogin();
  const { form, formError, submit } = useContractForm({ schema: loginSchema, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = submit(async (values) => {
    const signedIn = await login.mutateAsync(values);
    notifications.show({ color: 'ember', message: `Welcome back, ${displayNameOf(signedIn)}.` });
    await navigate(postAuthPath(redirect), { replace: true });
  });

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
          {notice ? (
            <Alert variant="light" color="teal" role="status" icon={<IconCircleCheck size={18} />}>
              {LOGIN_NOTICE_TEXT[notice]}
            </Alert>
          ) : null}
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
