import { Alert, Anchor, Button, Container, Group, List, Paper, Progress, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArrowBackUp, IconCircleCheck, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PACK_STATUS, takesFiles } from '@crate/contract/pack-status';
import type { StudioPack } from '@crate/contract/studio-packs';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { dialogs } from '../../../components/dialogs.tsx';
import { ImageCropper } from '../../../components/image-cropper.tsx';
import { PackStatusBadge } from '../../../components/pack-status-badge.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import {
  useCreateStudioPack,
  useRefreshStudioPack,
  useRepublishStudioPack,
  useStudioPack,
  useSubmitStudioPack,
  useUpdateStudioPack,
  useUploadStudioImage,
  useWithdrawStudioPack,
} from '../api/studio-packs.ts';
import { CoverArtCropper } from '../components/pack-upload/cover-art-cropper.tsx';
import { PackDetailsForm } from '../components/pack-upload/pack-details-form.tsx';
import { PackFilesPanel } from '../components/pack-upload/pack-files-panel.tsx';
import { SoundsTable } from '../components/pack-upload/sounds-table.tsx';
import { PackSplitPanel } from '../components/split-panels.tsx';
import { StudioScreenState } from '../components/studio-screen-state.tsx';
import { packUploadQueue } from '../uploads/pack-upload-queue.ts';

const INSTRUCTIONS = (
  <Anchor component={Link} to="/packuploadinstructions" target="_blank" size="sm">
    How to prepare a pack
  </Anchor>
);

/** /packupload: a new pack starts with its details; saving makes the draft and moves on to its files. */
function NewPack() {
  const create = useCreateStudioPack();
  const navigate = useNavigate();
  return (
    <Container size="md" py="xl">
      <ScreenHeader eyebrow="New pack" title="Upload a pack" subtitle={<>Describe the pack, then add its files. Nothing is public until an admin approves it. {INSTRUCTIONS}</>} />
      <Paper withBorder p="lg" bg="dark.7">
        <PackDetailsForm
          pack={null}
          readOnly={false}
          submitLabel="Save and add files"
          onSave={async (values) => {
            const pack = await create.mutateAsync(values);
            void navigate(`/packupload/${pack.id}`, { replace: true });
          }}
        />
      </Paper>
    </Container>
  );
}

/** Step 4: what stands between the pack and review, and the button that sends it. */
function SubmitPanel({ pack }: { pack: StudioPack }) {
  const submit = useSubmitStudioPack(pack.id);
  if (pack.status === PACK_STATUS.awaitingApproval) {
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title="Waiting for review">
        An admin listens to the pack and approves it, or sends it back with notes. You get an e-mail either way.
      </Alert>
    );
  }
  if (pack.status === PACK_STATUS.approved || pack.status === PACK_STATUS.processing) {
    const progress = pack.processing;
    return (
      <Stack gap="xs">
        <Text fw={600}>Approved: checking and preparing every file</Text>
        <Progress value={progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0} animated aria-label="Processing progress" />
        <Text size="sm" c="dimmed">{progress ? `${progress.done} of ${progress.total} files` : 'Starting…'}</Text>
      </Stack>
    );
  }
  if (pack.status === PACK_STATUS.published) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Published">
          The pack is live. <Anchor component={Link} to={`/pack/${pack.id}`}>Open its page</Anchor> or <Anchor component={Link} to={`/packanalytics/${pack.id}`}>see how it is doing</Anchor>.
          {pack.abilities.edit ? ' Its title, description, genres and cover can still change (step 1); its sounds, licence and prices stay as they were sold.' : null}
        </Alert>
        {pack.abilities.withdraw ? <WithdrawPanel pack={pack} /> : null}
      </Stack>
    );
  }
  if (pack.withdrawn_at) return <WithdrawnPanel pack={pack} />;
  return (
    <Stack gap="sm">
      {pack.submit_blockers.length > 0 ? (
        <Alert color="yellow" variant="light" title="Before it can go to review">
          <List size="sm">
            {pack.submit_blockers.map((blocker) => (
              <List.Item key={blocker}>{blocker}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm">
          {pack.items.length} {pack.items.length === 1 ? 'sound' : 'sounds'}, cover art and details are in place. An admin reviews the pack next; once approved, every file is checked and the pack is published.
        </Text>
      )}
      <ApiErrorAlert error={submit.error} title="The pack was not sent" />
      <Group>
        <Button
          leftSection={<IconSend size={16} />}
          disabled={pack.submit_blockers.length > 0 || !pack.abilities.submit}
          loading={submit.isPending}
          onClick={() =>
            submit.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'ember', message: `${pack.title} was sent for review.` }),
            })
          }
        >
          Submit for review
        </Button>
      </Group>
    </Stack>
  );
}

