import { ActionIcon, Anchor, Avatar, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconLink, IconPhotoOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import type { AdminImage } from '@crate/contract/admin-images';
import { bannerSetSchema, imageSetSchema, type BannerSet, type ImageSet } from '@crate/contract/catalogue';
import { CREATOR_PROFILE_LIMITS, updateCreatorProfileSchema, type CreatorProfile } from '@crate/contract/creator-profile';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { initials } from '../../../components/creator-card.tsx';
import { CreatorBanner } from '../../../components/creator-banner.tsx';
import { ImageCropper } from '../../../components/image-cropper.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useMyCreatorProfile, useUpdateMyCreatorProfile } from '../api/creator-profile.ts';
import { useUploadStudioImage } from '../api/studio-packs.ts';
import { StudioScreenState } from '../components/studio-screen-state.tsx';

const L = CREATOR_PROFILE_LIMITS;

/** /creatorprofile: the creator's public page as they edit it — name, avatar, banner, bio, location and links. */
export default function CreatorProfileEditorScreen() {
  const profile = useMyCreatorProfile();
  return (
    <StudioScreenState query={profile} notFound={{ screenTitle: 'Your public profile', what: 'creator profile', browse: { to: '/creator', label: 'Your studio' } }} errorTitle="Your profile did not load">
      {(data) => <ProfileEditor key={data.updated_at} profile={data} />}
    </StudioScreenState>
  );
}

const formOf = (profile: CreatorProfile) => ({
  name: profile.name,
  bio: profile.bio,
  location: profile.location,
  links: profile.links,
  avatar_file_id: profile.avatar_file_id,
  banner_file_id: profile.banner_file_id,
});

function ProfileEditor({ profile }: { profile: CreatorProfile }) {
  const save = useUpdateMyCreatorProfile();
  const { form, formError, submit } = useContractForm({ schema: updateCreatorProfileSchema, defaultValues: formOf(profile) });
  const { errors, isSubmitting, isDirty } = form.formState;
  // What the pictures look like now: the saved ones, or the ones just uploaded (saved with the form).
  const [avatar, setAvatar] = useState<ImageSet | null>(profile.avatar);
  const [banner, setBanner] = useState<BannerSet | null>(profile.banner);

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({ ...values, expected_updated_at: profile.updated_at });
    notifications.show({ color: 'teal', message: 'Your public profile is saved.' });
  });

  return (
    <Container size="md" py="xl">
      <ScreenHeader
        eyebrow="Studio"
        title="Your public profile"
        subtitle={
          <>
            What visitors see on your creator page.{' '}
            <Anchor component={Link} to={`/creator/${profile.slug}`}>
              Open your page <IconExternalLink size={14} aria-hidden />
            </Anchor>
          </>
        }
      />
      <form onSubmit={onSubmit} noValidate aria-label="Your public profile">
        <Stack gap="lg">
          <Paper withBorder p="lg" bg="dark.7">
            <Stack gap="md">
              <TextInput label="Name" required maxLength={L.nameMax} error={errors.name?.message} {...form.register('name')} />
              <TextInput label="Location" description="Optional: a city or a region." maxLength={L.locationMax} error={errors.location?.message} {...form.register('location')} />
              <Textarea label="Bio" description={`Who you are and what you make (at most ${L.bioMax} characters).`} autosize minRows={4} maxRows={12} maxLength={L.bioMax} error={errors.bio?.message} {...form.register('bio')} />
              <Controller
                control={form.control}
                name="links"
                render={({ field }) => <LinksField links={field.value ?? []} onChange={field.onChange} errors={errors.links} />}
              />
            </Stack>
          </Paper>

          <Paper withBorder p="lg" bg="dark.7">
            <Title order={2} size="h4" mb="sm">
              Avatar
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Group align="flex-start">
                <Avatar src={avatar?.['250x250'] ?? null} alt={avatar ? `${profile.name}'s avatar` : 'No avatar yet'} size={120} radius={999} color="ember">
                  {initials(profile.name)}
                </Avatar>
                {avatar ? (
                  <RemoveImageButton
                    label="Remove the avatar"
                    onRemove={() => {
                      setAvatar(null);
                      form.setValue('avatar_file_id', null, { shouldDirty: true });
                    }}
                  />
                ) : null}
              </Group>
              <ImagePicker
                purpose="cover"
                onUploaded={(image) => {
                  setAvatar(imageSetSchema.parse(image.images));
                  form.setValue('avatar_file_id', image.id, { shouldDirty: true });
                }}
              />
            </SimpleGrid>
            {errors.avatar_file_id ? (
              <Text c="red.4" size="sm" role="alert">
                {errors.avatar_file_id.message}
              </Text>
            ) : null}
          </Paper>

          <Paper withBorder p="lg" bg="dark.7">
            <Title order={2} size="h4" mb="xs">
              Banner
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Across the top of your page. One crop makes both sizes: 1632 × 600 for wide screens, 1088 × 400 for phones.
            </Text>
            <Stack gap="sm">
              {banner ? (
                <>
                  <CreatorBanner banner={banner} name={profile.name} />
                  <Group>
                    <RemoveImageButton
                      label="Remove the banner"
                      onRemove={() => {
                        setBanner(null);
                        form.setValue('banner_file_id', null, { shouldDirty: true });
                      }}
                    />
                  </Group>
                </>
              ) : (
                <Text size="sm">No banner yet: your page starts with your avatar and name.</Text>
              )}
              <ImagePicker
                purpose="banner"
                onUploaded={(image) => {
                  setBanner(bannerSetSchema.parse(image.images));
                  form.setValue('banner_file_id', image.id, { shouldDirty: true });
                }}
              />
              {errors.banner_file_id ? (
                <Text c="red.4" size="sm" role="alert">
                  {errors.banner_file_id.message}
                </Text>
              ) : null}
            </Stack>
          </Paper>

          <ApiErrorAlert error={formError} title="Your profile was not saved" />
          <Group>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save profile
            </Button>
            {isDirty ? (
              <Text size="sm" c="dimmed">
                Unsaved changes: new pictures show on your page once you save.
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Container>
  );
}

/** A cropper that starts empty again after each picture it took. */
function RemoveImageButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button variant="subtle" color="red" size="xs" leftSection={<IconPhotoOff size={14} aria-hidden />} onClick={onRemove}>
      {label}
    </Button>
  );
}

