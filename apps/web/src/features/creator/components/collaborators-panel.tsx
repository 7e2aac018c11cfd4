import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconUserMinus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { API } from '@crate/contract/api-endpoints';
import type { Collaborators } from '@crate/contract/users';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { studioKeys } from '../api/studio-keys.ts';


/** The creator's collaborators (read-only access to the studio) and open invites: invite, withdraw, remove. */
export function CollaboratorsPanel() {
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: studioKeys.collaborators, queryFn: ({ signal }) => callApi(API.listCollaborators, { signal }) });
  const apply = (next: Collaborators) => queryClient.setQueryData(studioKeys.collaborators, next);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (address: string) => callApi(API.createInvite, { body: { email: address } }),
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: studioKeys.collaborators });
      setEmail('');
      notifications.show({ color: 'ember', message: `Invite sent to ${sent.email}.` });
    },
    onError: (error) => setEmailError(apiErrorMessage(error)),
  });
  const remove = useMutation({ mutationFn: (userId: string) => callApi(API.removeCollaborator, { params: { userId } }), onSuccess: apply });
  const withdraw = useMutation({ mutationFn: (id: string) => callApi(API.withdrawInvite, { params: { id } }), onSuccess: apply });

  return (
    <Paper withBorder p="lg" bg="dark.7" aria-labelledby="collaborators-title">
      <Title order={2} size="h4" mb={4} id="collaborators-title">
        Collaborators
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Collaborators see your packs, drafts and analytics; they change nothing.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setEmailError(null);
          invite.mutate(email.trim());
        }}
      >
        <Group align="flex-start" gap="xs">
          <TextInput aria-label="Collaborator's e-mail" placeholder="name@example.com" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={emailError} style={{ flex: 1 }} />
          <Button type="submit" loading={invite.isPending} disabled={email.trim() === ''} leftSection={<IconMailForward size={16} />}>
            Invite
          </Button>
        </Group>
      </form>
      <ApiErrorAlert error={remove.error ?? withdraw.error} />
      <Stack gap={6} mt="md">
        {team.isPending ? (
          <Skeleton height={48} />
        ) : team.isError ? (
          <ApiErrorAlert error={team.error} title="Your collaborators did not load" />
        ) : team.data.collaborators.length === 0 && team.data.invites.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody yet.
          </Text>
        ) : (
          <>
            {team.data.collaborators.map((person) => (
              <Group key={person.user_id} justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm" fw={600}>
                    {person.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {person.email} · since {new Date(person.added_at).toLocaleDateString()}
                  </Text>
                </div>
                <Tooltip label="Remove">
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${person.name}`} loading={remove.isPending && remove.variables === person.user_id} onClick={() => remove.mutate(person.user_id)}>
                    <IconUserMinus size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            {team.data.invites.map((open) => (
              <Group key={open.id} justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm">{open.email}</Text>
                  <Text size="xs" c="dimmed">
                    Invited · the link works until {new Date(open.expires_at).toLocaleDateString()}
                  </Text>
                </div>
                <Tooltip label="Withdraw the invite">
                  <ActionIcon variant="subtle" aria-label={`Withdraw the invite to ${open.email}`} loading={withdraw.isPending && withdraw.variables === open.id} onClick={() => withdraw.mutate(open.id)}>
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
