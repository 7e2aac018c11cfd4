import { ActionIcon, Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { OwnedItem } from '@crate/contract/commerce';
import { MAX_RELEASE_SOUNDS, PROMINENCE_LABELS, PROMINENCES, registerReleaseSchema, type Prominence, type ReleaseSoundInput } from '@crate/contract/releases';
import { bpsAsPercent } from '@crate/contract/splits';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useOwnedItems } from '../api/list-owned-items.ts';
import { useRegisterRelease, useReleaseProposal } from '../api/releases.ts';

const WHOLE = 10_000;
const PROMINENCE_OPTIONS = PROMINENCES.map((value) => ({ value, label: PROMINENCE_LABELS[value] }));

/** Picks owned Royalty A and Dynamic Splits sounds by name, from the owned list the server filters. */
function SoundPicker({ chosen, onPick, disabled }: { chosen: ReadonlySet<string>; onPick: (item: OwnedItem) => void; disabled: boolean }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const owned = useOwnedItems({ q, type: null });
  const candidates = pageRows(owned.data).filter((item) => item.licence_type !== 'Royalty-Free' && !chosen.has(item.id));
  return (
    <Select
      label="Add a sound you used"
      description="Sounds you own under Royalty A or Dynamic Splits (Royalty-Free sounds need no split)."
      placeholder="Type a sound’s name"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={null}
      disabled={disabled}
      nothingFoundMessage={owned.isPending ? 'Loading your sounds…' : 'No Royalty A or Dynamic Splits sound of yours matches'}
      data={candidates.map((item) => ({ value: item.id, label: `${item.name} — ${item.pack?.title ?? ''} (${item.licence_type})` }))}
      onChange={(id) => {
        const item = candidates.find((c) => c.id === id);
        if (item) onPick(item);
        setSearch('');
      }}
    />
  );
}

/**
 * Registering a release: the track's facts, the owned sounds it uses (with the prominence of each Dynamic Splits one),
 * and every writer's share — Crate's proposal to start from, which the producer may change before sending.
 */
