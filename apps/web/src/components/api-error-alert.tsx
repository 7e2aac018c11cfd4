import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-error.ts';
import { apiErrorMessage, needsAccountRecovery } from '../lib/api-error-messages.ts';

/** A failed request explained, with the way out where there is one. */
export function ApiErrorAlert({ error, title = 'That did not work' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Text size="sm">{apiErrorMessage(error)}</Text>
      {needsAccountRecovery(error) ? (
        <Anchor component={Link} to="/accountrecovery" size="sm" fw={600} mt={6} display="inline-block">
          Recover your account
        </Anchor>
      ) : null}
      {isApiError(error, 'EMAIL_IN_USE') ? (
        <Text size="sm" mt={6}>
          <Anchor component={Link} to="/login" fw={600}>
            Log in
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/resetpassword" fw={600}>
            reset your password
          </Anchor>
          .
        </Text>
      ) : null}
    </Alert>
  );
}
