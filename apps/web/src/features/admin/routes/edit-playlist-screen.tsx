import { Anchor, Badge, Button, Card, Container, Grid, Group, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconPlaylist, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { ImageSet, ItemRow } from '@crate/contract/catalogue';
import { CURATION_LIMITS, staffPlaylistInputSchema, type AdminStaffPlaylist, type CuratedItem, type StaffPlaylistInput } from '@crate/contract/curation';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { dialogs } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { EditedRecordState } from '../components/edited-record-state.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import {
  useAddStaffPlaylistItem,
  useAdminStaffPlaylist,
  useAdminStaffPlaylists,
  useCreateStaffPlaylist,
  useDeleteStaffPlaylist,
  useLookUpSounds,
  useRemoveStaffPlaylistItem,
  useReorderStaffPlaylist,
  useUpdateStaffPlaylist,
} from '../api/curation.ts';
import { CoverField } from '../components/cover-field.tsx';
import { runCurationWrite } from '../components/curation-feedback.ts';
import { LookupPicker } from '../components/lookup-picker.tsx';
import { slugFromTitle } from '../components/slug-from-title.ts';

/**
 * /editplaylist: every staff playlist and a form for a new one; /editplaylist/{id}: one playlist's details, its
 * sounds (added from search, removed, dragged or moved from the keyboard into order) and a live preview of its public page.
 */
export default function EditPlaylistScreen() {
  const { id } = useParams();
  return id ? <PlaylistEditor id={id} /> : <PlaylistIndex />;
}

