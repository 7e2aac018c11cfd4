import { Anchor, Badge, Button, Checkbox, Group, MultiSelect, NumberInput, Paper, ScrollArea, Select, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FEELS, ITEM_KINDS, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES, type Feel, type ItemKind, type MusicalKey, type PresetPlugin, type TimeSignature } from '@crate/contract/catalogue-enums';
import { ITEM_EDIT_LIMITS } from '@crate/contract/item-editing';
import type { BulkItemChanges, SoundAnalysis, StudioItem, StudioPack } from '@crate/contract/studio-packs';
import { GENRES, INSTRUMENT_GROUPS, INSTRUMENTS } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../../components/api-error-alert.tsx';
import { useUpdateStudioPackItems } from '../../api/studio-packs.ts';

type Change = Omit<BulkItemChanges['items'][number], 'id'>;
const GENRE_OPTIONS = GENRES.map((g) => ({ value: g.slug, label: g.label }));
const INSTRUMENT_OPTIONS = INSTRUMENT_GROUPS.map((group) => ({ group: group.label, items: INSTRUMENTS.filter((i) => i.group === group.slug).map((i) => ({ value: i.slug, label: i.label })) }));
const KEY_OPTIONS = [...MUSICAL_KEYS];
const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

/** What the audio analysis heard, beside the field it suggests (with how sure it is, when it says). */
function Heard({ value, heard, confidence, unit }: { value: unknown; heard: string | number | null | undefined; confidence?: number; unit?: string }) {
  if (heard === null || heard === undefined) return null;
  const same = value === heard || (typeof value === 'number' && typeof heard === 'number' && Math.abs(value - heard) < 0.5);
  return (
    <Text size="xs" c={same ? 'teal.4' : 'dimmed'} title="Detected from the audio">
      {same ? 'detected' : `audio says ${heard}${unit ?? ''}`}
      {confidence === undefined ? null : ` · ${percent(confidence)} sure`}
    </Text>
  );
}

/** Under the key: what the audio heard, or that it heard no pitch (a drum hit has no key), or that it is still listening. */
function HeardKey({ value, heard, analysing }: { value: unknown; heard: SoundAnalysis | null; analysing: boolean }) {
  if (heard?.pitched === false) {
    return (
      <Text size="xs" c="dimmed" title="Detected from the audio">
        no pitch heard
      </Text>
    );
  }
  if (heard) return <Heard value={value} heard={heard.key} confidence={heard.key_confidence} />;
  return analysing ? (
    <Text size="xs" c="dimmed">
      listening…
    </Text>
  ) : null;
}

