import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { AdminImage } from '@crate/contract/admin-images';
import { imageSetSchema, type ImageSet } from '@crate/contract/catalogue';
import { CoverImage } from '../../../components/cover-image.tsx';
import { ImageCropper } from '../../../components/image-cropper.tsx';
import { useUploadAdminImage } from '../api/admin-images.ts';

interface CoverFieldProps {
  /** What the cover is for ("Night drive"), for the picture's alternative text. */
  title: string;
  /** The cover shown now: the saved one, or the one just uploaded. */
  cover: ImageSet | null;
  /** A cover uploaded (its file id and sizes), or null when it is removed; saved with the rest of the form. */
  onChange(cover: { fileId: string; images: ImageSet } | null): void;
  error?: string | undefined;
}

/**
 * A staff playlist's or a bundle's cover in its form: the cover as visitors will see it, a picture chosen and cropped
 * square here (the server derives 75, 250 and 500 pixels from the crop), or no cover. Nothing is saved until the form is.
 */
export function CoverField({ title, cover, onChange, error }: CoverFieldProps) {
  /** Counts the covers taken here: the picture chooser starts empty again after each. */
  const [taken, setTaken] = useState(0);
  const labelId = useId();
  const upload = useUploadAdminImage();
  const uploaded = (image: AdminImage) => {
    onChange({ fileId: image.id, images: imageSetSchema.parse(image.images) });
    setTaken((n) => n + 1);
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text fw={600} size="sm" id={labelId}>
        Cover
      </Text>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <div style={{ width: 120, flexShrink: 0 }} data-cover-preview>
          <CoverImage cover={cover} alt={cover ? `Cover of ${title || 'this page'}` : 'No cover yet'} size={120} />
        </div>
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {cover ? 'Shown on its page and on Discover once saved.' : 'No cover: a placeholder is shown.'}
          </Text>
          {cover ? (
            <Group>
              <Button variant="subtle" color="red" size="xs" leftSection={<IconPhotoOff size={14} aria-hidden />} onClick={() => onChange(null)}>
                Remove the cover
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Group>
      <ImageCropper key={taken} purpose="cover" upload={upload} onUploaded={uploaded} />
      {error ? (
        <Text c="red.4" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
