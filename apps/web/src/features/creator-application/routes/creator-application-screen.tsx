import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconConfetti, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { genreLabel } from '@crate/contract/taxonomy';
import type { CreatorApplication } from '@crate/contract/creator-application';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { ApplicationDemos } from '../../../components/application-demos.tsx';
import { ApplicationStatusBadge } from '../../../components/application-status-badge.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useMyCreatorApplication } from '../api/creator-application.ts';
import { ApplicationForm } from '../components/application-form.tsx';

/** /creatorapplication: apply to sell on Crate, then follow the application until it is decided. */
export default function CreatorApplicationScreen() {
  const mine = useMyCreatorApplication();
  return (
    <Container size="md" py="xl">
      <ScreenHeader eyebrow="Sell on Crate" title="Creator application" subtitle="Tell us about your sounds and send a few demos. An admin listens to every application." />
      {mine.isPending ? <CenteredLoader label="Loading your application…" /> : mine.isError ? <ApiErrorAlert error={mine.error} title="Could not load your application" /> : <ApplicationState {...mine.data} />}
    </Container>
  );
}

function ApplicationState({ application, accepted_content_agreement, is_creator }: { application: CreatorApplication | null; accepted_content_agreement: boolean; is_creator: boolean }) {
  const refresh = () => window.scrollTo({ top: 0 });
  if (is_creator || application?.status === 'approved') {
    return (
      <Alert color="teal" variant="light" icon={<IconConfetti size={20} />} title="You are a Crate creator">
        <Text size="sm" mb="sm">
          Your application was approved. Upload your first pack from the creator dashboard.
        </Text>
        <Button component={Link} to="/creator">
          Open the creator dashboard
        </Button>
      </Alert>
    );
  }
  if (!application) return <FormSection title="Your application" form={<ApplicationForm mode="new" from={null} agreementAccepted={accepted_content_agreement} onSent={refresh} />} />;
  if (application.status === 'submitted') return <Summary application={application} />;
  if (application.status === 'needs_changes') {
    return (
      <Stack gap="lg">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title="An admin asked for changes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {application.review_note}
          </Text>
        </Alert>
        <FormSection title="Change your application" form={<ApplicationForm mode="changes" from={application} agreementAccepted={accepted_content_agreement} onSent={refresh} />} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" icon={<IconInfoCircle size={20} />} title="Your last application was declined">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {application.review_note}
        </Text>
        <Text size="sm" mt="xs">
          You are welcome to apply again with new demos.
        </Text>
      </Alert>
      <FormSection title="Apply again" form={<ApplicationForm mode="new" from={application} agreementAccepted={accepted_content_agreement} onSent={refresh} />} />
    </Stack>
  );
}

function FormSection({ title, form }: { title: string; form: ReactNode }) {
  return (
    <Card bg="dark.7" withBorder radius="lg" p="xl">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {form}
    </Card>
  );
}

function Summary({ application }: { application: CreatorApplication }) {
  return (
    <Card bg="dark.7" withBorder radius="lg" p="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {application.artist_name}
          </Title>
          <ApplicationStatusBadge status={application.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Sent {new Date(application.updated_at).toLocaleDateString()}. We will e-mail you when an admin has reviewed it.
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {application.bio}
        </Text>
        <Text size="sm">Genres: {application.genres.map(genreLabel).join(', ')}</Text>
        {application.links.length > 0 ? (
          <Group gap="md">
            {application.links.map((link) => (
              <Anchor key={link} href={link} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                {link}
              </Anchor>
            ))}
          </Group>
        ) : null}
        <ApplicationDemos applicationId={application.id} demos={application.demos} />
      </Stack>
    </Card>
  );
}