/** The bulk-edit bar: fields set here are applied to every selected sound. */
function BulkEdit({ count, onApply }: { count: number; onApply: (change: Change) => void }) {
  const [change, setChange] = useState<Change>({});
  const set = (patch: Change) => setChange((c) => ({ ...c, ...patch }));
  const any = Object.keys(change).length > 0;
  return (
    <Paper withBorder p="sm" bg="dark.6" aria-label="Edit the selected sounds">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Set for the {count} selected {count === 1 ? 'sound' : 'sounds'}
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select label="Kind" size="xs" w={130} data={[...ITEM_KINDS]} clearable value={change.kind ?? null} onChange={(v) => set({ kind: (v as ItemKind) ?? undefined })} />
          <Select label="Key" size="xs" w={150} data={KEY_OPTIONS} searchable clearable value={change.key ?? null} onChange={(v) => set({ key: (v as MusicalKey) ?? undefined })} />
          <NumberInput label="BPM" size="xs" w={90} min={1} max={999} value={change.bpm ?? ''} onChange={(v) => set({ bpm: v === '' ? undefined : Number(v) })} />
          <Select label="Time signature" size="xs" w={120} data={[...TIME_SIGNATURES]} clearable value={change.time_signature ?? null} onChange={(v) => set({ time_signature: (v as TimeSignature) ?? undefined })} />
          <Select label="Feel" size="xs" w={110} data={[...FEELS]} clearable value={change.feel ?? null} onChange={(v) => set({ feel: (v as Feel) ?? undefined })} />
          <NumberInput label="Credits" size="xs" w={90} min={0} max={ITEM_EDIT_LIMITS.creditCostMax} allowDecimal={false} value={change.credit_cost ?? ''} onChange={(v) => set({ credit_cost: v === '' ? undefined : Number(v) })} />
          <MultiSelect label="Genres" size="xs" w={220} data={GENRE_OPTIONS} searchable maxValues={ITEM_EDIT_LIMITS.genresMax} value={change.genres ?? []} onChange={(v) => set({ genres: v as Change['genres'] })} />
          <MultiSelect label="Instruments" size="xs" w={220} data={INSTRUMENT_OPTIONS} searchable maxValues={ITEM_EDIT_LIMITS.instrumentsMax} value={change.instruments ?? []} onChange={(v) => set({ instruments: v as Change['instruments'] })} />
          <TagsInput label="Tags" size="xs" w={220} maxTags={ITEM_EDIT_LIMITS.tagsMax} value={change.tags ?? []} onChange={(v) => set({ tags: v })} />
          <Button
            size="xs"
            disabled={!any}
            onClick={() => {
              onApply(change);
              setChange({});
            }}
          >
            Apply to selected
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Step 3: every sound of the pack in one editable table, pre-filled from file names and from what the
 * audio analysis heard (with how sure it is). Edits stay local until "Save changes" sends them all at once.
 */
export function SoundsTable({ pack, editable }: { pack: StudioPack; editable: boolean }) {
  const save = useUpdateStudioPackItems(pack.id);
  const [edits, setEdits] = useState<Record<string, Change>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const fileOf = useMemo(() => new Map(pack.files.map((f) => [f.id, f])), [pack.files]);
  const hasPresets = pack.items.some((i) => i.type === 'preset');
  const dirty = Object.keys(edits).filter((id) => Object.keys(edits[id]!).length > 0);

  const valueOf = <K extends keyof Change & keyof StudioItem>(item: StudioItem, key: K) => (edits[item.id]?.[key] !== undefined ? edits[item.id]![key] : item[key]) as StudioItem[K];
  const edit = (id: string, change: Change) => setEdits((all) => ({ ...all, [id]: { ...all[id], ...change } }));
  const toggle = (id: string) => setSelected((all) => (all.has(id) ? new Set([...all].filter((x) => x !== id)) : new Set([...all, id])));
  const allSelected = pack.items.length > 0 && selected.size === pack.items.length;

  const onSave = async () => {
    try {
      await save.mutateAsync({ items: dirty.map((id) => ({ id, ...edits[id] })) });
      setEdits({});
      notifications.show({ color: 'ember', message: `Saved ${dirty.length} ${dirty.length === 1 ? 'sound' : 'sounds'}.` });
    } catch {
      // shown below
    }
  };

  if (pack.items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No sounds yet: upload WAV, AIFF or FLAC files or presets, and each becomes a row here with its name, BPM and key filled in from the file name and the audio.
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {editable && selected.size > 0 ? (
        <BulkEdit
          count={selected.size}
          onApply={(change) => {
            for (const id of selected) edit(id, change);
          }}
        />
      ) : null}
      <ApiErrorAlert error={save.error} title="The sounds were not saved" />
      <ScrollArea>
        <Table striped verticalSpacing={6} miw={900} aria-label="Sounds of the pack">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                {editable ? <Checkbox aria-label="Select every sound" checked={allSelected} indeterminate={selected.size > 0 && !allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(pack.items.map((i) => i.id)))} /> : null}
              </Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={130}>Kind</Table.Th>
              <Table.Th w={170}>Key</Table.Th>
              <Table.Th w={120}>BPM</Table.Th>
              <Table.Th w={90}>Credits</Table.Th>
              {hasPresets ? <Table.Th w={170}>Plugin</Table.Th> : null}
              <Table.Th w={70} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pack.items.map((item) => {
              const file = item.file_id ? fileOf.get(item.file_id) : undefined;
              const heard: SoundAnalysis | null = file?.analysis ?? null;
              const changed = edits[item.id] && Object.keys(edits[item.id]!).length > 0;
              return (
                <Table.Tr key={item.id} data-changed={changed ? 'true' : undefined}>
                  <Table.Td>{editable ? <Checkbox aria-label={`Select ${item.name}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} /> : null}</Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={`Name of ${item.name}`} readOnly={!editable} maxLength={ITEM_EDIT_LIMITS.nameMax} value={valueOf(item, 'name')} onChange={(e) => edit(item.id, { name: e.currentTarget.value })} />
                    <Group gap={4} mt={2}>
                      <Badge size="xs" variant="light" color={item.type === 'preset' ? 'orange' : 'teal'}>
                        {item.type}
                      </Badge>
                      {item.has_stems ? <Badge size="xs" variant="light" color="cyan">stems</Badge> : null}
                      {item.has_midi ? <Badge size="xs" variant="light" color="indigo">MIDI</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Select size="xs" aria-label={`Kind of ${item.name}`} readOnly={!editable} data={[...ITEM_KINDS]} clearable value={valueOf(item, 'kind')} onChange={(v) => edit(item.id, { kind: v as ItemKind | null })} />
                    {heard ? <Heard value={valueOf(item, 'kind')} heard={heard.kind} /> : null}
                  </Table.Td>
                  <Table.Td>
                    <Select size="xs" aria-label={`Key of ${item.name}`} readOnly={!editable} data={KEY_OPTIONS} searchable clearable value={valueOf(item, 'key')} onChange={(v) => edit(item.id, { key: v as MusicalKey | null })} />
                    <HeardKey value={valueOf(item, 'key')} heard={heard} analysing={file?.analysing ?? false} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={`BPM of ${item.name}`} readOnly={!editable} min={1} max={999} decimalScale={1} value={valueOf(item, 'bpm') ?? ''} onChange={(v) => edit(item.id, { bpm: v === '' ? null : Number(v) })} />
                    {heard ? <Heard value={valueOf(item, 'bpm')} heard={heard.bpm === null ? null : Math.round(heard.bpm * 10) / 10} confidence={heard.bpm_confidence} /> : null}
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" aria-label={`Credits for ${item.name}`} readOnly={!editable} min={0} max={ITEM_EDIT_LIMITS.creditCostMax} allowDecimal={false} value={valueOf(item, 'credit_cost')} onChange={(v) => edit(item.id, { credit_cost: v === '' ? 0 : Number(v) })} />
                  </Table.Td>
                  {hasPresets ? (
                    <Table.Td>
                      {item.type === 'preset' ? (
                        <Select size="xs" aria-label={`Plugin of ${item.name}`} readOnly={!editable} data={[...PRESET_PLUGINS]} allowDeselect={false} value={valueOf(item, 'plugin')} onChange={(v) => v && edit(item.id, { plugin: v as PresetPlugin })} />
                      ) : null}
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Anchor component={Link} to={`/${item.type === 'preset' ? 'editpreset' : 'editsample'}/${item.slug}`} size="xs">
                      All fields
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {editable ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {dirty.length > 0 ? `${dirty.length} ${dirty.length === 1 ? 'sound' : 'sounds'} changed, not saved yet.` : 'Every change is saved.'}
          </Text>
          <Group gap="xs">
            {dirty.length > 0 ? (
              <Button variant="default" onClick={() => setEdits({})}>
                Discard changes
              </Button>
            ) : null}
            <Button leftSection={<IconDeviceFloppy size={16} />} disabled={dirty.length === 0} loading={save.isPending} onClick={() => void onSave()}>
              Save changes
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