/** Taking a published pack off sale, after saying what that does (decision 0072). */
function WithdrawPanel({ pack }: { pack: StudioPack }) {
  const withdraw = useWithdrawStudioPack(pack.id);
  const confirm = () =>
    dialogs.openConfirmModal({
      title: `Withdraw ${pack.title}?`,
      children: (
        <Stack gap="xs">
          <Text>It leaves the shop at once: its page, search, Discover and playlists stop showing it, and nobody can get it any more.</Text>
          <Text>Everyone who got its sounds keeps them: their library, their downloads and their licences stay valid.</Text>
          <Text>You can put it back on sale later, as it is now.</Text>
        </Stack>
      ),
      labels: { confirm: 'Withdraw the pack', cancel: 'Keep it on sale' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'ember', message: `${pack.title} is withdrawn: it is no longer on sale.` }),
        }),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Withdrawing takes the pack off sale; people who got it keep it.
      </Text>
      <ApiErrorAlert error={withdraw.error} title="The pack was not withdrawn" />
      <Group>
        <Button variant="outline" color="red" leftSection={<IconArchive size={16} aria-hidden />} loading={withdraw.isPending} onClick={confirm} onMouseEnter={dialogs.preload} onFocus={dialogs.preload}>
          Withdraw from sale
        </Button>
      </Group>
    </Stack>
  );
}

/** A pack its creator withdrew: when, and (for them) putting it back. */
function WithdrawnPanel({ pack }: { pack: StudioPack }) {
  const republish = useRepublishStudioPack(pack.id);
  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" icon={<IconArchive size={18} />} title="Withdrawn">
        {pack.abilities.withdraw ? 'You' : 'Its creator'} took this pack off sale on {new Date(pack.withdrawn_at!).toLocaleDateString()}. People who got its sounds keep them.
      </Alert>
      <ApiErrorAlert error={republish.error} title="The pack was not put back on sale" />
      {pack.abilities.withdraw ? (
        <Group>
          <Button
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={republish.isPending}
            onClick={() =>
              republish.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'teal', message: `${pack.title} is on sale again.` }),
              })
            }
          >
            Put back on sale
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A published pack's new cover: cropped square here, uploaded, then saved on the pack (its draft covers are pack files). */
function PublishedCover({ pack }: { pack: StudioPack }) {
  const upload = useUploadStudioImage();
  const update = useUpdateStudioPack(pack.id);
  const [taken, setTaken] = useState(0);
  return (
    <Paper withBorder p="md" bg="dark.7">
      <Stack gap="sm">
        <Text fw={600}>Cover art</Text>
        <Group align="flex-start" gap="lg">
          <div style={{ width: 160 }}>
            <CoverImage cover={pack.cover} alt={pack.cover ? `Cover of ${pack.title}` : 'No cover yet'} size={160} />
          </div>
          <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
            A new cover replaces this one on the pack's page, in search and in every library as soon as it is saved.
          </Text>
        </Group>
        {pack.abilities.edit ? (
          <ImageCropper
            key={taken}
            purpose="cover"
            upload={upload}
            onUploaded={(image) =>
              update.mutate(
                { cover_file_id: image.id, expected_updated_at: pack.updated_at },
                {
                  onSuccess: () => {
                    setTaken((n) => n + 1);
                    notifications.show({ color: 'teal', message: `${pack.title} has its new cover.` });
                  },
                },
              )
            }
          />
        ) : null}
        <ApiErrorAlert error={update.error} title="The cover was not saved" />
      </Stack>
    </Paper>
  );
}

