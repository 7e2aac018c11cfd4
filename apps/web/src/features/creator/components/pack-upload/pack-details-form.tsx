import { Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { LICENCE_TYPES } from '@crate/contract/catalogue-enums';
import { PACK_EDIT_LIMITS, packDetailsSchema, type PackDetailsInput, type StudioPack } from '@crate/contract/studio-packs';
import { GENRES } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../../components/api-error-alert.tsx';
import { useContractForm } from '../../../../lib/use-contract-form.ts';

const GENRE_OPTIONS = GENRES.map((g) => ({ value: g.slug, label: g.label }));
type FormInput = z.input<typeof packDetailsSchema>;

const detailsOf = (pack: StudioPack | null): FormInput => ({
  title: pack?.title ?? '',
  description: pack?.description ?? '',
  genres: (pack?.genres ?? []) as FormInput['genres'],
  licence_type: pack?.licence_type ?? 'Royalty-Free',
  credit_cost: pack?.credit_cost ?? null,
  price_cents: pack?.price_cents ?? null,
});

/**
 * A pack's details: title, description, genres, licence, and its prices (credits for the whole pack; optionally money).
 * `soldAs`: the pack is published — its licence and prices stay as it was reviewed and sold (decision 0072).
 */
export function PackDetailsForm({
  pack,
  readOnly,
  soldAs = false,
  submitLabel,
  onSave,
}: {
  pack: StudioPack | null;
  readOnly: boolean;
  soldAs?: boolean;
  submitLabel: string;
  onSave: (values: PackDetailsInput) => Promise<unknown>;
}) {
  const sold = readOnly || soldAs;
  const { form, formError: saveError, submit } = useContractForm({ schema: packDetailsSchema, defaultValues: detailsOf(pack) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = submit(async (values) => {
    await onSave(values);
    form.reset(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pack details">
      <Stack gap="md">
        <TextInput label="Title" required maxLength={PACK_EDIT_LIMITS.titleMax} readOnly={readOnly} error={errors.title?.message} {...form.register('title')} />
        <Textarea label="Description" description="What is in the pack, how it was made, what it suits." autosize minRows={3} maxRows={10} readOnly={readOnly} error={errors.description?.message} {...form.register('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="genres"
            render={({ field }) => (
              <MultiSelect label="Genres" description={`Up to ${PACK_EDIT_LIMITS.genresMax}; new sounds start with these.`} data={GENRE_OPTIONS} searchable readOnly={readOnly} value={field.value ?? []} onChange={field.onChange} error={errors.genres?.message} maxValues={PACK_EDIT_LIMITS.genresMax} />
            )}
          />
          <Controller
            control={form.control}
            name="licence_type"
            render={({ field }) => (
              <Select label="Licence" description="The licence every sound of the pack is sold under." data={[...LICENCE_TYPES]} allowDeselect={false} readOnly={sold} value={field.value ?? 'Royalty-Free'} onChange={(v) => field.onChange(v)} error={errors.licence_type?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="credit_cost"
            render={({ field }) => (
              <NumberInput
                label="Whole pack in credits"
                description="Leave empty: the pack costs what its sounds cost together."
                min={0}
                max={PACK_EDIT_LIMITS.creditCostMax}
                allowDecimal={false}
                readOnly={sold}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                error={errors.credit_cost?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="price_cents"
            render={({ field }) => (
              <NumberInput
                label="Buy outright (USD)"
                description="Optional: a money price for the whole pack."
                prefix="$"
                min={1}
                max={PACK_EDIT_LIMITS.priceCentsMax / 100}
                decimalScale={2}
                fixedDecimalScale
                readOnly={sold}
                value={field.value === null || field.value === undefined ? '' : field.value / 100}
                onChange={(v) => field.onChange(v === '' ? null : Math.round(Number(v) * 100))}
                error={errors.price_cents?.message}
              />
            )}
          />
        </SimpleGrid>
        {soldAs && !readOnly ? (
          <Text size="sm" c="dimmed">
            The licence and prices stay as the pack was reviewed and sold.
          </Text>
        ) : null}
        <ApiErrorAlert error={saveError} title="The pack was not saved" />
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={isSubmitting} disabled={pack !== null && !isDirty}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
