import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useResendVerification } from '../features/auth/api/email-verification.ts';
import { apiErrorMessage } from '../lib/api-error-messages.ts';
import { isSignedIn } from '../profile/profile-model.ts';
import { useProfile } from '../profile/profile-state.ts';

const clockTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const sentAtWords = (iso: string | null | undefined) => (iso ? clockTime.format(new Date(iso)) : null);

/**
 * "Send a new link" to the signed-in account's own address (docs/decisions/0069), with what happened: when the link
 * was sent, or why it was not (at most 3 an hour). Used by the banner and wherever an action is refused for it.
 */
export function ResendVerificationButton({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const resend = useResendVerification();
  const sentAt = sentAtWords(resend.data?.sent_at);
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button size={size} variant="light" color="ember" loading={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isSuccess ? 'Send another link' : 'Send a new link'}
      </Button>
      {sentAt ? (
        <Text size="xs" role="status">
          Sent a new link to {resend.data?.email} at {sentAt}.
        </Text>
      ) : null}
      {resend.isError ? (
        <Text size="xs" c="red.4" role="alert">
          {apiErrorMessage(resend.error)}
        </Text>
      ) : null}
    </Group>
  );
}

/** Above every screen while the signed-in account's e-mail is not confirmed: what to do, and the way to a new link. */
export function VerifyEmailBanner() {
  const profile = useProfile();
  if (!isSignedIn(profile) || profile.email_verified) return null;
  const sentAt = sentAtWords(profile.email_verification_sent_at);
  return (
    <Alert color="ember" variant="light" radius={0} icon={<IconMailExclamation size={18} />} title="Confirm your e-mail" data-testid="verify-email-banner" mb="md">
      <Text size="sm" mb={6}>
        Open the link we sent to <b>{profile.email}</b>
        {sentAt ? ` at ${sentAt}` : ''} to buy sounds, spend credits, apply to sell and get paid. Browsing and playing work meanwhile.
      </Text>
      <ResendVerificationButton />
    </Alert>
  );
}
