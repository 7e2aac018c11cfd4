import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconCertificate, IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatIsrc, PROMINENCE_LABELS, splitSheetPdfPath, type Release, type ReleaseParty } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';

const STATUS = {
  proposed: { label: 'Waiting for answers', color: 'yellow' },
  agreed: { label: 'Agreed', color: 'teal' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
} as const;
const PARTY_STATUS = { pending: 'Not answered yet', accepted: 'Accepted', countered: 'Counter-proposed' } as const;
const ROLE = { producer: 'Producer', creator: 'Creator', collaborator: 'Collaborator' } as const;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One step of the agreement in words: who did what, and when. */
function eventSentence(event: Release['events'][number]): string {
  const actor = event.actor_name ?? 'Crate';
  switch (event.kind) {
    case 'registered':
      return `${actor} registered the release`;
    case 'accepted':
      return `${actor} accepted ${bpsAsPercent(event.bps ?? 0)}`;
    case 'countered':
      return `${actor} counter-proposed ${bpsAsPercent(event.bps ?? 0)}: “${event.note ?? ''}”`;
    case 'counter_accepted':
      return `${actor} accepted ${event.party_name ?? 'a writer'}’s ${bpsAsPercent(event.bps ?? 0)}`;
    case 'reminded':
      return `Crate reminded ${event.party_name ?? 'a writer'} to answer`;
    case 'withdrawn':
      return `${actor} withdrew the release`;
    case 'agreed':
      return 'Every writer accepted: the split is agreed';
  }
}

interface ReleaseCardProps {
  release: Release;
  /** What the viewer may do about one writer's line (the producer: accept a counter). */
  partyAction?: (party: ReleaseParty) => ReactNode;
  /** The viewer's own controls (answer, withdraw). */
  children?: ReactNode;
}

/**
 * A release as its producer and its writers see it: the track, the sounds with their licence certificates, every
 * writer's share and answer, each step taken, and once agreed the split sheet to download and its public page.
 */
export function ReleaseCard({ release, partyAction, children }: ReleaseCardProps) {
  const status = STATUS[release.status];
  const waitingFor = release.parties.filter((p) => p.status !== 'accepted');
  const titleId = `release-${release.id}`;
  return (
    <Paper withBorder p="lg" bg="dark.7" component="article" aria-labelledby={titleId} data-release-status={release.status}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4" id={titleId}>
              {release.title}
            </Title>
            <Text size="sm" c="dimmed">
              {release.artists.join(', ')} · {release.label ?? 'Self-released'} · out {release.release_date} · ISRC {formatIsrc(release.isrc)}
              {release.upc ? ` · UPC/EAN ${release.upc}` : ''}
            </Text>
          </div>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        {release.status === 'proposed' && waitingFor.length > 0 ? (
          <Text size="sm">
            Waiting for: <strong>{waitingFor.map((p) => (p.status === 'countered' ? `${release.producer_name} (on ${p.name}’s counter)` : p.name)).join(', ')}</strong>
          </Text>
        ) : null}
        {release.split_sheet_number ? (
          <Group gap="sm">
            <Button component="a" href={splitSheetPdfPath(release.split_sheet_number)} download size="xs" leftSection={<IconFileDownload size={14} aria-hidden />} aria-label={`Split sheet ${release.split_sheet_number} for ${release.title} (PDF)`}>
              Split sheet PDF
            </Button>
            <Anchor component={Link} to={`/splitsheet/${release.split_sheet_number}`} size="sm" ff="monospace">
              {release.split_sheet_number}
            </Anchor>
          </Group>
        ) : null}

        <Table verticalSpacing={6} aria-label={`Writers of ${release.title}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Writer</Table.Th>
              <Table.Th>Share</Table.Th>
              <Table.Th>Answer</Table.Th>
              {partyAction ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {release.parties.map((party) => (
              <Table.Tr key={party.user_id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {party.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {ROLE[party.role]}
                    {party.for_creator ? ` · ${party.for_creator}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{bpsAsPercent(party.bps)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{party.role === 'producer' ? 'Proposed' : PARTY_STATUS[party.status]}</Text>
                  {party.status === 'countered' && party.counter_bps !== null ? (
                    <Text size="xs" c="dimmed">
                      asks {bpsAsPercent(party.counter_bps)}: “{party.counter_note}”
                    </Text>
                  ) : null}
                </Table.Td>
                {partyAction ? <Table.Td>{partyAction(party)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>

        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Sounds used
          </Text>
          {release.sounds.map((sound) => (
            <Group key={sound.item_id} gap="xs" wrap="wrap">
              <Anchor component={Link} to={`/item/${sound.item_slug}`} size="sm">
                {sound.item_name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {sound.pack_title} · {sound.creator_name} · {sound.licence_type}
                {sound.prominence ? ` · ${PROMINENCE_LABELS[sound.prominence]}` : ''}
              </Text>
              <Anchor component={Link} to={`/licence/${sound.certificate_number}`} size="xs" c="dimmed" aria-label={`Licence certificate ${sound.certificate_number} for ${sound.item_name}`}>
                <IconCertificate size={12} aria-hidden /> {sound.certificate_number}
              </Anchor>
            </Group>
          ))}
        </Stack>

        {children}

        <details>
          <summary>
            <Text span size="sm" c="dimmed">
              Every step ({release.events.length})
            </Text>
          </summary>
          <Timeline mt="sm" bulletSize={10} lineWidth={2} active={release.events.length - 1}>
            {release.events.map((event, i) => (
              <Timeline.Item key={i} title={eventSentence(event)}>
                <Text size="xs" c="dimmed">
                  {when.format(new Date(event.at))}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </details>
      </Stack>
    </Paper>
  );
}
