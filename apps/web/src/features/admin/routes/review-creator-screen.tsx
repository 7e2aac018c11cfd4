import { Alert, Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ReviewApplication, ReviewedApplication } from '@crate/contract/creator-application';
import { genreLabel } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { ApplicationDemos } from '../../../components/application-demos.tsx';
import { ApplicationStatusBadge } from '../../../components/application-status-badge.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { pageRows } from '../../../components/cursor-pages.ts';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useCreatorApplication, useReviewApplication, useWaitingApplications } from '../api/creator-applications.ts';
import { useWaitingPacks } from '../api/pack-reviews.ts';

/**
 * /reviewcreator: creator applications and packs waiting for review; /reviewcreator/{id}: one application, its
 * demos playable, and the decision. A pack is reviewed on its own page (/pack/{id}), where admins get the panel.
 */
export default function ReviewCreatorScreen() {
  const { id } = useParams();
  return id ? <ReviewOne id={id} /> : <WaitingList />;
}

function WaitingList() {
  const waiting = useWaitingApplications();
  return (
    <Container size="lg" py="xl">
      <ScreenHeader eyebrow="Admin" title="Review creators" subtitle="Creator applications and packs waiting for a decision, oldest first." />
      <SectionHeader id="waiting-applications" title="Creator applications" />
      {waiting.isPending ? (
        <CenteredLoader label="Loading applications…" />
      ) : waiting.isError ? (
        <ApiErrorAlert error={waiting.error} title="Could not load the applications" />
      ) : waiting.data.length === 0 ? (
        <EmptyState title="No applications are waiting" icon={<IconInbox size={22} />}>
          New applications appear here as soon as they are sent.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Applications waiting for review">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Artist</Table.Th>
                <Table.Th>Applicant</Table.Th>
                <Table.Th>Genres</Table.Th>
                <Table.Th>Demos</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {waiting.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/reviewcreator/${a.id}`} fw={600}>
                      {a.artist_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{a.applicant_email}</Table.Td>
                  <Table.Td>{a.genres.map(genreLabel).join(', ')}</Table.Td>
                  <Table.Td>{a.demo_count}</Table.Td>
                  <Table.Td>{new Date(a.updated_at).toLocaleDateString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <WaitingPacks />
    </Container>
  );
}

/** Packs their creators sent for approval; each opens on its pack page, where the review panel is. */
function WaitingPacks() {
  const waiting = useWaitingPacks();
  const rows = pageRows(waiting.data);
  return (
    <section aria-labelledby="waiting-packs" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <SectionHeader id="waiting-packs" title="Packs awaiting approval" />
      {waiting.isPending ? (
        <CenteredLoader label="Loading packs…" />
      ) : waiting.isError ? (
        <ApiErrorAlert error={waiting.error} title="Could not load the packs" />
      ) : rows.length === 0 ? (
        <EmptyState title="No packs are waiting" icon={<IconInbox size={22} />}>
          Packs appear here when their creators submit them for approval.
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Packs awaiting approval">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pack</Table.Th>
                  <Table.Th>Creator</Table.Th>
                  <Table.Th>Sounds</Table.Th>
                  <Table.Th>Files</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/pack/${p.id}`} fw={600}>
                        {p.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.creator.name}</Table.Td>
                    <Table.Td>{p.item_count}</Table.Td>
                    <Table.Td>{p.file_count}</Table.Td>
                    <Table.Td>{new Date(p.submitted_at).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {waiting.hasNextPage ? (
            <Group justify="center" mt="md">
              <Button variant="default" onClick={() => void waiting.fetchNextPage()} loading={waiting.isFetchingNextPage}>
                Show more packs
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </section>
  );
}

function ReviewOne({ id }: { id: string }) {
  const application = useCreatorApplication(id);
  if (application.isPending) return <CenteredLoader label="Loading the application…" />;
  if (application.isError) {
    if (isApiError(application.error, 'NOT_FOUND') || isApiError(application.error, 'VALIDATION_FAILED')) {
      return <NotFoundState screenTitle="Review creators" what="application" browse={{ to: '/reviewcreator', label: 'Applications waiting for review' }} />;
    }
    return (
      <Container size="lg" py="xl">
        <ApiErrorAlert error={application.error} title="Could not load the application" />
      </Container>
    );
  }
  const a = application.data;
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/reviewcreator" size="sm" mb="md" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden /> All waiting applications
      </Anchor>
      <ScreenHeader eyebrow="Creator application" title={a.artist_name} subtitle={`${a.applicant.display_name} · ${a.applicant.email}`} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card bg="dark.7" withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                The application
              </Title>
              <ApplicationStatusBadge status={a.status} />
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {a.bio}
            </Text>
            <Text size="sm">Genres: {a.genres.map(genreLabel).join(', ')}</Text>
            {a.links.map((link) => (
              <Anchor key={link} href={link} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                {link}
              </Anchor>
            ))}
            <Text size="xs" c="dimmed">
              Sent {new Date(a.created_at).toLocaleString()}
              {a.updated_at !== a.created_at ? ` · last changed ${new Date(a.updated_at).toLocaleString()}` : ''}
            </Text>
          </Stack>
        </Card>
        <Card bg="dark.7" withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Demos
          </Title>
          <ApplicationDemos applicationId={a.id} demos={a.demos} />
        </Card>
      </SimpleGrid>
      <Decision application={a} />
    </Container>
  );
}

function Decision({ application }: { application: ReviewedApplication }) {
  const review = useReviewApplication(application.id);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  if (application.status !== 'submitted') {
    return (
      <Alert mt="lg" color={application.status === 'approved' ? 'teal' : 'gray'} variant="light" icon={<IconCheck size={18} />} title="Reviewed">
        <Text size="sm">
          {application.status === 'approved' && application.creator_slug ? (
            <>
              Approved: the creator profile is{' '}
              <Anchor component={Link} to={`/collections/${application.creator_slug}`}>
                /collections/{application.creator_slug}
              </Anchor>
              .
            </>
          ) : (
            <>
              {application.status === 'needs_changes' ? 'Changes were asked for' : 'Declined'}: {application.review_note}
            </>
          )}
        </Text>
      </Alert>
    );
  }

  const decide = (decision: ReviewApplication['decision']) => {
    if (decision !== 'approve' && reason.trim().length < 5) {
      setMissingReason(true);
      return;
    }
    setMissingReason(false);
    review.mutate(decision === 'approve' ? { decision } : { decision, reason: reason.trim() }, {
      onSuccess: () => notifications.show({ color: 'teal', message: decision === 'approve' ? `${application.artist_name} is now a creator.` : 'The applicant has been told by e-mail.' }),
    });
  };

  return (
    <Card mt="lg" bg="dark.7" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Decision
        </Title>
        <ApiErrorAlert error={review.error} title="Could not record the decision" />
        <Textarea
          label="Note to the applicant"
          description="Needed to ask for changes or to decline; the applicant reads it in the e-mail and on their application."
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={missingReason ? 'Tell the applicant why (at least 5 characters)' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={() => decide('decline')} loading={review.isPending && review.variables?.decision === 'decline'}>
            Decline
          </Button>
          <Button variant="light" color="yellow" onClick={() => decide('request_changes')} loading={review.isPending && review.variables?.decision === 'request_changes'}>
            Ask for changes
          </Button>
          <Button color="teal" onClick={() => decide('approve')} loading={review.isPending && review.variables?.decision === 'approve'}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
