import { Card, Group, Title } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { usePackProcessing } from '../../creator/api/pack-processing.ts';
import { LastReviewNote, ProcessingRunView } from './pack-processing-view.tsx';

/** For the creator on their unpublished pack's page: the admin's notes if it was sent back, and how processing goes. */
export function PackStudioPanel({ packId }: { packId: string }) {
  const report = usePackProcessing(packId);
  if (report.isPending) return null;
  if (report.isError) return <ApiErrorAlert error={report.error} title="Could not load the pack's processing" />;
  const data = report.data;
  if (!data.run && !data.last_review) return null;
  return (
    <Card component="section" aria-labelledby="pack-studio-title" bg="dark.7" withBorder radius="lg" p="lg" mb="xl">
      <Group gap="xs" mb="md">
        <IconActivity size={20} aria-hidden />
        <Title order={2} fz="lg" id="pack-studio-title">
          Review and processing
        </Title>
      </Group>
      <LastReviewNote report={data} />
      <ProcessingRunView report={data} />
    </Card>
  );
}
