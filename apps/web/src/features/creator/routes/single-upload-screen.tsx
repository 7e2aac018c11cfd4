import { Alert, Anchor, Button, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { takesFiles } from '@crate/contract/pack-status';
import type { StudioPack } from '@crate/contract/studio-packs';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useCreateStudioPack, useRefreshStudioPack, useStudioPack, useStudioPacks } from '../api/studio-packs.ts';
import { PackFilesPanel } from '../components/pack-upload/pack-files-panel.tsx';
import { SoundsTable } from '../components/pack-upload/sounds-table.tsx';
import { StudioScreenState } from '../components/studio-screen-state.tsx';
import { packUploadQueue } from '../uploads/pack-upload-queue.ts';

const singlesTitle = () => `Singles · ${new Date().toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;

/** /singleupload: where the sound goes — one of the creator's drafts, or a new singles release. */
function ChooseTarget() {
  const packs = useStudioPacks();
  const create = useCreateStudioPack();
  const navigate = useNavigate();
  const drafts = (packs.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => p.abilities.edit && takesFiles(p.status));
  const [target, setTarget] = useState<string | null>(null);
  return (
    <Container size="sm" py="xl">
      <ScreenHeader eyebrow="Single upload" title="Upload a sample" subtitle="One sound or preset, checked like a pack's. Add it to a draft pack, or start a singles release of its own." />
      <Paper withBorder p="lg" bg="dark.7">
        <Stack gap="md">
          <Select
            label="Add it to a draft"
            placeholder={packs.isPending ? 'Loading your drafts…' : drafts.length === 0 ? 'You have no drafts' : 'Choose a draft pack'}
            data={drafts.map((d) => ({ value: d.id, label: d.title }))}
            value={target}
            onChange={setTarget}
            disabled={drafts.length === 0}
          />
          <Group>
            <Button disabled={!target} onClick={() => target && void navigate(`/singleupload/${target}`)}>
              Continue
            </Button>
            <Text c="dimmed" size="sm">
              or
            </Text>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              onClick={() => create.mutate({ title: singlesTitle() }, { onSuccess: (pack) => void navigate(`/singleupload/${pack.id}`) })}
            >
              Start a singles release
            </Button>
          </Group>
          <ApiErrorAlert error={create.error ?? packs.error} />
        </Stack>
      </Paper>
    </Container>
  );
}

function SingleUpload({ pack }: { pack: StudioPack }) {
  const refresh = useRefreshStudioPack(pack.id);
  const queue = useMemo(() => packUploadQueue(pack.id, refresh), [pack.id, refresh]);
  const editable = pack.abilities.edit && takesFiles(pack.status);
  return (
    <Container size="lg" py="xl">
      <ScreenHeader
        eyebrow="Single upload"
        title="Upload a sample"
        subtitle={
          <>
            Into <Anchor component={Link} to={`/packupload/${pack.id}`}>{pack.title}</Anchor>. Drop the sound (or a preset with its preview), check its fields, then submit the release from its pack page.
          </>
        }
      />
      {!editable ? (
        <Alert color="yellow" variant="light" mb="md" title="This pack takes no new files">
          It is {pack.status_label.toLowerCase()}. <Anchor component={Link} to="/singleupload">Choose another</Anchor>.
        </Alert>
      ) : null}
      <Stack gap="lg">
        <PackFilesPanel pack={pack} queue={queue} editable={editable} />
        <div>
          <Title order={2} size="h4" mb="sm">
            Its fields
          </Title>
          <SoundsTable pack={pack} editable={editable} />
        </div>
        <Group>
          <Button component={Link} to={`/packupload/${pack.id}`} variant="light">
            Cover art and submit
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** /singleupload/{id?}: one sample or preset into a draft pack or a new singles release. */
export default function SingleUploadScreen() {
  const { id } = useParams();
  if (!id) return <ChooseTarget />;
  return <Existing id={id} />;
}

function Existing({ id }: { id: string }) {
  const pack = useStudioPack(id);
  return (
    <StudioScreenState query={pack} notFound={{ screenTitle: 'Upload a sample', what: 'pack', browse: { to: '/singleupload', label: 'Choose a pack' } }} errorTitle="This pack did not load">
      {(data) => <SingleUpload key={data.id} pack={data} />}
    </StudioScreenState>
  );
}
