import { Anchor, Badge, Button, Card, Container, Grid, Group, NumberInput, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconPackages, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { PackCard } from '@crate/contract/catalogue';
import { bundleInputSchema, CURATION_LIMITS, type AdminBundle, type BundleInput } from '@crate/contract/curation';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { dialogs } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../components/money.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { EditedRecordState } from '../components/edited-record-state.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useAdminBundle, useAdminBundles, useCreateBundle, useDeleteBundle, useLookUpPacks, useUpdateBundle } from '../api/curation.ts';
import { CoverField } from '../components/cover-field.tsx';
import { runCurationWrite } from '../components/curation-feedback.ts';
import { LookupPicker } from '../components/lookup-picker.tsx';
import { PackLine } from '../components/pack-line.tsx';
import { slugFromTitle } from '../components/slug-from-title.ts';

/**
 * /managebundle: every bundle and a form for a new one; /managebundle/{id}: one bundle's details, its packs (chosen
 * by search among published packs, in the order its page shows them), its credit and money prices, and whether it is on sale.
 */
export default function ManageBundleScreen() {
  const { id } = useParams();
  return id ? <BundleEditor id={id} /> : <BundleIndex />;
}

function BundleIndex() {
  const navigate = useNavigate();
  const create = useCreateBundle();
  return (
    <Container size="xl" py="xl">
      <ScreenHeader eyebrow="Admin" title="Manage bundles" subtitle="Packs sold together. Create one, or choose one to edit." />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card bg="dark.7" withBorder radius="lg" p="lg">
            <Title order={2} fz="lg" mb="md">
              New bundle
            </Title>
            <BundleForm submitLabel="Create bundle" onSubmit={async (values) => navigate(`/managebundle/${(await create.mutateAsync(values)).id}`)} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <BundleTable />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

const priceOf = (b: { credit_cost: number | null; price_cents: number | null; currency: string }) =>
  [b.credit_cost !== null ? `${b.credit_cost} credits` : null, b.price_cents !== null ? formatMoney(b.price_cents, b.currency) : null].filter(Boolean).join(' · ') || 'Sum of its sounds';

function BundleTable() {
  const bundles = useAdminBundles();
  const rows = pageRows(bundles.data);
  if (bundles.isPending) return <CenteredLoader label="Loading bundles…" />;
  if (bundles.isError) return <ApiErrorAlert error={bundles.error} title="Could not load the bundles" />;
  if (rows.length === 0) {
    return (
      <EmptyState title="No bundles yet" icon={<IconPackages size={22} />}>
        Create the first one with the form.
      </EmptyState>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Bundles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bundle</Table.Th>
              <Table.Th>Packs</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>On sale</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/managebundle/${b.id}`} fw={600}>
                    {b.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /bundles/{b.slug}
                  </Text>
                </Table.Td>
                <Table.Td>{b.pack_count}</Table.Td>
                <Table.Td>{priceOf(b)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{b.active ? <Badge color="teal">Active</Badge> : <Badge color="gray">Off sale</Badge>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {bundles.hasNextPage ? (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void bundles.fetchNextPage()} loading={bundles.isFetchingNextPage}>
            Show more bundles
          </Button>
        </Group>
      ) : null}
    </>
  );
}

interface BundleFormProps {
  initial?: AdminBundle;
  submitLabel: string;
  onSubmit(values: BundleInput): Promise<unknown>;
}

/** Everything a bundle is, in one form: the packs are chosen by search and ordered here, and saved with the rest. */
function BundleForm({ initial, submitLabel, onSubmit }: BundleFormProps) {
  const [packs, setPacks] = useState<PackCard[]>(initial?.packs ?? []);
  const { form, formError, submit } = useContractForm({
    schema: bundleInputSchema,
    defaultValues: {
      title: initial?.title ?? '',
      slug: initial?.slug ?? '',
      description: initial?.description ?? '',
      cover_file_id: initial?.cover_file_id ?? null,
      pack_ids: initial?.packs.map((p) => p.id) ?? [],
      credit_cost: initial?.credit_cost ?? null,
      price_cents: initial?.price_cents ?? null,
      active: initial?.active ?? true,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [cover, setCover] = useState(initial?.cover ?? null);
  const title = useWatch({ control: form.control, name: 'title' });
  const choose = (next: PackCard[]) => {
    setPacks(next);
    form.setValue('pack_ids', next.map((p) => p.id), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const chosen = useMemo(() => new Set(packs.map((p) => p.id)), [packs]);
  const idOf = useCallback((pack: PackCard) => pack.id, []);
  const full = packs.length >= CURATION_LIMITS.bundlePacksMax;
  return (
    <form onSubmit={submit(async (values) => {
      await onSubmit(values);
      form.reset(values);
    })} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={CURATION_LIMITS.titleMax}
          {...form.register('title', {
            onBlur: () => {
              if (!form.getValues('slug')) form.setValue('slug', slugFromTitle(form.getValues('title')), { shouldValidate: true });
            },
          })}
          error={errors.title?.message}
        />
        <TextInput label="Slug" description="Its address: /bundles/{slug}" required maxLength={CURATION_LIMITS.slugMax} {...form.register('slug')} error={errors.slug?.message} />
        <Textarea label="Description" autosize minRows={2} maxLength={CURATION_LIMITS.descriptionMax} {...form.register('description')} error={errors.description?.message} />
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
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="credit_cost"
            render={({ field }) => (
              <NumberInput
                label="Credit price"
                description="Empty: the sum of its sounds"
                min={1}
                max={CURATION_LIMITS.creditCostMax}
                allowDecimal={false}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.credit_cost?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="price_cents"
            render={({ field }) => (
              <NumberInput
                label="Money price (USD)"
                description="Shown on its page; empty: none"
                min={0.01}
                decimalScale={2}
                prefix="$"
                value={field.value === null || field.value === undefined ? '' : field.value / 100}
                onChange={(v) => field.onChange(typeof v === 'number' ? Math.round(v * 100) : null)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.price_cents?.message}
              />
            )}
          />
        </Group>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch label="Active: on sale and shown to visitors" checked={field.value ?? true} onChange={(e) => field.onChange(e.currentTarget.checked)} onBlur={field.onBlur} ref={field.ref} />
          )}
        />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Packs
          </Text>
          {full ? (
            <Text size="sm" c="dimmed">
              A bundle holds at most {CURATION_LIMITS.bundlePacksMax} packs.
            </Text>
          ) : (
            <LookupPicker<PackCard>
              label="Find published packs"
              placeholder="Pack title or creator"
              useResults={useLookUpPacks}
              idOf={idOf}
              nameOf={(pack) => pack.title}
              render={(pack) => <PackLine pack={pack} />}
              chosen={chosen}
              onPick={async (pack) => choose([...packs, pack])}
            />
          )}
          {packs.length === 0 ? (
            <Text size="sm" c="dimmed">
              No packs chosen yet.
            </Text>
          ) : (
            <SortableList<PackCard>
              items={packs}
              idOf={idOf}
              nameOf={(pack) => pack.title}
              label="Packs in this bundle, in order"
              render={(pack) => <PackLine pack={pack} />}
              onMove={async (ids) => choose(ids.map((id) => packs.find((p) => p.id === id)!))}
              onRemove={(pack) => choose(packs.filter((p) => p.id !== pack.id))}
            />
          )}
          {errors.pack_ids?.message ? (
            <Text size="sm" c="red" role="alert">
              {errors.pack_ids.message}
            </Text>
          ) : null}
        </Stack>
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

function BundleEditor({ id }: { id: string }) {
  return (
    <EditedRecordState query={useAdminBundle(id)} what="bundle" notFound={{ screenTitle: 'Manage bundles', what: 'bundle', browse: { to: '/managebundle', label: 'All bundles' } }}>
      {(bundle) => <LoadedBundle bundle={bundle} />}
    </EditedRecordState>
  );
}

function LoadedBundle({ bundle }: { bundle: AdminBundle }) {
  const navigate = useNavigate();
  const update = useUpdateBundle(bundle.id);
  const remove = useDeleteBundle(bundle.id);
  const confirmDelete = () =>
    dialogs.openConfirmModal({
      title: `Delete “${bundle.title}”?`,
      children: <Text size="sm">It leaves the shop at once. Whoever got it keeps its sounds. To stop selling it for a while, switch off Active instead.</Text>,
      labels: { confirm: 'Delete bundle', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => void runCurationWrite(async () => {
        await remove.mutateAsync();
        void navigate('/managebundle');
      }),
    });
  return (
    <Container size="md" py="xl">
      <Anchor component={Link} to="/managebundle" size="sm" mb="md" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden /> All bundles
      </Anchor>
      <ScreenHeader eyebrow="Bundle" title={bundle.title} subtitle={bundle.active ? `On sale at /bundles/${bundle.slug} · ${priceOf(bundle)}` : 'Off sale: visitors do not see it'} />
      <Card bg="dark.7" withBorder radius="lg" p="lg">
        <Group justify="space-between" mb="md">
          {bundle.active ? (
            <Anchor component={Link} to={`/bundles/${bundle.slug}`} size="sm">
              Open its page
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              Off sale: no public page
            </Text>
          )}
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
        <BundleForm key={bundle.id} initial={bundle} submitLabel="Save bundle" onSubmit={(values) => update.mutateAsync(values)} />
      </Card>
    </Container>
  );
}