export function ReleaseForm({ onDone }: { onDone: () => void }) {
  const register = useRegisterRelease();
  const { form, formError, submit } = useContractForm({
    schema: registerReleaseSchema,
    defaultValues: { title: '', artists: [], release_date: '', label: null, isrc: '', upc: null, sounds: [], shares: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const [picked, setPicked] = useState<OwnedItem[]>([]);
  const sounds = useWatch({ control: form.control, name: 'sounds' }) as ReleaseSoundInput[];
  const shares = useWatch({ control: form.control, name: 'shares' });
  const label = useWatch({ control: form.control, name: 'label' });
  const ready = sounds.length > 0 && sounds.every((s, i) => picked[i]?.licence_type !== 'Dynamic Splits' || s.prominence !== null);
  const proposal = useReleaseProposal(sounds, ready);

  // A new proposal (other sounds, another prominence) replaces the shares: they were made for the sounds before.
  useEffect(() => {
    if (proposal.data && !proposal.isPlaceholderData) form.setValue('shares', proposal.data.shares.map((s) => ({ user_id: s.user_id, bps: s.bps })));
  }, [proposal.data, proposal.isPlaceholderData, form]);

  const chosen = useMemo(() => new Set(picked.map((p) => p.id)), [picked]);
  const setSounds = (items: OwnedItem[], next: ReleaseSoundInput[]) => {
    setPicked(items);
    form.setValue('sounds', next, { shouldValidate: form.formState.isSubmitted });
  };
  const total = shares.reduce((sum, s) => sum + (Number.isFinite(s.bps) ? s.bps : 0), 0);
  const writers = new Map((proposal.data?.shares ?? []).map((w) => [w.user_id, w]));

  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="register-release-title">
      <form
        noValidate
        onSubmit={submit(async (values) => {
          await register.mutateAsync(values);
          onDone();
        })}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="register-release-title">
            Register a release
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Track title" required maxLength={200} {...form.register('title')} error={errors.title?.message} />
            <Controller
              control={form.control}
              name="artists"
              render={({ field, fieldState }) => (
                <TagsInput label="Artists" description="Press Enter after each name" required value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} maxTags={10} error={fieldState.error?.message ?? errors.artists?.root?.message} />
              )}
            />
            <TextInput label="Release date" type="date" required {...form.register('release_date')} error={errors.release_date?.message} />
            <Stack gap={6}>
              <TextInput
                label="Label"
                maxLength={200}
                disabled={label === null}
                value={label ?? ''}
                onChange={(event) => form.setValue('label', event.currentTarget.value)}
                error={errors.label?.message}
              />
              <Checkbox label="Self-released" checked={label === null} onChange={(event) => form.setValue('label', event.currentTarget.checked ? null : '')} />
            </Stack>
            <TextInput label="ISRC" description="Like GB-XYZ-25-00012; hyphens optional" required maxLength={20} {...form.register('isrc')} error={errors.isrc?.message} />
            <TextInput
              label="UPC / EAN"
              description="12 or 13 digits; leave empty until your distributor gives one"
              maxLength={20}
              {...form.register('upc', { setValueAs: (value: string | null) => (value ? value : null) })}
              error={errors.upc?.message}
            />
          </SimpleGrid>

          <Stack gap="xs">
            <SoundPicker chosen={chosen} disabled={picked.length >= MAX_RELEASE_SOUNDS} onPick={(item) => setSounds([...picked, item], [...sounds, { item_id: item.id, prominence: null }])} />
            {errors.sounds ? (
              <Text size="sm" c="red.4">
                {errors.sounds.message ?? errors.sounds.root?.message ?? 'Check the sounds'}
              </Text>
            ) : null}
            {picked.map((item, i) => (
              <Group key={item.id} gap="sm" wrap="nowrap">
                <Stack gap={0} flex={1}>
                  <Text size="sm" fw={600}>
                    {item.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.pack?.title ?? ''}
                  </Text>
                </Stack>
                <Badge variant="light" color={item.licence_type === 'Dynamic Splits' ? 'ember' : 'blue'} tt="none">
                  {item.licence_type}
                </Badge>
                {item.licence_type === 'Dynamic Splits' ? (
                  <Select
                    aria-label={`How ${item.name} is used`}
                    placeholder="How is it used?"
                    data={PROMINENCE_OPTIONS}
                    value={sounds[i]?.prominence ?? null}
                    onChange={(value) => setSounds(picked, sounds.map((s, j) => (j === i ? { ...s, prominence: value as Prominence | null } : s)))}
                    w={200}
                  />
                ) : null}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${item.name}`}
                  onClick={() =>
                    setSounds(
                      picked.filter((_, j) => j !== i),
                      sounds.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>

          {proposal.isError ? <ApiErrorAlert error={proposal.error} title="No split could be proposed for these sounds" /> : null}
          {ready && shares.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm">Crate proposes these publishing shares from the licence rules. Change them if you have agreed otherwise; every writer is asked to accept.</Text>
              <Table verticalSpacing={6} aria-label="Publishing shares">
                <Table.Tbody>
                  {shares.map((share, i) => {
                    const writer = writers.get(share.user_id);
                    return (
                      <Table.Tr key={share.user_id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {writer?.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {writer?.role === 'producer' ? 'You, the producer' : `${writer?.role === 'creator' ? 'Creator' : 'Collaborator'} · ${writer?.for_creator ?? ''}`}
                          </Text>
                        </Table.Td>
                        <Table.Td w={160}>
                          <NumberInput
                            aria-label={`Share of ${writer?.name ?? 'this writer'} (%)`}
                            value={share.bps / 100}
                            min={0}
                            max={100}
                            decimalScale={2}
                            step={0.5}
                            suffix=" %"
                            onChange={(value) => form.setValue(`shares.${i}.bps`, Math.round(Number(value) * 100))}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              <Group justify="space-between">
                <Text size="sm" c={total === WHOLE ? 'dimmed' : 'red.4'} role="status">
                  Total {bpsAsPercent(total)}
                  {total === WHOLE ? '' : ' — the shares must add up to 100 %'}
                </Text>
                <Button variant="subtle" size="xs" onClick={() => proposal.data && form.setValue('shares', proposal.data.shares.map((s) => ({ user_id: s.user_id, bps: s.bps })))}>
                  Back to Crate’s proposal
                </Button>
              </Group>
            </Stack>
          ) : sounds.length > 0 && !ready ? (
            <Alert variant="light" color="gray">
              Say how each Dynamic Splits sound is used to see the proposed split.
            </Alert>
          ) : null}

          {formError ? <ApiErrorAlert error={formError} title="The release was not registered" /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!ready || total !== WHOLE}>
              Send to the writers
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