function ImagePicker({ purpose, onUploaded }: { purpose: 'cover' | 'banner'; onUploaded: (image: AdminImage) => void }) {
  const upload = useUploadStudioImage();
  const [taken, setTaken] = useState(0);
  return (
    <ImageCropper
      key={taken}
      purpose={purpose}
      upload={upload}
      onUploaded={(image) => {
        onUploaded(image);
        setTaken((n) => n + 1);
      }}
    />
  );
}

type LinkErrors = { message?: string | undefined; [index: number]: { message?: string | undefined } | undefined } | undefined;

/** Up to CREATOR_PROFILE_LIMITS.linksMax web addresses, each its own field, in the order the page lists them. */
function LinksField({ links, onChange, errors }: { links: string[]; onChange: (links: string[]) => void; errors: LinkErrors }) {
  const change = (index: number, value: string) => onChange(links.map((link, i) => (i === index ? value : link)));
  return (
    <Stack gap="xs" role="group" aria-labelledby="profile-links-label">
      <Text fw={500} size="sm" id="profile-links-label">
        Links
      </Text>
      <Text size="xs" c="dimmed">
        Your website, SoundCloud, Bandcamp, Instagram… up to {L.linksMax}, each a full address starting with https://.
      </Text>
      {links.map((link, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            leftSection={<IconLink size={16} aria-hidden />}
            aria-label={`Link ${index + 1}`}
            placeholder="https://"
            type="url"
            value={link}
            onChange={(event) => change(index, event.currentTarget.value)}
            error={errors?.[index]?.message}
          />
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove link ${index + 1}`} onClick={() => onChange(links.filter((_, i) => i !== index))}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {errors?.message ? (
        <Text c="red.4" size="sm" role="alert">
          {errors.message}
        </Text>
      ) : null}
      <Button variant="default" size="xs" w="fit-content" leftSection={<IconPlus size={14} aria-hidden />} disabled={links.length >= L.linksMax} onClick={() => onChange([...links, ''])}>
        Add a link
      </Button>
    </Stack>
  );
}
