import { Anchor, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconHeadphones, IconLicense, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { withRedirect } from '../../../lib/post-auth-path.ts';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { useProfile } from '../../../profile/profile-state.ts';

const REASONS = [
  {
    icon: IconHeadphones,
    title: 'Heard in a second',
    text: 'Every sound gets an instant preview with its waveform. Producers audition a whole pack with the arrow keys, without waiting or signing in.',
  },
  {
    icon: IconLicense,
    title: 'Your licence, your terms',
    text: 'Sell royalty-free, keep a co-writer share with Royalty A, or let your share follow how your sound is used with Dynamic Splits.',
  },
  {
    icon: IconChartBar,
    title: 'Know what works',
    text: 'Plays, favorites and downloads per pack and per sound, so you know what to make next.',
  },
  {
    icon: IconUpload,
    title: 'Upload once, we do the rest',
    text: 'Drop your WAVs, stems, MIDI and presets. Previews, waveforms and cover sizes are made for you; your collaborators can help manage your packs.',
  },
];

/** The creator pitch: why sell on Crate, how it works, and the way in (the creator application). */
export default function SellMyPacksScreen() {
  const profile = useProfile();
  const signedIn = isSignedIn(profile);
  const applyTo = signedIn ? '/creatorapplication' : withRedirect('/register', '/creatorapplication');
  return (
    <Container size="lg" py="xl">
      <Stack gap="md" maw={720} mb={48}>
        <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.14em' }}>
          For creators
        </Text>
        <Title order={1} style={{ fontSize: 'clamp(2.25rem, 5vw, 3.25rem)', lineHeight: 1.05 }}>
          Sell my packs
        </Title>
        <Text size="xl" c="dimmed">
          Put your drums, loops, compositions and presets in front of producers who are looking for exactly that sound, under the licence you
          choose.
        </Text>
        <Group gap="sm" mt="sm">
          {profile.is_creator ? (
            <Button component={Link} to="/creator" size="md">
              Go to your creator dashboard
            </Button>
          ) : (
            <Button component={Link} to={applyTo} size="md">
              Apply to sell on Crate
            </Button>
          )}
          <Button component={Link} to="/splits" variant="default" size="md">
            How the licences work
          </Button>
        </Group>
        {!signedIn && !profile.is_creator ? (
          <Text size="sm" c="dimmed">
            You need a free account to apply; already have one? <Anchor component={Link} to={withRedirect('/login', '/creatorapplication')}>Log in</Anchor>.
          </Text>
        ) : null}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb={48}>
        {REASONS.map((reason) => (
          <Paper key={reason.title} withBorder p="lg" bg="dark.7">
            <Group gap="md" align="flex-start" wrap="nowrap">
              <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
                <reason.icon size={24} />
              </ThemeIcon>
              <div>
                <Title order={2} size="h3" mb={4}>
                  {reason.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {reason.text}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>

      <Paper withBorder p="xl" bg="dark.7" maw={760}>
        <Title order={2} mb="md">
          How it works
        </Title>
        <List type="ordered" spacing="sm">
          <List.Item>
            <strong>Apply.</strong> Tell us who you are and link some of your work. We read every application.
          </List.Item>
          <List.Item>
            <strong>Upload.</strong> Once accepted, upload a pack (or single sounds), set its genres, tags, key, BPM and licence.
          </List.Item>
          <List.Item>
            <strong>Review.</strong> We check files and rights before anything goes live; you see your pack’s status at every step.
          </List.Item>
          <List.Item>
            <strong>Get paid.</strong> Your earnings are settled in monthly payouts.
          </List.Item>
        </List>
      </Paper>
    </Container>
  );
}
