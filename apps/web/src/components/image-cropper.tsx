import { Alert, Button, FileButton, Group, Slider, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import type { UseMutationResult } from '@tanstack/react-query';
import { IMAGE_PURPOSE_MIN, type AdminImage, type ImagePurpose, type UploadAdminImageQuery } from '@crate/contract/admin-images';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** The upload a cropper sends its crop through: an admin's (banners, staff covers) or a creator's (their profile, a pack's cover). */
export type ImageUpload = UseMutationResult<AdminImage, Error, { file: Blob; query: UploadAdminImageQuery }>;

/** What the cropper says of each purpose. Every size a purpose derives has its shape, so one crop makes them all. */
const WORDS: Record<ImagePurpose, { a: string; crop: string; made: string }> = {
  banner: { a: 'a banner', crop: 'Banner crop', made: 'both banner sizes are made from it' },
  cover: { a: 'a cover', crop: 'Cover crop', made: 'the cover’s three sizes are made from it' },
};
const ACCEPT = 'image/jpeg,image/png,image/webp';

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** The picture's size as the browser shows it (upright, as the server measures it). */
function measure(file: File): Promise<Picked> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ file, url, width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(`"${file.name}" is not an image this browser can show: choose a JPEG, PNG or WebP.`));
    };
    img.src = url;
  });
}

/** The most the crop may be zoomed in and still hold the purpose's smallest size of the picture. */
function maxZoomOf(picked: Picked, min: { width: number; height: number }): number {
  const fitWidth = Math.min(picked.width, (picked.height * min.width) / min.height);
  return Math.max(1, Math.floor((fitWidth / min.width) * 100) / 100);
}

/**
 * Choose a picture, crop it to the purpose's shape — a banner's 2.72 : 1, a cover's square — (drag or arrow keys to
 * move, the slider to zoom), and upload it through `upload`: the server derives the purpose's sizes from that crop,
 * and `onUploaded` gets their URLs.
 */
export function ImageCropper({ purpose, upload, onUploaded }: { purpose: ImagePurpose; upload: ImageUpload; onUploaded: (image: AdminImage) => void }) {
  const min = IMAGE_PURPOSE_MIN[purpose];
  const aspect = min.width / min.height;
  const words = WORDS[purpose];
  const [picked, setPicked] = useState<Picked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = async (file: File | null) => {
    setProblem(null);
    upload.reset();
    if (!file) return;
    try {
      const measured = await measure(file);
      if (measured.width < min.width || measured.height < min.height) {
        URL.revokeObjectURL(measured.url);
        setPicked(null);
        setProblem(`"${file.name}" is ${measured.width} × ${measured.height}: ${words.a} is at least ${min.width} × ${min.height} pixels.`);
        return;
      }
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setPicked(measured);
    } catch (error) {
      setPicked(null);
      setProblem((error as Error).message);
    }
  };

  const send = () => {
    if (!picked || !area) return;
    upload.mutate(
      { file: picked.file, query: { purpose, name: picked.file.name, crop_x: area.x, crop_y: area.y, crop_width: area.width, crop_height: area.height } },
      { onSuccess: onUploaded },
    );
  };

  return (
    <Stack gap="sm">
      <Group>
        <FileButton onChange={(file) => void choose(file)} accept={ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhoto size={16} aria-hidden />}>
              {picked ? 'Choose another picture' : 'Choose a picture'}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          JPEG, PNG or WebP, at least {min.width} × {min.height} pixels.
        </Text>
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={`That picture cannot be ${words.a}`}>
          {problem}
        </Alert>
      ) : null}
      {picked ? (
        <>
          <div style={{ position: 'relative', width: '100%', aspectRatio: `${aspect}`, maxHeight: 420, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            <Cropper
              image={picked.url}
              crop={crop}
              zoom={zoom}
              maxZoom={maxZoomOf(picked, min)}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              keyboardStep={10}
              cropperProps={{ 'aria-label': `${words.crop}: drag, or use the arrow keys (with Shift for small steps), to move the picture` }}
              mediaProps={{ alt: `${picked.file.name}, to crop` }}
            />
          </div>
          <Slider label={(value) => `${value.toFixed(2)}×`} min={1} max={maxZoomOf(picked, min)} step={0.01} value={zoom} onChange={setZoom} aria-label="Zoom" thumbLabel="Zoom" />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {area ? `The crop keeps ${area.width} × ${area.height} pixels of the picture; ${words.made}.` : `Move the picture to choose what ${words.a} shows.`}
            </Text>
            <Button onClick={send} loading={upload.isPending} disabled={!area} leftSection={<IconUpload size={16} aria-hidden />}>
              Use this crop
            </Button>
          </Group>
          <ApiErrorAlert error={upload.error} title="The picture was not taken" />
        </>
      ) : null}
    </Stack>
  );
}
