import { Button, Container, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { useLogout } from '../api/logout.ts';

/**
 * /logout ends the session, resets the stored profile and goes to / (docs/product-overview.md §2, §4). Settings sends
 * people here after deactivating their account (history state { deactivated: true }).
 */
export default function LogoutScreen() {
  const navigate = useNavigate();
  const deactivated = (useLocation().state as { deactivated?: unknown } | null)?.deactivated === true;
  const logout = useLogout();
  const started = useRef(false);

  const run = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        notifications.show(
          deactivated
            ? { title: 'Account deactivated', message: 'You are signed out. Recover the account any time from the account recovery page.' }
            : { message: 'You are logged out. See you soon.' },
        );
        void navigate('/', { replace: true });
      },
    });

  const start = useEffectEvent(run);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    start();
  }, []);

  if (logout.isError) {
    return (
      <Container size={460} py={56}>
        <Stack>
          <ApiErrorAlert error={logout.error} title="Could not log out" />
          <Button onClick={run} loading={logout.isPending}>
            Try again
          </Button>
        </Stack>
      </Container>
    );
  }
  return <CenteredLoader label="Logging out…" />;
}
