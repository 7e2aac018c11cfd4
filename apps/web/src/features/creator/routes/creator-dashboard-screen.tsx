import { Anchor, Badge, Button, Container, Group, Image, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMusicPlus, IconPackage, IconUpload, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import type { NextAction, StudioPackSummary } from '@crate/contract/studio-packs';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useProfile } from '../../../profile/profile-state.ts';
import { useStudioPacks } from '../api/studio-packs.ts';
import { CollaboratorsPanel } from '../components/collaborators-panel.tsx';
import { EarningsSection } from '../components/earnings-section.tsx';
import { ReleaseRequestsPanel } from '../components/release-requests-panel.tsx';
import { DefaultSplitPanel, MySharesPanel } from '../components/split-panels.tsx';
import classes from './creator-dashboard.module.css';

const STATUS_COLORS: Record<PackStatus, string> = { [-2]: 'red', [-1]: 'gray', 0: 'gray', 1: 'yellow', 2: 'blue', 3: 'cyan', 4: 'teal' };

/** The next step for a pack, as a link where the creator acts and as words where they wait. */
function NextStep({ pack }: { pack: StudioPackSummary }) {
  const action: Record<NextAction, { label: string; to?: string }> = {
    'add-files': { label: 'Add files', to: `/packupload/${pack.id}` },
    'fix-files': { label: 'Fix files', to: `/packupload/${pack.id}` },
    submit: { label: 'Review and submit', to: `/packupload/${pack.id}` },
    'wait-review': { label: 'Waiting for review' },
    'wait-processing': { label: 'Being processed' },
    none: pack.status === PACK_STATUS.published ? { label: 'Analytics', to: `/packanalytics/${pack.id}` } : { label: '—' },
  };
  if (pack.withdrawn_at) {
    return pack.abilities.withdraw ? (
      <Button component={Link} to={`/packupload/${pack.id}`} size="xs" variant="light">
        Put back on sale
      </Button>
    ) : (
      <Text size="sm" c="dimmed">Withdrawn by the creator</Text>
    );
  }
  const next = action[pack.next_action];
  if (!next.to) return <Text size="sm" c="dimmed">{next.label}</Text>;
  if (!pack.abilities.edit && pack.next_action !== 'none') return <Text size="sm" c="dimmed">{next.label} (by the creator)</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={next.to} size="xs" variant={pack.next_action === 'none' ? 'default' : 'light'}>
        {next.label}
      </Button>
      {/* A published pack's details and its withdrawal are in its studio view (decision 0072). */}
      {pack.status === PACK_STATUS.published && pack.abilities.edit ? (
        <Button component={Link} to={`/packupload/${pack.id}`} size="xs" variant="default" aria-label={`Edit ${pack.title}`}>
          Edit
        </Button>
      ) : null}
    </Group>
  );
}