function PlaylistIndex() {
  const navigate = useNavigate();
  const create = useCreateStaffPlaylist();
  return (
    <Container size="lg" py="xl">
      <ScreenHeader eyebrow="Admin" title="Staff playlists" subtitle="Sounds the team picks across packs. Create one, or choose one to edit." />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card bg="dark.7" withBorder radius="lg" p="lg">
            <Title order={2} fz="lg" mb="md">
              New staff playlist
            </Title>
            <PlaylistDetailsForm submitLabel="Create playlist" onSubmit={async (values) => navigate(`/editplaylist/${(await create.mutateAsync(values)).id}`)} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlaylistTable />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function PlaylistTable() {
  const playlists = useAdminStaffPlaylists();
  const rows = pageRows(playlists.data);
  if (playlists.isPending) return <CenteredLoader label="Loading staff playlists…" />;
  if (playlists.isError) return <ApiErrorAlert error={playlists.error} title="Could not load the staff playlists" />;
  if (rows.length === 0) {
    return (
      <EmptyState title="No staff playlists yet" icon={<IconPlaylist size={22} />}>
        Create the first one with the form.
      </EmptyState>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Staff playlists">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Playlist</Table.Th>
              <Table.Th>Sounds</Table.Th>
              <Table.Th>Shown</Table.Th>
              <Table.Th>Changed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/editplaylist/${p.id}`} fw={600}>
                    {p.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /staffplaylist/{p.slug}
                  </Text>
                </Table.Td>
                <Table.Td>{p.item_count}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.published ? <Badge color="teal">Published</Badge> : <Badge color="gray">Draft</Badge>}</Table.Td>
                <Table.Td>{new Date(p.updated_at).toLocaleDateString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {playlists.hasNextPage ? (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void playlists.fetchNextPage()} loading={playlists.isFetchingNextPage}>
            Show more playlists
          </Button>
        </Group>
      ) : null}
    </>
  );
}

interface DetailsFormProps {
  initial?: AdminStaffPlaylist;
  submitLabel: string;
  onSubmit(values: StaffPlaylistInput): Promise<unknown>;
  /** Every keystroke's values, for the live preview. */
  onValues?(values: Partial<StaffPlaylistInput>): void;
  /** The cover chosen (uploaded or removed) before it is saved, for the live preview. */
  onCover?(cover: ImageSet | null): void;
}

/** Title, slug (suggested from the title), description, cover and whether visitors see it; the contract's rules checked before sending. */
function PlaylistDetailsForm({ initial, submitLabel, onSubmit, onValues, onCover }: DetailsFormProps) {
  const { form, formError, submit } = useContractForm({
    schema: staffPlaylistInputSchema,
    defaultValues: {
      title: initial?.title ?? '',
      slug: initial?.slug ?? '',
      description: initial?.description ?? '',
      cover_file_id: initial?.cover_file_id ?? null,
      published: initial?.published ?? false,
    },
  });
  const [cover, setCover] = useState(initial?.cover ?? null);
  const title = useWatch({ control: form.control, name: 'title' });
  const { errors, isSubmitting, isDirty } = form.formState;
  const titleField = form.register('title', {
    onBlur: () => {
      if (!form.getValues('slug')) form.setValue('slug', slugFromTitle(form.getValues('title')), { shouldValidate: true });
    },
    onChange: () => onValues?.(form.getValues()),
  });
  return (
    <form onSubmit={submit(async (values) => {
      await onSubmit(values);
      form.reset(values);
    })} noValidate>
      <Stack gap="md">
        <TextInput label="Title" required maxLength={CURATION_LIMITS.titleMax} {...titleField} error={errors.title?.message} />
        <TextInput label="Slug" description="Its address: /staffplaylist/{slug}" required maxLength={CURATION_LIMITS.slugMax} {...form.register('slug')} error={errors.slug?.message} />
        <Textarea label="Description" autosize minRows={2} maxLength={CURATION_LIMITS.descriptionMax} {...form.register('description', { onChange: () => onValues?.(form.getValues()) })} error={errors.description?.message} />
        <Controller
          control={form.control}
          name="cover_file_id"
          render={({ field, fieldState }) => (
            <CoverField
              title={title}
              cover={cover}
              onChange={(next) => {
                field.onChange(next?.fileId ?? null);
                setCover(next?.images ?? null);
                onCover?.(next?.images ?? null);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="published"
          render={({ field }) => (
            <Switch label="Published: visitors see it on Discover and at its address" checked={field.value ?? false} onChange={(e) => field.onChange(e.currentTarget.checked)} onBlur={field.onBlur} ref={field.ref} />
          )}
        />
        {formError ? <ApiErrorAlert error={formError} title="Not saved" /> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={initial !== undefined && !isDirty}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PlaylistEditor({ id }: { id: string }) {
  return (
    <EditedRecordState query={useAdminStaffPlaylist(id)} what="playlist" notFound={{ screenTitle: 'Staff playlists', what: 'playlist', browse: { to: '/editplaylist', label: 'All staff playlists' } }}>
      {(playlist) => <LoadedEditor playlist={playlist} />}
    </EditedRecordState>
  );
}

function LoadedEditor({ playlist }: { playlist: AdminStaffPlaylist }) {
  const navigate = useNavigate();
  const update = useUpdateStaffPlaylist(playlist.id);
  const remove = useDeleteStaffPlaylist(playlist.id);
  // What the details form holds before it is saved: the preview follows it as the admin types and chooses a cover.
  const [draft, setDraft] = useState<Partial<StaffPlaylistInput>>({});
  const [draftCover, setDraftCover] = useState<ImageSet | null | undefined>(undefined);
  const confirmDelete = () =>
    dialogs.openConfirmModal({
      title: `Delete “${playlist.title}”?`,
      children: <Text size="sm">Visitors lose its page at once. The sounds themselves stay where they are.</Text>,
      labels: { confirm: 'Delete playlist', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => void runCurationWrite(async () => {
        await remove.mutateAsync();
        void navigate('/editplaylist');
      }),
    });
  return (
    <Container size="xl" py="xl">
      <Anchor component={Link} to="/editplaylist" size="sm" mb="md" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden /> All staff playlists
      </Anchor>
      <ScreenHeader eyebrow="Staff playlist" title={playlist.title} subtitle={playlist.published ? `Published at /staffplaylist/${playlist.slug}` : 'A draft: visitors do not see it yet'} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="lg">
            <Card bg="dark.7" withBorder radius="lg" p="lg">
              <Group justify="space-between" mb="md">
                <Title order={2} fz="lg">
                  Details
                </Title>
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} loading={remove.isPending}>
                  Delete
                </Button>
              </Group>
              <PlaylistDetailsForm key={playlist.id} initial={playlist} submitLabel="Save details" onSubmit={(values) => update.mutateAsync(values)} onValues={setDraft} onCover={setDraftCover} />
            </Card>
            <PlaylistSounds playlist={playlist} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <PlaylistPreview
            playlist={playlist}
            title={draft.title || playlist.title}
            description={draft.description ?? playlist.description}
            cover={draftCover === undefined ? playlist.cover : draftCover}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function PlaylistSounds({ playlist }: { playlist: AdminStaffPlaylist }) {
  const add = useAddStaffPlaylistItem(playlist.id);
  const remove = useRemoveStaffPlaylistItem(playlist.id);
  const reorder = useReorderStaffPlaylist(playlist.id);
  const chosen = useMemo(() => new Set(playlist.items.map((i) => i.id)), [playlist.items]);
  const idOf = useCallback((item: { id: string }) => item.id, []);
  const full = playlist.items.length >= CURATION_LIMITS.playlistItemsMax;
  return (
    <Card bg="dark.7" withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Sounds
      </Title>
      <Stack gap="lg">
        {full ? (
          <Text size="sm" c="dimmed">
            This playlist holds the most sounds it can ({CURATION_LIMITS.playlistItemsMax}): remove one to add another.
          </Text>
        ) : (
          <LookupPicker<ItemRow>
            label="Find sounds to add"
            placeholder="Search listed sounds by name, pack or tag"
            useResults={useLookUpSounds}
            idOf={idOf}
            nameOf={(item) => item.name}
            render={(item) => <SoundLine item={item} />}
            chosen={chosen}
            onPick={(item) => runCurationWrite(() => add.mutateAsync(item.id))}
          />
        )}
        {playlist.items.length === 0 ? (
          <EmptyState title="No sounds yet">Search above and add the first ones.</EmptyState>
        ) : (
          <SortableList<CuratedItem>
            items={playlist.items}
            idOf={idOf}
            nameOf={(item) => item.name}
            label={`Sounds of ${playlist.title}, in order`}
            render={(item) => <SoundLine item={item} hidden={!item.listed} />}
            onMove={(ids) => runCurationWrite(() => reorder.mutateAsync({ ids, version: playlist.version }))}
            onRemove={(item) => void runCurationWrite(() => remove.mutateAsync(item.id))}
            disabled={add.isPending || remove.isPending || reorder.isPending}
          />
        )}
      </Stack>
    </Card>
  );
}

function SoundLine({ item, hidden = false }: { item: ItemRow; hidden?: boolean }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {item.name}
        </Text>
        {hidden ? (
          <Badge color="gray" size="sm" title="Taken down or its pack unpublished: visitors do not see it">
            Hidden
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {item.pack ? `${item.pack.title} · ` : ''}
        {item.creator.name}
      </Text>
    </div>
  );
}

/** The public page as visitors will see it once saved: the same heading and sound list, listed sounds only; the title, description and cover as chosen. */
function PlaylistPreview({ playlist, title, description, cover }: { playlist: AdminStaffPlaylist; title: string; description: string; cover: ImageSet | null }) {
  const visible = playlist.items.filter((i) => i.listed);
  return (
    <Card bg="dark.8" withBorder radius="lg" p="lg" aria-label="Preview of the public page" component="section">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="sm" style={{ letterSpacing: '0.12em' }}>
        Preview
      </Text>
      <Group align="flex-start" gap="lg" mb="lg" wrap="nowrap">
        <div style={{ width: 140, flexShrink: 0 }}>
          <CoverImage cover={cover} alt={`Cover of ${title}`} size={140} radius="lg" />
        </div>
        <Stack gap={6}>
          <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
            Staff playlist
          </Text>
          <Title order={2} style={{ fontSize: 'clamp(1.4rem, 3vw, 2rem)', lineHeight: 1.1 }}>
            {title}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
          <Text size="sm" c="dimmed">
            {visible.length} {visible.length === 1 ? 'sound' : 'sounds'}, picked by the Crate team
          </Text>
        </Stack>
      </Group>
      <ItemList items={visible} label={`Preview: sounds in ${title}`} emptyState={<EmptyState title="This playlist is empty">Add sounds to see them here.</EmptyState>} />
    </Card>
  );
}
