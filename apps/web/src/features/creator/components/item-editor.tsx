import { Alert, Anchor, Badge, Button, Container, FileButton, Group, Loader, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChartBar, IconEye, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { FEELS, ITEM_KINDS, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { ITEM_EDIT_LIMITS, updateItemSchema, type EditableItem, type ItemFileRole, type StoredFileSummary, type UpdateItem } from '@crate/contract/item-editing';
import { GENRES, INSTRUMENT_GROUPS, INSTRUMENTS } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useReplaceItemFile, useUpdateItem } from '../api/editable-item.ts';

const GENRE_OPTIONS = GENRES.map((g) => ({ value: g.slug, label: g.label }));
const INSTRUMENT_OPTIONS = INSTRUMENT_GROUPS.map((group) => ({ group: group.label, items: INSTRUMENTS.filter((i) => i.group === group.slug).map((i) => ({ value: i.slug, label: i.label })) }));
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The form's own schema: the contract's, with the fields the form always sends present. The version it
 * was loaded from is added when sending, so a conflict is the whole form's, not a field's.
 */
const formSchema = updateItemSchema.omit({ expected_updated_at: true }).required({ name: true, description: true, genres: true, instruments: true, tags: true, credit_cost: true });
type FormInput = z.input<typeof formSchema>;

const formValuesOf = (item: EditableItem): FormInput => ({
  name: item.name,
  description: item.description,
  kind: item.kind,
  key: item.key,
  bpm: item.bpm,
  time_signature: item.time_signature,
  feel: item.feel,
  genres: item.genres as FormInput['genres'],
  instruments: item.instruments as FormInput['instruments'],
  tags: item.tags,
  credit_cost: item.credit_cost,
  ...(item.type === 'preset' && item.plugin ? { plugin: item.plugin } : {}),
});

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * /editsample and /editpreset: every metadata field of one item, and its files. The item's creator and
 * admins save; a collaborator sees the same form read-only. docs/decisions/0029.
 */
export function ItemEditor({ item, expectedType }: { item: EditableItem; expectedType: EditableItem['type'] }) {
  const update = useUpdateItem(item.slug);
  const { form, formError, submit } = useContractForm({ schema: formSchema, defaultValues: formValuesOf(item) });
  const { errors, isDirty } = form.formState;
  const readOnly = !item.abilities.edit;
  const noun = item.type === 'preset' ? 'preset' : 'sample';

  const onSubmit = submit(async (values) => {
    // The version this form was loaded from: a change made elsewhere since is not silently overwritten.
    const saved = await update.mutateAsync({ ...(values as UpdateItem), expected_updated_at: item.updated_at });
    form.reset(formValuesOf(saved));
    notifications.show({ color: 'ember', message: `Saved ${saved.name}.` });
  });

  return (
    <Container size="lg" py="xl">
      <ScreenHeader
        eyebrow={`Edit ${noun}`}
        title={item.name}
        subtitle={
          <>
            in{' '}
            <Anchor component={Link} to={`/pack/${item.pack.id}`}>
              {item.pack.title}
            </Anchor>{' '}
            by {item.creator.name}
          </>
        }
      />
      <Group gap="sm" mb="lg">
        <Button component={Link} to={`/item/${item.slug}`} variant="default" leftSection={<IconEye size={16} aria-hidden />}>
          View sound
        </Button>
        <Button component={Link} to={`/itemanalytics/${item.slug}`} variant="default" leftSection={<IconChartBar size={16} aria-hidden />}>
          Analytics
        </Button>
      </Group>
      {item.type !== expectedType ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} mb="lg">
          This is a {noun}.{' '}
          <Anchor component={Link} to={`/${item.type === 'preset' ? 'editpreset' : 'editsample'}/${item.slug}`}>
            Open it in the {noun} editor
          </Anchor>
          .
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="lg" title="Read only">
          You work with {item.creator.name}: you can see this {noun}, and only {item.creator.name} or an admin can change it.
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
        <form onSubmit={onSubmit} noValidate style={{ gridColumn: 'span 2' }} aria-label={`Details of ${item.name}`}>
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <ApiErrorAlert error={formError} title="Could not save" />
              <TextInput label="Name" required maxLength={ITEM_EDIT_LIMITS.nameMax} {...form.register('name')} error={errors.name?.message} />
              <Textarea label="Description" autosize minRows={2} maxLength={ITEM_EDIT_LIMITS.descriptionMax} {...form.register('description')} error={errors.description?.message} />
              {item.type === 'preset' ? (
                <Controller
                  control={form.control}
                  name="plugin"
                  render={({ field }) => (
                    <Select label="Plugin" description="The plugin or host this preset is for." required data={options(PRESET_PLUGINS)} value={field.value ?? null} onChange={(v) => field.onChange(v ?? undefined)} onBlur={field.onBlur} allowDeselect={false} error={errors.plugin?.message} />
                  )}
                />
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={form.control}
                  name="kind"
                  render={({ field }) => <Select label="Kind" placeholder="Not set" data={options(ITEM_KINDS)} clearable value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={errors.kind?.message} />}
                />
                <Controller
                  control={form.control}
                  name="key"
                  render={({ field }) => <Select label="Key" placeholder="Not set" data={options(MUSICAL_KEYS)} searchable clearable value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={errors.key?.message} />}
                />
                <Controller
                  control={form.control}
                  name="bpm"
                  render={({ field }) => (
                    <NumberInput
                      label="BPM"
                      placeholder="Not set"
                      min={1}
                      max={999}
                      decimalScale={2}
                      value={field.value ?? ''}
                      onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                      onBlur={field.onBlur}
                      error={errors.bpm?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="time_signature"
                  render={({ field }) => <Select label="Time signature" placeholder="Not set" data={options(TIME_SIGNATURES)} clearable value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={errors.time_signature?.message} />}
                />
                <Controller
                  control={form.control}
                  name="feel"
                  render={({ field }) => <Select label="Feel" placeholder="Not set" data={options(FEELS)} clearable value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={errors.feel?.message} />}
                />
                <Controller
                  control={form.control}
                  name="credit_cost"
                  render={({ field }) => (
                    <NumberInput
                      label="Credit cost"
                      description="What getting it costs a subscriber."
                      min={0}
                      max={ITEM_EDIT_LIMITS.creditCostMax}
                      allowDecimal={false}
                      value={field.value}
                      onChange={(v) => field.onChange(v === '' ? 0 : Number(v))}
                      onBlur={field.onBlur}
                      error={errors.credit_cost?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="genres"
                render={({ field }) => (
                  <MultiSelect label="Genres" description={`Up to ${ITEM_EDIT_LIMITS.genresMax}.`} searchable data={GENRE_OPTIONS} maxValues={ITEM_EDIT_LIMITS.genresMax} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.genres?.message} />
                )}
              />
              <Controller
                control={form.control}
                name="instruments"
                render={({ field }) => (
                  <MultiSelect
                    label="Instruments and sound types"
                    description={`Up to ${ITEM_EDIT_LIMITS.instrumentsMax}.`}
                    searchable
                    data={INSTRUMENT_OPTIONS}
                    maxValues={ITEM_EDIT_LIMITS.instrumentsMax}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.instruments?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => (
                  <TagsInput
                    label="Tags"
                    description={`Words producers search for. Press Enter after each; up to ${ITEM_EDIT_LIMITS.tagsMax}.`}
                    maxTags={ITEM_EDIT_LIMITS.tagsMax}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.tags?.message ?? (Array.isArray(errors.tags) ? errors.tags.find((e) => e)?.message : undefined)}
                  />
                )}
              />
              {readOnly ? null : (
                <Group justify="flex-end">
                  {isDirty ? (
                    <Button variant="default" onClick={() => form.reset(formValuesOf(item))}>
                      Undo changes
                    </Button>
                  ) : null}
                  <Button type="submit" loading={update.isPending} disabled={!isDirty}>
                    Save
                  </Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </form>
        <ItemFiles item={item} readOnly={readOnly} />
      </SimpleGrid>
    </Container>
  );
}

const FILE_SLOTS: Record<EditableItem['type'], { role: ItemFileRole; label: string; accept: string; of: (item: EditableItem) => StoredFileSummary | null }[]> = {
  sample: [{ role: 'audio', label: 'Sound', accept: 'audio/wav,audio/x-wav,audio/aiff,audio/x-aiff,audio/flac,audio/mpeg,.wav,.aif,.aiff,.flac,.mp3', of: (item) => item.audio_file }],
  preset: [
    { role: 'preset', label: 'Preset file', accept: '*', of: (item) => item.preset_file },
    { role: 'preview', label: 'Preview audio', accept: 'audio/wav,audio/x-wav,audio/flac,audio/mpeg,.wav,.flac,.mp3', of: (item) => item.preview_file },
  ],
};

/** The item's files, each replaceable; a replaced sound is processed again (preview, waveform, length). */
function ItemFiles({ item, readOnly }: { item: EditableItem; readOnly: boolean }) {
  const replace = useReplaceItemFile(item.slug);
  const upload = (role: ItemFileRole, file: File | null) => {
    if (!file) return;
    replace.mutate(
      { role, file },
      { onSuccess: () => notifications.show({ color: 'ember', message: `${file.name} uploaded.${role === 'preset' ? '' : ' Making its preview…'}` }) },
    );
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Files
      </Title>
      <ApiErrorAlert error={replace.error} title="Could not replace the file" />
      {item.processing ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Processing the new sound: its preview and waveform are being made.</Text>
        </Group>
      ) : null}
      {FILE_SLOTS[item.type].map((slot) => {
        const file = slot.of(item);
        return (
          <Paper key={slot.role} withBorder p="md" bg="dark.7">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{slot.label}</Text>
                {file ? null : (
                  <Badge color="gray" variant="light">
                    None yet
                  </Badge>
                )}
              </Group>
              {file ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {file.name} · {sizeLabel(file.size)}
                </Text>
              ) : null}
              {readOnly ? null : (
                <FileButton onChange={(f) => upload(slot.role, f)} accept={slot.accept}>
                  {(props) => (
                    <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} aria-hidden />} loading={replace.isPending && replace.variables?.role === slot.role} aria-label={`Replace the ${slot.label.toLowerCase()}`}>
                      {file ? 'Replace' : 'Upload'}
                    </Button>
                  )}
                </FileButton>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Text size="xs" c="dimmed">
        WAV, AIFF, FLAC or MP3, up to {ITEM_EDIT_LIMITS.fileMaxBytes / 1024 / 1024} MB. The previous file stays with everyone who already got it.
      </Text>
    </Stack>
  );
}
