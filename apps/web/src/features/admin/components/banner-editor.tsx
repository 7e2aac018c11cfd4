import { Button, Card, Group, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { AdminImage } from '@crate/contract/admin-images';
import { bannerInputSchema, BANNER_LIMITS, type AdminBanner } from '@crate/contract/banners';
import { BANNER_POSITIONS } from '@crate/contract/catalogue-enums';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { DiscoverBanners } from '../../../components/discover-banners.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useCreateBanner, useUpdateBanner } from '../api/banners.ts';
import { ImageCropper } from '../../../components/image-cropper.tsx';
import { useUploadAdminImage } from '../api/admin-images.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local field shows it: the admin's own time zone. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const EMPTY = { title: '', subtitle: '', image_file_id: '', position: 'Bottom-Left', link_url: null, active: true, starts_at: null, ends_at: null } as const;

/**
 * A banner's editor: its picture (chosen and cropped here), words, corner, link, switch and time window, with the
 * banner drawn beside it as Discover draws it. Without `banner` it adds a new one (`onSaved` then resets it).
 */
export function BannerEditor({ banner, onSaved }: { banner?: AdminBanner; onSaved?: (banner: AdminBanner) => void }) {
  const create = useCreateBanner();
  const update = useUpdateBanner(banner?.id ?? '');
  const [images, setImages] = useState<Partial<Record<string, string>>>(banner?.images ?? {});
  /** Counts the banners added here: the picture chooser starts empty again after each. */
  const [added, setAdded] = useState(0);
  const upload = useUploadAdminImage();
  const { form, formError, submit } = useContractForm({
    schema: bannerInputSchema,
    defaultValues: banner
      ? { title: banner.title, subtitle: banner.subtitle, image_file_id: banner.image_file_id ?? '', position: banner.position, link_url: banner.link_url, active: banner.active, starts_at: banner.starts_at, ends_at: banner.ends_at }
      : EMPTY,
  });
  const [title, subtitle, position, linkUrl] = useWatch({ control: form.control, name: ['title', 'subtitle', 'position', 'link_url'] });

  const onSubmit = submit(async (values) => {
    const saved = banner ? await update.mutateAsync({ ...values, expected_updated_at: banner.updated_at }) : await create.mutateAsync(values);
    notifications.show({ color: 'teal', message: banner ? `“${saved.title}” is saved.` : `“${saved.title}” is added to Discover's banners.` });
    if (!banner) {
      form.reset(EMPTY);
      setImages({});
      setAdded((n) => n + 1);
    }
    onSaved?.(saved);
  });

  const uploaded = (image: AdminImage) => {
    setImages(image.images);
    form.setValue('image_file_id', image.id, { shouldDirty: true, shouldValidate: true });
  };

  const preview = {
    id: banner?.id ?? 'preview',
    title: title?.trim() || 'The banner’s title',
    subtitle: subtitle ?? '',
    image_url: images['1632x600'] ?? null,
    size: '1632x600' as const,
    position: position ?? 'Bottom-Left',
    link_url: null,
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={banner ? `Edit the banner “${banner.title}”` : 'New banner'}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="md">
          <Card bg="dark.7" withBorder radius="lg" p="lg">
            <Title order={3} fz="md" mb="sm">
              Picture
            </Title>
            <ImageCropper key={added} purpose="banner" upload={upload} onUploaded={uploaded} />
            {form.formState.errors.image_file_id ? (
              <Text c="red.4" size="sm" mt="xs" role="alert">
                {form.formState.errors.image_file_id.message}
              </Text>
            ) : null}
          </Card>
          <TextInput label="Title" required maxLength={BANNER_LIMITS.titleMax} {...form.register('title')} error={form.formState.errors.title?.message} />
          <TextInput label="Subtitle" maxLength={BANNER_LIMITS.subtitleMax} {...form.register('subtitle')} error={form.formState.errors.subtitle?.message} />
          <Controller
            control={form.control}
            name="position"
            render={({ field, fieldState }) => (
              <Radio.Group label="Corner of the words" value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
                <SimpleGrid cols={2} mt="xs">
                  {BANNER_POSITIONS.map((corner) => (
                    <Radio key={corner} value={corner} label={corner.replace('-', ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase())} />
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
          />
          <Controller
            control={form.control}
            name="link_url"
            render={({ field, fieldState }) => (
              <TextInput
                label="Link"
                description="A page of Crate, such as /packs/lo-fi (an https:// address of Crate works too)"
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value.trim() === '' ? null : event.currentTarget.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group grow align="flex-start">
            {(['starts_at', 'ends_at'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextInput
                    type="datetime-local"
                    label={name === 'starts_at' ? 'Shown from' : 'Shown until'}
                    description={name === 'starts_at' ? 'Empty: as soon as it is saved' : 'Empty: until switched off'}
                    value={toLocalInput(field.value)}
                    onChange={(event) => field.onChange(fromLocalInput(event.currentTarget.value))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
          </Group>
          <Switch label="Active: shown on Discover within its time window" {...form.register('active')} />
          <ApiErrorAlert error={formError} title="The banner was not saved" />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              {banner ? 'Save the banner' : 'Add the banner'}
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            On Discover
          </Title>
          <Text size="sm" c="dimmed">
            As visitors will see it, first in the row{linkUrl ? `, linking to ${linkUrl}` : ''}.
          </Text>
          <section aria-label="Banner preview">
            <DiscoverBanners banners={[preview]} />
          </section>
        </Stack>
      </SimpleGrid>
    </form>
  );
}
