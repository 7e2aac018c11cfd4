import { BANNER_SIZES, IMAGE_SIZES } from '@crate/contract/catalogue-enums';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateArtSvg } from '@crate/demo-catalogue/art/generated-art';
import { BANNER_VARIANTS, COVER_VARIANTS, deriveBanner, deriveCoverArt } from './cover-art.ts';
import { pixelBombPng } from '../../test/media-fixtures.ts';
import { MediaError } from './media-error.ts';

/** A real photo-like test image: a gradient with a bright off-centre subject. */
function sceneSvg(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#204"/><stop offset="1" stop-color="#0a6"/></linearGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<circle cx="${width * 0.75}" cy="${height * 0.5}" r="${Math.min(width, height) * 0.2}" fill="#ff0"/></svg>`,
  );
}

describe('cover art derivatives', () => {
  it.each([
    ['landscape JPEG', () => sharp(sceneSvg(1200, 800)).jpeg().toBuffer()],
    ['portrait PNG with alpha', () => sharp(sceneSvg(600, 1400)).png().toBuffer()],
    ['tiny WebP that must be enlarged', () => sharp(sceneSvg(40, 40)).webp().toBuffer()],
    ['square SVG', async () => sceneSvg(900, 900)],
  ])('makes exact 75, 250 and 500 px squares from a %s', async (_, make) => {
    const result = await deriveCoverArt({ buffer: await make() });
    expect(result.images.map((i) => i.size)).toEqual([...IMAGE_SIZES]);
    for (const image of result.images) {
      const meta = await sharp(image.body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(image.size);
      expect(meta.format).toBe('jpeg');
      expect(meta.hasAlpha).toBe(false);
      expect(meta.isProgressive).toBe(true);
      expect(image.variant).toBe(COVER_VARIANTS[image.size as keyof typeof COVER_VARIANTS]);
      expect(image.contentType).toBe('image/jpeg');
    }
  });

  it('turns a photo upright from its EXIF orientation before cropping', async () => {
    // Stored 800×400 landscape, but EXIF says "rotate 90°": the picture is really portrait.
    const rotated = await sharp(sceneSvg(800, 400)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await deriveCoverArt({ buffer: rotated });
    expect(result.source).toMatchObject({ width: 400, height: 800, format: 'jpeg' });
    // The bright subject sat right of centre in the stored pixels; upright it is below centre.
    const { data, info } = await sharp(result.images[2]!.body).greyscale().raw().toBuffer({ resolveWithObject: true });
    const rowBrightness = (y: number) => {
      let sum = 0;
      for (let x = 0; x < info.width; x++) sum += data[y * info.width + x]!;
      return sum / info.width;
    };
    expect(rowBrightness(Math.round(info.height * 0.75))).toBeGreaterThan(rowBrightness(Math.round(info.height * 0.25)) + 20);
    expect((await sharp(result.images[2]!.body).metadata()).orientation).toBeUndefined();
  });

  it('can encode WebP instead', async () => {
    const result = await deriveCoverArt({ buffer: sceneSvg(500, 500) }, { format: 'webp' });
    for (const image of result.images) {
      const meta = await sharp(image.body).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}x${meta.height}`).toBe(image.size);
      expect(image.extension).toBe('webp');
    }
  });

  it('makes both banner sizes', async () => {
    const result = await deriveBanner({ buffer: await sharp(sceneSvg(2000, 1000)).png().toBuffer() });
    expect(result.images.map((i) => i.size)).toEqual([...BANNER_SIZES]);
    for (const image of result.images) {
      const meta = await sharp(image.body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(image.size);
      expect(image.variant).toBe(BANNER_VARIANTS[image.size as keyof typeof BANNER_VARIANTS]);
    }
  });

  /** Two halves: red on the left, blue on the right (as seen upright). */
  const halves = (width: number, height: number) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#f00"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#00f"/></svg>`);
  const meanColour = async (body: Buffer) => (await sharp(body).stats()).channels.map((c) => Math.round(c.mean));

  it("makes both banner sizes from the crop a person chose, not from the whole image", async () => {
    const result = await deriveBanner({ buffer: await sharp(halves(3264, 600)).png().toBuffer() }, { crop: { x: 1632, y: 0, width: 1632, height: 600 } });
    for (const image of result.images) {
      const meta = await sharp(image.body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(image.size);
      const [red, , blue] = await meanColour(image.body);
      expect(blue, image.size).toBeGreaterThan(200);
      expect(red, image.size).toBeLessThan(30);
    }
  });

  it('reads a crop in the upright picture, after its EXIF orientation', async () => {
    // Stored 600 × 3264 and turned a quarter clockwise (orientation 6): upright it is 3264 × 600; its right half is the stored bottom.
    const stored = await sharp(halves(3264, 600)).rotate(-90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await deriveBanner({ buffer: stored }, { crop: { x: 1632, y: 0, width: 1632, height: 600 } });
    const [red, , blue] = await meanColour(result.images[0]!.body);
    expect(blue).toBeGreaterThan(200);
    expect(red).toBeLessThan(30);
  });

  it('refuses a crop outside the image', async () => {
    await expect(deriveBanner({ buffer: await sharp(halves(1632, 600)).png().toBuffer() }, { crop: { x: 10, y: 0, width: 1632, height: 600 } })).rejects.toMatchObject({ code: 'bad-crop' });
  });

  it('rejects bytes that are not an image', async () => {
    await expect(deriveCoverArt({ buffer: Buffer.from('definitely not an image') })).rejects.toBeInstanceOf(MediaError);
    await expect(deriveCoverArt({ buffer: Buffer.from('GIF89a but truncated') })).rejects.toMatchObject({ code: 'unsupported-image' });
  });
});

/** The demo catalogue's generated art rendered to PNG at `width`×`height`, then derived like an upload. */
async function derivedGeneratedArt(seed: string, title: string, width: number, height: number, derive: typeof deriveCoverArt) {
  const png = await sharp(Buffer.from(generateArtSvg({ seed, title, width, height }))).png().toBuffer();
  return { original: { body: png }, ...(await derive({ buffer: png })) };
}

describe('derivatives of the demo catalogue’s generated art', () => {
  it('renders to real, colourful images at every cover size', async () => {
    const art = await derivedGeneratedArt('demo-pack-1', 'Lo-Fi Sunsets', 1000, 1000, deriveCoverArt);
    const original = await sharp(art.original.body).metadata();
    expect(original).toMatchObject({ width: 1000, height: 1000, format: 'png' });
    expect(art.images.map((i) => i.size)).toEqual([...IMAGE_SIZES]);
    for (const image of art.images) {
      const meta = await sharp(image.body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(image.size);
    }
    const stats = await sharp(art.images[2]!.body).stats();
    // Not a flat fill: real variation across the picture, and not a grey one.
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(15);
    const means = stats.channels.slice(0, 3).map((c) => c.mean);
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(3);
  });

  it('renders banners at both banner sizes', async () => {
    const art = await derivedGeneratedArt('banner-1', 'Summer Sale', 1632, 600, deriveBanner);
    expect(await sharp(art.original.body).metadata()).toMatchObject({ width: 1632, height: 600 });
    for (const image of art.images) {
      const meta = await sharp(image.body).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(image.size);
    }
  });

  it('refuses an image bomb from its header, before decoding it (pixel limits before decoding)', async () => {
    const started = performance.now();
    const bomb = pixelBombPng(16000, 16000);
    await expect(deriveCoverArt({ buffer: bomb })).rejects.toMatchObject({ name: 'MediaError', code: 'too-many-pixels' });
    await expect(deriveBanner({ buffer: bomb })).rejects.toMatchObject({ code: 'too-many-pixels' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