function PackRow({ pack }: { pack: StudioPackSummary }) {
  const processing = pack.processing && (pack.status === PACK_STATUS.approved || pack.status === PACK_STATUS.processing) ? pack.processing : null;
  return (
    <Table.Tr data-pack-status={pack.status}>
      <Table.Td className={classes.cover}>
        {pack.cover ? <Image src={pack.cover['75x75']} w={44} h={44} radius="sm" alt="" /> : <Paper w={44} h={44} bg="dark.6" radius="sm" aria-hidden />}
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={pack.status === PACK_STATUS.published ? `/pack/${pack.id}` : `/packupload/${pack.id}`} fw={600}>
          {pack.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {pack.creator.name} · {pack.item_count} {pack.item_count === 1 ? 'sound' : 'sounds'} · {pack.file_count} {pack.file_count === 1 ? 'file' : 'files'} · changed {new Date(pack.updated_at).toLocaleDateString()}
        </Text>
      </Table.Td>
      <Table.Td className={classes.status}>
        <Badge color={STATUS_COLORS[pack.status as PackStatus] ?? 'gray'} variant="light">
          {pack.status_label}
        </Badge>
        {pack.problem_count > 0 ? (
          <Text size="xs" c="red.4" mt={4}>
            <IconAlertTriangle size={12} aria-hidden /> {pack.problem_count} {pack.problem_count === 1 ? 'file problem' : 'file problems'}
          </Text>
        ) : null}
        {processing ? (
          <>
            <Progress mt={6} size="sm" value={processing.total > 0 ? (processing.done / processing.total) * 100 : 0} animated aria-label={`${pack.title}: processing ${processing.done} of ${processing.total} files`} />
            <Text size="xs" c="dimmed">
              {processing.done} of {processing.total} files checked
            </Text>
          </>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.next}>
        <NextStep pack={pack} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /creator: the creator's packs with their status and next step, their earnings and payout account, and collaborators. */
export default function CreatorDashboardScreen() {
  const profile = useProfile();
  const packs = useStudioPacks();
  const rows = packs.data?.pages.flatMap((page) => page.items) ?? [];
  const isCreator = profile.is_creator;
  const count = (statuses: number[]) => rows.filter((p) => statuses.includes(p.status)).length;

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-start" mb={{ base: 'lg', md: 0 }}>
        <ScreenHeader
          eyebrow="Studio"
          title="Creator dashboard"
          subtitle={
            isCreator
              ? 'Your packs, where each one stands, and what to do next.'
              : 'The packs of the creators you work with: where each one stands, its sounds and how it is doing. Changes to them are the creator’s to make.'
          }
        />
        {isCreator ? (
          <Group gap="xs">
            <Button component={Link} to="/creatorprofile" variant="default" leftSection={<IconUserCircle size={16} />}>
              Your public profile
            </Button>
            <Button component={Link} to="/packupload" leftSection={<IconUpload size={16} />}>
              Upload a pack
            </Button>
            <Button component={Link} to="/singleupload" variant="default" leftSection={<IconMusicPlus size={16} />}>
              Upload a sample
            </Button>
          </Group>
        ) : null}
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="lg">
        {[
          { label: 'Drafts', value: count([PACK_STATUS.draft, PACK_STATUS.fileErrors]) },
          { label: 'In review', value: count([PACK_STATUS.awaitingApproval]) },
          { label: 'Processing', value: count([PACK_STATUS.approved, PACK_STATUS.processing]) },
          { label: 'Published', value: count([PACK_STATUS.published]) },
        ].map((tile) => (
          <Paper key={tile.label} withBorder p="md" bg="dark.7">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {tile.label}
            </Text>
            <Text size="xl" fw={700}>
              {packs.isPending ? '–' : tile.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Stack gap="sm" mb="xl">
        <Title order={2} size="h3">
          Packs
        </Title>
        {packs.isPending ? (
          <Stack gap="xs" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Stack>
        ) : packs.isError ? (
          <>
            <ApiErrorAlert error={packs.error} title="Your packs did not load" />
            <Button variant="default" w="fit-content" onClick={() => void packs.refetch()}>
              Try again
            </Button>
          </>
        ) : rows.length === 0 ? (
          <EmptyState title="No packs yet" icon={<IconPackage size={22} />}>
            {isCreator ? (
              <>
                Start with <Anchor component={Link} to="/packupload">Upload a pack</Anchor>: describe it, drop its folder, check the sounds and submit it for review.
              </>
            ) : (
              'The creators you work with have no packs yet.'
            )}
          </EmptyState>
        ) : (
          <Paper withBorder bg="dark.7">
            {/* On phones each row is laid out as a card (creator-dashboard.module.css). */}
            <Table verticalSpacing="sm" highlightOnHover aria-label="Your packs" className={classes.packs}>
              <Table.Tbody>
                {rows.map((pack) => (
                  <PackRow key={pack.id} pack={pack} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        {packs.hasNextPage ? (
          <Button variant="default" w="fit-content" loading={packs.isFetchingNextPage} onClick={() => void packs.fetchNextPage()}>
            Show more packs
          </Button>
        ) : null}
      </Stack>

      <EarningsSection />

      <ReleaseRequestsPanel />

      {isCreator || profile.is_collaborator ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {isCreator ? <CollaboratorsPanel /> : null}
          {isCreator ? <DefaultSplitPanel /> : null}
          {profile.is_collaborator ? <MySharesPanel /> : null}
        </SimpleGrid>
      ) : null}
    </Container>
  );
}
