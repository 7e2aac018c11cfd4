import { Alert, Anchor, Box, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { apiErrorMessage, needsAccountRecovery, needsEmailVerification } from '../lib/api-error-messages.ts';
import { ResendVerificationButton } from './email-verification.tsx';

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
      {needsEmailVerification(error) ? (
        <Box mt={8}>
          <ResendVerificationButton />
        </Box>
      ) : null}
    </Alert>
  );
}

/** A failed action's words for a notification, with "Send a new link" when the e-mail must be confirmed first. */
export function ApiErrorNotice({ error }: { error: unknown }) {
  return (
    <>
      {apiErrorMessage(error)}
      {needsEmailVerification(error) ? (
        <Box mt={8}>
          <ResendVerificationButton />
        </Box>
      ) : null}
    </>
  );
}
