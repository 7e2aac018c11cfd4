import { Button, FileButton, Group, Image, Paper, Slider, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ImageSet } from '@crate/contract/catalogue';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_PIXELS_LABEL, STUDIO_LIMITS } from '@crate/contract/studio-limits';

/** Cover art is stored at this size; the server derives 500, 250 and 75 pixel squares from it. */
const OUTPUT_PIXELS = 1500;
const PREVIEW_PIXELS = 220;

interface Crop {
  zoom: number;
  /** −1 … 1: where the square sits between the image's edges. */
  x: number;
  y: number;
}

function sourceRect(image: HTMLImageElement, crop: Crop) {
  const side = Math.min(image.naturalWidth, image.naturalHeight) / crop.zoom;
  const cx = image.naturalWidth / 2 + (crop.x * (image.naturalWidth - side)) / 2;
  const cy = image.naturalHeight / 2 + (crop.y * (image.naturalHeight - side)) / 2;
  return { sx: cx - side / 2, sy: cy - side / 2, side };
}

function draw(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, pixels: number) {
  canvas.width = pixels;
  canvas.height = pixels;
  const { sx, sy, side } = sourceRect(image, crop);
  canvas.getContext('2d')?.drawImage(image, sx, sy, side, side, 0, 0, pixels, pixels);
}

/**
 * Picks an image and crops it to a square in the browser (zoom and position), then hands the cropped
 * JPEG to `onCropped` to upload as the pack's cover art.
 */
export function CoverArtCropper({ current, disabled, onCropped }: { current: ImageSet | null; disabled: boolean; onCropped: (file: File) => void }) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  // The crop just handed over, shown at once: the server's 250 px version is made a moment after the upload.
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => {
    if (chosen) URL.revokeObjectURL(chosen);
  }, [chosen]);
  const preview = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (image && preview.current) draw(preview.current, image, crop, PREVIEW_PIXELS);
  }, [image, crop]);

  const pick = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const loaded = new window.Image();
    loaded.onload = () => {
      const min = STUDIO_LIMITS.coverMinPixels;
      if (loaded.naturalWidth < min || loaded.naturalHeight < min) {
        setProblem(`That image is ${loaded.naturalWidth} × ${loaded.naturalHeight}: cover art is at least ${min} × ${min} pixels.`);
        URL.revokeObjectURL(url);
        return;
      }
      if (loaded.naturalWidth * loaded.naturalHeight > IMAGE_MAX_PIXELS) {
        setProblem(`That image is ${loaded.naturalWidth} × ${loaded.naturalHeight}: images are at most ${IMAGE_MAX_PIXELS_LABEL}.`);
        URL.revokeObjectURL(url);
        return;
      }
      setCrop({ zoom: 1, x: 0, y: 0 });
      setImage(loaded);
    };
    loaded.onerror = () => {
      setProblem('That file is not an image this browser can open: use a JPEG, PNG or WebP.');
      URL.revokeObjectURL(url);
    };
    loaded.src = url;
  };

  const use = () => {
    if (!image) return;
    const canvas = document.createElement('canvas');
    const side = Math.min(OUTPUT_PIXELS, Math.floor(Math.min(image.naturalWidth, image.naturalHeight) / crop.zoom));
    draw(canvas, image, crop, Math.max(STUDIO_LIMITS.coverMinPixels, side));
    canvas.toBlob(
      (blob) => {
        if (!blob) return setProblem('The crop could not be made in this browser.');
        onCropped(new File([blob], 'cover.jpg', { type: 'image/jpeg', lastModified: Date.now() }));
        setChosen(URL.createObjectURL(blob));
        URL.revokeObjectURL(image.src);
        setImage(null);
      },
      'image/jpeg',
      0.92,
    );
  };

  return (
    <Paper withBorder p="md" bg="dark.7">
      <Stack gap="sm">
        <Text fw={600}>Cover art</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {image ? (
            <canvas ref={preview} width={PREVIEW_PIXELS} height={PREVIEW_PIXELS} style={{ borderRadius: 8 }} aria-label="Cropped cover preview" role="img" />
          ) : chosen ? (
            <Image src={chosen} w={PREVIEW_PIXELS} h={PREVIEW_PIXELS} radius="md" alt="New cover art" />
          ) : current ? (
            <Image src={current['250x250']} w={PREVIEW_PIXELS} h={PREVIEW_PIXELS} radius="md" alt="Current cover art" fallbackSrc="" />
          ) : (
            <Paper w={PREVIEW_PIXELS} h={PREVIEW_PIXELS} bg="dark.6" radius="md" style={{ display: 'grid', placeItems: 'center' }}>
              <IconPhoto size={40} aria-hidden opacity={0.5} />
            </Paper>
          )}
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            {image ? (
              <>
                <Text size="sm" aria-hidden>Zoom</Text>
                <Slider thumbLabel="Zoom" min={1} max={4} step={0.05} value={crop.zoom} onChange={(zoom) => setCrop((c) => ({ ...c, zoom }))} label={(v) => `${v.toFixed(1)}×`} />
                <Text size="sm" aria-hidden>Left ↔ right</Text>
                <Slider thumbLabel="Left ↔ right" min={-1} max={1} step={0.01} value={crop.x} onChange={(x) => setCrop((c) => ({ ...c, x }))} label={null} />
                <Text size="sm" aria-hidden>Top ↕ bottom</Text>
                <Slider thumbLabel="Top ↕ bottom" min={-1} max={1} step={0.01} value={crop.y} onChange={(y) => setCrop((c) => ({ ...c, y }))} label={null} />
                <Group mt="xs">
                  <Button onClick={use}>Use this cover</Button>
                  <Button variant="default" onClick={() => setImage(null)}>
                    Cancel
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  A square image of at least {STUDIO_LIMITS.coverMinPixels} × {STUDIO_LIMITS.coverMinPixels} pixels and at most {IMAGE_MAX_PIXELS_LABEL} (JPEG, PNG or WebP). You choose the square; we make the 500, 250 and 75 pixel versions.
                </Text>
                <FileButton onChange={pick} accept="image/jpeg,image/png,image/webp" disabled={disabled}>
                  {(props) => (
                    <Button variant="light" leftSection={<IconPhoto size={16} />} {...props} w="fit-content">
                      {current ? 'Change cover art' : 'Choose cover art'}
                    </Button>
                  )}
                </FileButton>
              </>
            )}
            {problem ? (
              <Text size="sm" c="red.4" role="alert">
                {problem}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
