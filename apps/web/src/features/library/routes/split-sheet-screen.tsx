import { Alert, Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileCertificate } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatIsrc, PROMINENCE_LABELS, type SplitSheet } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { VerificationState } from '../../../components/verification-state.tsx';
import { useSplitSheet } from '../api/releases.ts';
import { formatDate } from '../../../components/long-date.ts';

const ROLE = { producer: 'Producer', creator: 'Sound creator', collaborator: 'Collaborator' } as const;

/**
 * /splitsheet/{number}: anyone — a collecting society, a label, a distributor — checks an agreed Crate split sheet:
 * the track, every writer by display name with their share, the sounds and their licence certificates, and when each
 * writer accepted. Never an e-mail.
 */
export default function SplitSheetScreen() {
  const number = useParams().number ?? '';
  const sheet = useSplitSheet(number);
  return (
    <VerificationState query={sheet} title="Split sheet" what="split sheet" size="md">
      {(data) => <Sheet sheet={data} />}
    </VerificationState>
  );
}

function Sheet({ sheet }: { sheet: SplitSheet }) {
  const facts: [string, string][] = [
    ['Track', sheet.title],
    ['Artists', sheet.artists.join(', ')],
    ['Release date', sheet.release_date],
    ['Label', sheet.label ?? 'Self-released'],
    ['ISRC', formatIsrc(sheet.isrc)],
    ['UPC / EAN', sheet.upc ?? 'Not given'],
  ];
  return (
    <Container size="md" py="xl">
      <ScreenHeader title="Split sheet" eyebrow="Verification" />
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="lg">
          <Group gap="sm">
            <IconFileCertificate size={28} aria-hidden />
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.1em' }}>
                Split sheet
              </Text>
              <Title order={2} ff="monospace" size="h3">
                {sheet.number}
              </Title>
            </div>
          </Group>
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Agreed">
            Every writer below accepted this split on Crate; it was agreed on {formatDate(sheet.agreed_at)}.
          </Alert>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.08em' }}>
                  {label}
                </Text>
                <Text>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          <Table verticalSpacing="xs" aria-label="Writers and publishing shares">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Writer</Table.Th>
                <Table.Th>Publishing share</Table.Th>
                <Table.Th>Accepted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.writers.map((writer) => (
                <Table.Tr key={`${writer.role}-${writer.name}-${writer.for_creator ?? ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {writer.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {ROLE[writer.role]}
                      {writer.for_creator ? ` · ${writer.for_creator}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{bpsAsPercent(writer.bps)}</Table.Td>
                  <Table.Td>{formatDate(writer.accepted_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Sounds used
            </Text>
            {sheet.sounds.map((sound) => (
              <Group key={sound.certificate_number} gap="xs">
                <Text size="sm">
                  {sound.item_name} ({sound.pack_title}, by {sound.creator_name})
                </Text>
                <Badge variant="light" tt="none">
                  {sound.licence_type}
                  {sound.prominence ? ` · ${PROMINENCE_LABELS[sound.prominence]}` : ''}
                </Badge>
                <Anchor component={Link} to={`/licence/${sound.certificate_number}`} size="sm" ff="monospace">
                  {sound.certificate_number}
                </Anchor>
              </Group>
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            How Royalty A and Dynamic Splits shares are set is explained on{' '}
            <Anchor component={Link} to="/splits">
              how licences work
            </Anchor>
            . Crate never shows a writer’s e-mail address.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
