import { Anchor, Badge, Container, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LICENCE_TYPES } from '@crate/contract/catalogue-enums';
import { PRODUCER_MIN_BPS, PROMINENCE_LABELS, PROMINENCES, SOUND_SHARE_BPS } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';
import { LICENCE_TERMS } from '../../../components/licence-terms.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';

const COLORS = { 'Royalty-Free': 'teal', 'Royalty A': 'blue', 'Dynamic Splits': 'ember' } as const;

/** The three licences a pack can carry, in plain words, and how they compare. */
export default function SplitsScreen() {
  return (
    <Container size="lg" py="xl">
      <ScreenHeader
        title="Dynamic splits"
        eyebrow="Licences, plainly"
        subtitle="Every pack on Crate carries one of three licences. It is shown on the pack and on every sound in it, so you know before you press play what you can do with it."
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb={48}>
        {LICENCE_TYPES.map((type) => {
          const terms = LICENCE_TERMS[type];
          return (
            <Paper key={type} withBorder p="lg" bg="dark.7" component="section" aria-labelledby={`licence-${type}`} id={type.toLowerCase().replace(/\s+/g, '-')}>
              <Stack gap="sm">
                <Badge color={COLORS[type]} variant="light" size="lg" tt="none">
                  {type}
                </Badge>
                <Title order={2} size="h3" id={`licence-${type}`}>
                  {terms.short}
                </Title>
                <List spacing={6} size="sm" c="dimmed">
                  {terms.long.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>

      <Title order={2} mb="md">
        Side by side
      </Title>
      <Table.ScrollContainer minWidth={640} mb={48}>
        <Table withTableBorder withColumnBorders verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">What you want to know</Table.Th>
              {LICENCE_TYPES.map((type) => (
                <Table.Th key={type} scope="col">
                  {type}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Use it in your own releases</Table.Th>
              {LICENCE_TYPES.map((type) => (
                <Table.Td key={type}>Yes</Table.Td>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Royalties when the track earns</Table.Th>
              {LICENCE_TYPES.map((type) => (
                <Table.Td key={type}>{LICENCE_TERMS[type].royaltiesOnRelease}</Table.Td>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Credit the creator</Table.Th>
              {LICENCE_TYPES.map((type) => (
                <Table.Td key={type}>{LICENCE_TERMS[type].creatorCredit}</Table.Td>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Resell or share the sound itself</Table.Th>
              {LICENCE_TYPES.map((type) => (
                <Table.Td key={type}>No</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Paper withBorder p="lg" bg="dark.7" mb={48} component="section" aria-labelledby="release-process">
        <Title order={2} size="h3" mb="xs" id="release-process">
          Released a track? Agree the split on Crate
        </Title>
        <Text c="dimmed" mb="md">
          Register the release in your <Anchor component={Link} to="/library?tab=releases">Library</Anchor>: its title, artists, date, label, ISRC and
          UPC, and the Royalty A and Dynamic Splits sounds you used. Crate proposes each writer’s publishing share from the table below; every creator
          (and the collaborators they share the pack with) is e-mailed and accepts or counter-proposes on their dashboard. Once everyone has accepted,
          you all download the same split sheet, and anyone can verify it by its number.
        </Text>
        <Table withTableBorder verticalSpacing="xs" maw={560} mb="sm" aria-label="Publishing share per sound">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Sound</Table.Th>
              <Table.Th scope="col">Creator’s share of the track</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Royalty A, any use</Table.Th>
              <Table.Td>{bpsAsPercent(SOUND_SHARE_BPS['Royalty A'])}</Table.Td>
            </Table.Tr>
            {PROMINENCES.map((prominence) => (
              <Table.Tr key={prominence}>
                <Table.Th scope="row">Dynamic Splits, {PROMINENCE_LABELS[prominence].toLowerCase()}</Table.Th>
                <Table.Td>{bpsAsPercent(SOUND_SHARE_BPS['Dynamic Splits'][prominence])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          However many sounds a track uses, you keep at least {bpsAsPercent(PRODUCER_MIN_BPS)} as its producer: the sounds’ shares are scaled down alike to
          fit. A creator who shares a pack with collaborators shares their part with them in the same proportions.
        </Text>
      </Paper>

      <Paper withBorder p="lg" bg="dark.7" maw={760}>
        <Title order={2} size="h3" mb="xs">
          Why dynamic splits?
        </Title>
        <Text c="dimmed" mb="sm">
          A fixed split treats a hi-hat and a hook the same. Dynamic splits let a creator give away the small parts cheaply and still share in the
          hit their melody became — and let you use a sound in the background without signing away half your song.
        </Text>
        <Text size="sm">
          Selling sounds? <Anchor component={Link} to="/sellmypacks">Choose your licence when you upload</Anchor>. Questions about credits and
          downloads are in the <Anchor component={Link} to="/faq">FAQ</Anchor>.
        </Text>
      </Paper>
    </Container>
  );
}
