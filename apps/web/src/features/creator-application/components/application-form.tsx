import { Button, Checkbox, Group, MultiSelect, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { APPLICATION_LIMITS, creatorApplicationInputSchema, type ApplicationDemo, type CreatorApplication, type CreatorApplicationInput } from '@crate/contract/creator-application';
import { GENRES } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useSendApplication } from '../api/creator-application.ts';
import { DemoUploader } from './demo-uploader.tsx';

const GENRE_OPTIONS = GENRES.map((g) => ({ value: g.slug, label: g.label }));

/**
 * The application form: new, or the open one with the admin's requested changes (`from` prefills it).
 * The content agreement is a checkbox until accepted; once accepted it stays accepted (SPEC §4).
 */
export function ApplicationForm({ mode, from, agreementAccepted, onSent }: { mode: 'new' | 'changes'; from: CreatorApplication | null; agreementAccepted: boolean; onSent: () => void }) {
  const send = useSendApplication(mode);
  const [demos, setDemos] = useState<ApplicationDemo[]>(from?.demos ?? []);
  // Sending while a demo is still uploading would validate without it ("Upload at least one demo"), then lose the click.
  const [demoUploading, setDemoUploading] = useState(false);
  const { form, formError, submit } = useContractForm({
    schema: creatorApplicationInputSchema,
    defaultValues: {
      artist_name: from?.artist_name ?? '',
      bio: from?.bio ?? '',
      links: from?.links ?? [],
      genres: (from?.genres ?? []) as CreatorApplicationInput['genres'],
      demo_file_ids: from?.demos.map((d) => d.id) ?? [],
      ...(agreementAccepted ? { accept_content_agreement: true } : {}),
    },
  });
  const { errors } = form.formState;

  const onSubmit = submit(async (values) => {
    await send.mutateAsync(values);
    onSent();
  });

  const setDemoList = (list: ApplicationDemo[]) => {
    setDemos(list);
    form.setValue('demo_file_ids', list.map((d) => d.id), { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={formError} title="Could not send your application" />
        <TextInput label="Artist name" description="The name your packs will be sold under." required {...form.register('artist_name')} error={errors.artist_name?.message} />
        <Textarea
          label="About you and your sounds"
          description="What you make, for whom, and what you have released."
          required
          autosize
          minRows={4}
          maxLength={APPLICATION_LIMITS.maxBio}
          {...form.register('bio')}
          error={errors.bio?.message}
        />
        <Controller
          control={form.control}
          name="genres"
          render={({ field }) => (
            <MultiSelect
              label="Genres"
              description={`Up to ${APPLICATION_LIMITS.maxGenres}.`}
              required
              searchable
              data={GENRE_OPTIONS}
              maxValues={APPLICATION_LIMITS.maxGenres}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              onBlur={field.onBlur}
              error={errors.genres?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="links"
          render={({ field }) => (
            <TagsInput
              label="Links"
              description="Your music elsewhere: SoundCloud, Bandcamp, Instagram… Press Enter after each."
              placeholder="https://"
              maxTags={APPLICATION_LIMITS.maxLinks}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.links?.message ?? errors.links?.find?.((e) => e)?.message}
            />
          )}
        />
        <DemoUploader value={demos} onChange={setDemoList} onBusyChange={setDemoUploading} error={errors.demo_file_ids?.message} />
        <Controller
          control={form.control}
          name="accept_content_agreement"
          render={({ field }) => (
            <Checkbox
              label="I made, or hold the rights to, every sound I will upload, and Crate may license them to producers under the licence I choose."
              description={agreementAccepted ? 'You have accepted the content agreement.' : 'Once accepted, the content agreement stays accepted.'}
              checked={field.value === true}
              disabled={agreementAccepted}
              onChange={(e) => field.onChange(e.currentTarget.checked ? true : undefined)}
              error={errors.accept_content_agreement?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Text size="xs" c="dimmed">
            {demoUploading ? 'Sending waits until the demo has uploaded.' : 'An admin listens to every application, usually within a few days.'}
          </Text>
          <Button type="submit" loading={send.isPending} disabled={demoUploading}>
            {mode === 'new' ? 'Send application' : 'Send it again'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
