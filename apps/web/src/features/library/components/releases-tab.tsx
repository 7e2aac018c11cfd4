import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconVinyl } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Release, ReleaseParty } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ReleaseCard } from '../../../components/release-card.tsx';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { useAcceptCounter, useMyReleases, useWithdrawRelease } from '../api/releases.ts';
import { ReleaseForm } from './release-form.tsx';

/** The producer's controls on their release: accept a writer's counter-proposal, withdraw before it is agreed. */
function MyRelease({ release }: { release: Release }) {
  const acceptCounter = useAcceptCounter(release.id);
  const withdraw = useWithdrawRelease(release.id);
  const failed = (error: unknown) => notifications.show({ color: 'red', message: apiErrorMessage(error) });
  const counterAction = (party: ReleaseParty) =>
    release.abilities.decide && party.status === 'countered' && party.counter_bps !== null ? (
      <Button
        size="compact-sm"
        variant="light"
        loading={acceptCounter.isPending && acceptCounter.variables === party.user_id}
        onClick={() => acceptCounter.mutate(party.user_id, { onError: failed })}
        aria-label={`Accept ${party.name}’s counter-proposal of ${bpsAsPercent(party.counter_bps)}`}
      >
        Accept {bpsAsPercent(party.counter_bps)}
      </Button>
    ) : null;
  return (
    <ReleaseCard release={release} partyAction={release.abilities.decide ? counterAction : undefined}>
      {release.abilities.decide ? (
        <Group>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={withdraw.isPending}
            onClick={() =>
              dialogs.openConfirmModal({
                title: `Withdraw “${release.title}”?`,
                children: <Text size="sm">Every writer is told, and nobody can answer it any more. You can register the release again.</Text>,
                labels: { confirm: 'Withdraw', cancel: 'Keep it' },
                confirmProps: { color: 'red' },
                onConfirm: () => withdraw.mutate(undefined, { onError: failed }),
              })
            }
          >
            Withdraw the release
          </Button>
        </Group>
      ) : null}
    </ReleaseCard>
  );
}

const SECTIONS = [
  { status: 'proposed', title: 'Waiting for answers' },
  { status: 'agreed', title: 'Agreed' },
  { status: 'withdrawn', title: 'Withdrawn' },
] as const;

/** /library?tab=releases: register a release of sounds you own under Royalty A or Dynamic Splits, and follow each one to its split sheet. */
export function ReleasesTab() {
  const releases = useMyReleases();
  const [registering, setRegistering] = useState(false);
  const list = releases.data?.releases ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={640}>
          Released a track with Royalty A or Dynamic Splits sounds? Register it: Crate proposes the publishing split, each creator accepts or counters, and
          the agreed split sheet is yours to file with your collecting society. <Anchor component={Link} to="/splits" inherit>How the licences work</Anchor>.
        </Text>
        {registering ? null : <Button onClick={() => setRegistering(true)}>Register a release</Button>}
      </Group>
      {registering ? <ReleaseForm onDone={() => setRegistering(false)} /> : null}
      {releases.isError ? (
        <ApiErrorAlert error={releases.error} title="Your releases did not load" />
      ) : releases.isPending ? (
        <Skeleton height={200} radius="md" />
      ) : list.length === 0 ? (
        registering ? null : (
          <EmptyState title="No releases yet" icon={<IconVinyl size={22} />}>
            When a track you made with Royalty A or Dynamic Splits sounds comes out, register it here.
          </EmptyState>
        )
      ) : (
        SECTIONS.map(({ status, title }) => {
          const rows = list.filter((r) => r.status === status);
          return rows.length === 0 ? null : (
            <Stack key={status} gap="sm" component="section" aria-label={title}>
              <Title order={2} size="h4">
                {title}
              </Title>
              {rows.map((release) => (
                <MyRelease key={release.id} release={release} />
              ))}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
