import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResendVerificationButton } from '../../../components/email-verification.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { withRedirect } from '../../../lib/post-auth-path.ts';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useVerifyEmail } from '../api/email-verification.ts';

/**
 * /verifyemail?token=… is where the verification e-mail's link lands (docs/decisions/0069): the token is sent once, and
 * the page says what happened — confirmed; or expired, already used or not valid, with the way to a new link.
 * Without a token it is the place to ask for one.
 */
/** Every state keeps the screen's title as its heading (the route table's). */
const TITLE = 'Confirm your e-mail';

export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <FollowLink token={token} /> : <AskForLink />;
}

function FollowLink({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const profile = useProfile();
  const sent = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice: a second answer would say the link was already used.
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return <Confirmed subtitle="Done: thank you.">{verify.data.email} is confirmed. You can buy sounds, spend credits, apply to sell and get paid.</Confirmed>;
  }
  if (verify.isError) {
    // The link was used up by an earlier visit of this account: nothing is wrong.
    if (isSignedIn(profile) && profile.email_verified) return <AlreadyConfirmed email={profile.email} />;
    return (
      <FormCard title={TITLE} subtitle="This link did not work.">
        <Stack gap="md">
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} title="Your e-mail is not confirmed" role="alert">
            {apiErrorMessage(verify.error)}
          </Alert>
          <NewLink />
        </Stack>
      </FormCard>
    );
  }
  return (
    <FormCard title={TITLE} subtitle="Confirming your e-mail…">
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          One moment…
        </Text>
      </Stack>
    </FormCard>
  );
}

function AskForLink() {
  const profile = useProfile();
  if (isSignedIn(profile) && profile.email_verified) return <AlreadyConfirmed email={profile.email} />;
  return (
    <FormCard title={TITLE} subtitle="Open the link in the e-mail we sent you. It works once, for 24 hours.">
      <NewLink />
    </FormCard>
  );
}

/** The way to a new link: from the signed-in account, or after logging in. */
function NewLink() {
  const profile = useProfile();
  if (!isSignedIn(profile)) {
    return (
      <Text size="sm">
        <Anchor component={Link} to={withRedirect('/login', '/verifyemail')} fw={600}>
          Log in to send a new link
        </Anchor>{' '}
        to your address.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">We will send a new link to {profile.email}.</Text>
      <ResendVerificationButton size="sm" />
    </Stack>
  );
}

function AlreadyConfirmed({ email }: { email: string }) {
  return <Confirmed subtitle="Nothing to do.">{email} is already confirmed.</Confirmed>;
}

/** A confirmed address: what it says, and the way back to the store. */
function Confirmed({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <FormCard title={TITLE} subtitle={subtitle}>
      <Stack gap="md">
        <Alert variant="light" color="teal" icon={<IconMailCheck size={18} />} title="E-mail confirmed">
          {children}
        </Alert>
        <Button component={Link} to="/discover" fullWidth>
          Go to Discover
        </Button>
      </Stack>
    </FormCard>
  );
}
