import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArtSvg } from '@crate/demo-catalogue/art/generated-art';
import { renderLoop } from '@crate/demo-catalogue/synth/sounds';
import { banners, files, items, jobs, packs } from '../src/db/schema/index.ts';
import { IMAGE_VARIANTS, mediaUrl, PEAKS_VARIANT, PREVIEW_VARIANT } from '../src/media/media-urls.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { AUDIO_VARIANTS } from '../src/media/audio-derivatives.ts';
import { BANNER_VARIANTS, COVER_VARIANTS } from '../src/media/cover-art.ts';
import { deriveMediaForFile } from '../src/processing/derive-media.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`derive-media on ${TEST_DB}`, () => {
  let t: TestApp;
  let creatorUserId: string;
  let pack: { id: string; creatorId: string; slug: string };
  let item: { id: string; slug: string };
  let audio: { id: string };
  let cover: { id: string };
  let banner: { id: string };
  // 2 bars of 4/4 at 120 BPM: exactly 4 s.
  const loop = renderLoop({ seed: 'processing-test', style: 'house', key: 'A minor', bpm: 120, bars: 2 });

  const store = (body: Buffer, originalName: string, contentType: string, extra: Parameters<typeof createFileFromUpload>[1] extends infer U ? Partial<U> : never = {}) =>
    createFileFromUpload(t.ctx, { body, originalName, contentType, ownerUserId: creatorUserId, packId: pack.id, ...extra });
  const jobOf = async (fileId: string) => (await t.ctx.db.select().from(jobs).where(eq(jobs.uniqueKey, `derive-media:${fileId}`)))[0]!;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    creatorUserId = (await createUser(t.ctx, { roles: ['creator'] })).id;
    const creator = await createCreator(t.ctx, creatorUserId);
    pack = await createPack(t.ctx, creator.id, { title: 'Processing Pack' });
    item = (await createItems(t.ctx, pack, 1, { kind: 'Loop', name: 'House Loop 120 BPM Am', key: 'A minor', bpm: 120 }))[0]!;

    audio = await store(loop.wav, 'House Loop 120 BPM Am.wav', 'audio/wav', { kind: 'Sample audio', itemId: item.id });
    await t.ctx.db.update(items).set({ audioFileId: audio.id }).where(eq(items.id, item.id));
    cover = await store(Buffer.from(generateArtSvg({ seed: 'processing', title: 'Processing Pack' })), 'cover.svg', 'image/svg+xml', { kind: 'Cover art' });
    await t.ctx.db.update(packs).set({ coverFileId: cover.id }).where(eq(packs.id, pack.id));
    banner = await store(Buffer.from(generateArtSvg({ seed: 'processing', title: 'Banner', width: 1632, height: 600 })), 'banner.svg', 'image/svg+xml');
    await t.ctx.db.insert(banners).values({ title: 'New this week', imageFileId: banner.id, position: 'Top-Left' });

    expect(await t.ctx.jobs.enqueueMany('derive-media', [{ fileId: audio.id }, { fileId: cover.id }, { fileId: banner.id }])).toBe(3);
    expect(await t.ctx.jobs.drain()).toBe(3);
  });
  afterAll(() => t.close());

  it('runs one job per file to completion', async () => {
    for (const file of [audio, cover, banner]) expect(await jobOf(file.id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('records the probe on the original and the duration and features on its item', async () => {
    const [original] = await t.ctx.db.select().from(files).where(eq(files.id, audio.id));
    expect(original).toMatchObject({ durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: 16 });
    const [row] = await t.ctx.db.select().from(items).where(eq(items.id, item.id));
    expect(row!.durationMs).toBe(4000);
    expect(row!.audioFeatures).toHaveLength(22);
    for (const value of row!.audioFeatures!) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('serves the MP3 preview through the media route, immutable and ranged, and the item lists it', async () => {
    const url = mediaUrl(audio.id, PREVIEW_VARIANT);
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['cache-control']).toContain('immutable');
    expect(whole.rawPayload.length).toBeGreaterThan(50_000); // 4 s at 128 kbps
    const part = await get(url, { range: 'bytes=0-999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-999/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 1000))).toBe(true);

    const detail = await get(`/api/items/${item.slug}`);
    expect(detail.json().preview).toEqual({ url, peaks_url: mediaUrl(audio.id, PEAKS_VARIANT), duration_ms: 4000 });
  });

  it('serves waveform peaks the player can draw', async () => {
    const res = await get(mediaUrl(audio.id, PEAKS_VARIANT));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    const peaks = JSON.parse(res.body);
    expect(peaks).toMatchObject({ version: 1, channels: 1, sampleRate: 44100, durationMs: 4000 });
    expect(peaks.data).toHaveLength(peaks.length * 2);
    expect(Math.max(...peaks.data)).toBeGreaterThan(0.5);
    expect(Math.min(...peaks.data)).toBeLessThan(-0.5);
  });

  it('serves the cover at every cover size and the banner at both banner sizes', async () => {
    for (const [size, variant] of Object.entries(IMAGE_VARIANTS)) {
      const res = await get(mediaUrl(cover.id, variant));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const { width, height } = await sharp(res.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(size);
    }
    for (const [size, variant] of Object.entries(BANNER_VARIANTS)) {
      const res = await get(mediaUrl(banner.id, variant));
      expect(res.statusCode).toBe(200);
      const { width, height } = await sharp(res.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(size);
    }
    // A banner is not cut to cover squares, nor a cover to banners.
    expect((await get(mediaUrl(banner.id, COVER_VARIANTS['75x75']))).statusCode).toBe(404);
    expect((await get(mediaUrl(cover.id, BANNER_VARIANTS['1632x600']))).statusCode).toBe(404);
    const pack_ = await get(`/api/packs/${pack.id}`);
    expect(pack_.json().cover['250x250']).toBe(mediaUrl(cover.id, COVER_VARIANTS['250x250']));
  });

  it('is idempotent: a second run finds the derivatives, a second enqueue is ignored', async () => {
    const count = async () => (await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.derivedFromFileId, audio.id))).length;
    expect(await count()).toBe(2);
    const again = await deriveMediaForFile(t.ctx, audio.id);
    expect(again.created).toEqual([]);
    expect(again.existing.sort()).toEqual(Object.values(AUDIO_VARIANTS).sort());
    expect(await count()).toBe(2);
    expect(await t.ctx.jobs.enqueueMany('derive-media', [{ fileId: audio.id }])).toBe(0);
    expect(await t.ctx.jobs.drain()).toBe(0);
  });

  it("probes a stem without touching its item's duration", async () => {
    const stemWav = loop.stems[0]?.wav ?? renderLoop({ seed: 'stem', style: 'house', key: 'A minor', bpm: 120, bars: 1, layers: ['drums'] }).wav;
    const stem = await store(stemWav, 'House Loop drums.wav', 'audio/wav', { kind: 'Stem audio', itemId: item.id });
    const result = await deriveMediaForFile(t.ctx, stem.id);
    expect(result.created.sort()).toEqual(Object.values(AUDIO_VARIANTS).sort());
    expect(result.itemIds).toEqual([]);
    const [row] = await t.ctx.db.select().from(items).where(eq(items.id, item.id));
    expect(row!.durationMs).toBe(4000);
  });

  it('fails a job for good, on its first run, when the file is not audio, saying which file and why', async () => {
    const broken = await store(Buffer.from('this is a text file, not a WAV'.repeat(20)), 'Broken Kick.wav', 'audio/wav', { kind: 'Sample audio' });
    await t.ctx.jobs.enqueueMany('derive-media', [{ fileId: broken.id }]);
    expect(await t.ctx.jobs.drain()).toBe(1);
    const job = await jobOf(broken.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toContain(broken.id);
    expect(job.lastError).toContain('Broken Kick.wav');
    expect(job.lastError).toMatch(/not audio that can be read/);
    expect(await t.ctx.db.select().from(files).where(eq(files.derivedFromFileId, broken.id))).toEqual([]);
  });

  it('fails for good when an image is broken or the stored original is gone', async () => {
    const badImage = await store(Buffer.from('<svg nope'), 'cover.svg', 'image/svg+xml', { kind: 'Cover art' });
    const gone = await store(loop.wav, 'Gone.wav', 'audio/wav', { kind: 'Sample audio' });
    const [goneRow] = await t.ctx.db.select().from(files).where(eq(files.id, gone.id));
    await t.ctx.storage.delete(goneRow!.storageKey);
    await t.ctx.jobs.enqueueMany('derive-media', [{ fileId: badImage.id }, { fileId: gone.id }]);
    expect(await t.ctx.jobs.drain()).toBe(2);
    expect(await jobOf(badImage.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobOf(badImage.id)).lastError).toMatch(/not an image that can be read/);
    expect(await jobOf(gone.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobOf(gone.id)).lastError).toMatch(/stored original .* is missing/);
  });
});
