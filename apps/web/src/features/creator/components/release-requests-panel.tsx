import { Button, Group, NumberInput, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { COUNTER_NOTE_MAX, type Release } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { ReleaseCard } from '../../../components/release-card.tsx';
import { useAnswerRelease, useReleaseRequests } from '../api/release-requests.ts';

/** A writer's answer to a release: accept the share proposed, or ask for another with a note to the producer. */
function AnswerControls({ release }: { release: Release }) {
  const answer = useAnswerRelease(release.id);
  const mine = release.abilities.answer ? release.parties.find((p) => p.user_id === release.viewer_party) : undefined;
  const [countering, setCountering] = useState(false);
  const [percent, setPercent] = useState<number | string>(mine ? mine.bps / 100 : 0);
  const [note, setNote] = useState('');
  if (!mine) return null;
  return (
    <Stack gap="xs">
      {answer.isError ? <ApiErrorAlert error={answer.error} title="Your answer was not sent" /> : null}
      {countering ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            answer.mutate({ answer: 'counter', bps: Math.round(Number(percent) * 100), note });
          }}
        >
          <Stack gap="xs">
            <NumberInput label="The share you ask for" value={percent} onChange={setPercent} min={0.01} max={100} decimalScale={2} suffix=" %" w={200} required />
            <Textarea label="Note to the producer" description="Why this share: how your sound is used, what you agreed." value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={COUNTER_NOTE_MAX} autosize minRows={2} required />
            <Group>
              <Button type="submit" loading={answer.isPending}>
                Send counter-proposal
              </Button>
              <Button variant="default" onClick={() => setCountering(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button loading={answer.isPending} onClick={() => answer.mutate({ answer: 'accept' })}>
            Accept {bpsAsPercent(mine.bps)}
          </Button>
          <Button variant="default" onClick={() => setCountering(true)}>
            Counter-propose
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** /creator: releases using the viewer's sounds — requests to answer first, then the ones waiting on others, agreed or withdrawn. */
export function ReleaseRequestsPanel() {
  const requests = useReleaseRequests();
  const list = requests.data?.releases ?? [];
  const toAnswer = list.filter((r) => r.abilities.answer);
  const others = list.filter((r) => !r.abilities.answer);
  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="releases-title" id="releases" mb="xl">
      <Title order={2} size="h3" mb={4} id="releases-title">
        Releases using your sounds
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        When a producer releases a track with your Royalty A or Dynamic Splits sound, they ask you to agree your publishing share here.
      </Text>
      {requests.isPending ? (
        <Skeleton height={80} aria-label="Loading releases" />
      ) : requests.isError ? (
        <ApiErrorAlert error={requests.error} title="Releases did not load" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No release uses your sounds yet.
        </Text>
      ) : (
        <Stack gap="lg">
          {toAnswer.length > 0 ? (
            <Stack gap="sm" component="section" aria-label="Waiting for your answer">
              <Title order={3} size="h4">
                Waiting for your answer ({toAnswer.length})
              </Title>
              {toAnswer.map((release) => (
                <ReleaseCard key={release.id} release={release}>
                  <AnswerControls release={release} />
                </ReleaseCard>
              ))}
            </Stack>
          ) : null}
          {others.length > 0 ? (
            <Stack gap="sm" component="section" aria-label="Answered releases">
              <Title order={3} size="h4">
                Answered
              </Title>
              {others.map((release) => (
                <ReleaseCard key={release.id} release={release} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
