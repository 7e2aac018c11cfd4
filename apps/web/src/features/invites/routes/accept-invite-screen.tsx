import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { collaboratorPromise } from '@crate/contract/collaborator-role';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { withRedirect } from '../../../lib/post-auth-path.ts';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { useInvite } from '../api/get-invite.ts';

/** /acceptinvite?token=…: a creator's invite to collaborate. Signed in: accept. Signed out: register or log in, then come back. */
export default function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  const profile = useProfile();
  const navigate = useNavigate();

  if (!token) {
    return (
      <FormCard title="Accept invite" subtitle="Join a creator on Crate as a collaborator.">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="This invite link is incomplete">
          Open the link from your invite e-mail again, or ask the creator to send a new invite.
        </Alert>
      </FormCard>
    );
  }

  if (invite.isPending) {
    return (
      <FormCard title="Accept invite">
        <CenteredLoader label="Looking up your invite…" />
      </FormCard>
    );
  }

  if (invite.isError) {
    return (
      <FormCard title="Accept invite">
        {isApiError(invite.error, 'NOT_FOUND') ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="This invite is no longer valid">
            It may have expired or already been used. Ask the creator to send you a new one.
          </Alert>
        ) : (
          <ApiErrorAlert error={invite.error} title="Could not load the invite" />
        )}
      </FormCard>
    );
  }

  const { creator_name, email, expires_at } = invite.data;
  const here = `/acceptinvite?token=${encodeURIComponent(token)}`;
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Invite accepted', message: `You now collaborate with ${creator_name}.` });
        void navigate('/creator', { replace: true });
      },
    });

  return (
    <FormCard title="Accept invite" subtitle="Join a creator on Crate as a collaborator.">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar color="grape" radius="xl" size={48}>
            <IconUsersGroup size={24} />
          </Avatar>
          <div>
            <Text fw={700}>{creator_name} invited you to collaborate</Text>
            <Text size="sm" c="dimmed">
              Sent to {email} · valid until {new Date(expires_at).toLocaleDateString()}
            </Text>
          </div>
        </Group>
        <Text size="sm">{collaboratorPromise(creator_name)}</Text>
        {isSignedIn(profile) ? (
          <>
            {profile.email.toLowerCase() !== email.toLowerCase() ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                You are signed in as {profile.email}, but this invite was sent to {email}.
              </Alert>
            ) : null}
            <ApiErrorAlert error={accept.error} title="Could not accept the invite" />
            <Button size="md" fullWidth onClick={onAccept} loading={accept.isPending}>
              Accept invite
            </Button>
          </>
        ) : (
          <>
            <Button component={Link} to={`/register?invite=${encodeURIComponent(token)}`} size="md" fullWidth>
              Create an account to accept
            </Button>
            <Button component={Link} to={withRedirect('/login', here)} size="md" fullWidth variant="default">
              I have an account — log in
            </Button>
          </>
        )}
      </Stack>
    </FormCard>
  );
}