function PackUpload({ pack }: { pack: StudioPack }) {
  const refresh = useRefreshStudioPack(pack.id);
  const update = useUpdateStudioPack(pack.id);
  const queue = useMemo(() => packUploadQueue(pack.id, refresh), [pack.id, refresh]);
  const editable = pack.abilities.edit && takesFiles(pack.status);
  const published = pack.status === PACK_STATUS.published;
  const firstStep = pack.items.length === 0 ? 1 : takesFiles(pack.status) ? 2 : 3;
  const [step, setStep] = useState(firstStep);

  return (
    <Container size="lg" py="xl">
      <ScreenHeader
        eyebrow="Pack upload"
        title={pack.title}
        subtitle={
          <Group gap="sm" component="span">
            <PackStatusBadge status={pack.status} published={pack.status === PACK_STATUS.published} />
            {INSTRUCTIONS}
            <Anchor component={Link} to="/creator" size="sm">
              Your studio
            </Anchor>
          </Group>
        }
      />
      {pack.status === PACK_STATUS.fileErrors ? (
        <Alert color="red" variant="light" mb="lg" title="Some files have problems">
          Processing found files that are missing, empty or duplicates (each is marked below). Remove or replace them, then submit the pack again.
        </Alert>
      ) : null}
      <Stepper active={step} onStepClick={setStep} allowNextStepsSelect color="ember" size="sm">
        <Stepper.Step label="Details" description="Title, licence, prices, cover">
          <Stack gap="md" mt="md">
            <Paper withBorder p="lg" bg="dark.7">
              <PackDetailsForm
                key={pack.id}
                pack={pack}
                readOnly={!editable && !(published && pack.abilities.edit)}
                soldAs={published}
                submitLabel="Save details"
                onSave={(values) => update.mutateAsync({ ...values, expected_updated_at: pack.updated_at })}
              />
            </Paper>
            {published ? <PublishedCover pack={pack} /> : <CoverArtCropper current={pack.cover} disabled={!editable} onCropped={(file) => queue.add([file])} />}
            <Group justify="flex-end">
              <Button onClick={() => setStep(1)}>Next: files</Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Files" description="Drop a folder or a zip">
          <Stack gap="md" mt="md">
            <PackFilesPanel pack={pack} queue={queue} editable={editable} />
            <Group justify="flex-end">
              <Button onClick={() => setStep(2)} disabled={pack.items.length === 0}>
                Next: sounds
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Sounds" description="Names, BPM, key, credits">
          <Stack gap="md" mt="md">
            <SoundsTable pack={pack} editable={editable} />
            <Group justify="flex-end">
              <Button onClick={() => setStep(3)}>Next: submit</Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Submit" description="Send it for review">
          <Paper withBorder p="lg" bg="dark.7" mt="md">
            <SubmitPanel pack={pack} />
          </Paper>
        </Stepper.Step>
      </Stepper>
      {pack.abilities.split ? (
        <Stack mt="xl">
          <PackSplitPanel packId={pack.id} />
        </Stack>
      ) : null}
    </Container>
  );
}

/** /packupload/{id?}: a new pack, or an existing draft's details, files, sounds and submission. */
export default function PackUploadScreen() {
  const { id } = useParams();
  if (!id) return <NewPack />;
  return <ExistingPack id={id} />;
}

function ExistingPack({ id }: { id: string }) {
  const pack = useStudioPack(id);
  return (
    <StudioScreenState query={pack} notFound={{ screenTitle: 'Pack upload', what: 'pack', browse: { to: '/creator', label: 'Your studio' } }} errorTitle="This pack did not load">
      {(data) => <PackUpload key={data.id} pack={data} />}
    </StudioScreenState>
  );
}
