import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { PACK_FILE_KINDS } from '@crate/contract/catalogue-enums';
import { MEDIA_INPUTS, NOT_MEDIA_RAW_BODIES, PACK_FILE_MEDIA, type MediaInput } from '@crate/contract/media-inputs';
import { classifyPackFile, classifyPackFiles } from '@crate/contract/pack-file-kind';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { AUDIO_MAX_SECONDS, formatDuration, IMAGE_MAX_PIXELS_LABEL } from '@crate/contract/studio-limits';
import type { UploadResult } from '@crate/contract/studio-packs';
import { files, packZipImports } from '../src/db/schema/index.ts';
import { mediaPool } from '../src/media/media-pool.ts';
import { freshAddress } from './auth-helpers.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { lowBitrateMp3, lyingMp3, pixelBombPng, silentFlac } from './media-fixtures.ts';
import { rawZip, toneWav, tusUpload } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * The classes of issue 26's findings 2 and 3 (docs/decisions/0031), generated from the contract's list of media
 * inputs: **no unbounded media work in the API's event loop** — a sound longer than its kind's limit is refused
 * from its header before anything decodes it, a sound whose header lies is decoded off the event loop and no
 * further than the limit, one decode per user — and **pixel limits before decoding** — an image bomb is refused
 * from its header. A media input added to MEDIA_INPUTS is tried here the moment it is declared.
 */
const ENDPOINTS = API as Record<string, Endpoint>;
const RAW_BODY_ENDPOINTS = Object.entries(ENDPOINTS).filter(([, e]) => e.rawBody).map(([name]) => name);
const LONGEST_LIMIT = Math.max(...Object.values(AUDIO_MAX_SECONDS));

describe(`media limits on ${TEST_DB}: no unbounded media work in the API's event loop, pixel limits before decoding`, () => {
  let t: TestApp;
  let dir: string;
  let creator: TestUser;
  let admin: TestUser;
  let creatorId: string;
  let sample: { slug: string };
  let preset: { slug: string };
  /** Longer than every sound's limit, small (silence compresses). */
  let overLongFlac: Buffer;
  /** 16000 × 16000: 256 megapixels. */
  let imageBomb: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'crate-media-limits-'));
    overLongFlac = silentFlac(dir, LONGEST_LIMIT + 60);
    imageBomb = pixelBombPng(16000, 16000);
    creator = await createUser(t.ctx, { roles: ['creator'] });
    admin = await createUser(t.ctx, { roles: ['admin'] });
    creatorId = (await createCreator(t.ctx, creator.id)).id;
    const pack = await createPack(t.ctx, creatorId);
    sample = (await createItems(t.ctx, pack, 1))[0]!;
    preset = (await createItems(t.ctx, pack, 1, { type: 'preset', kind: null, plugin: 'Serum' }))[0]!;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const demo = (user: TestUser, name: string, bytes: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/creator-application/demos?name=${encodeURIComponent(name)}`, payload: bytes, remoteAddress: freshAddress(), headers: { cookie: user.cookie, 'content-type': 'application/octet-stream' } });
  const storedFiles = async () => (await t.ctx.db.select({ id: files.id }).from(files)).length;
  const storedFilesOf = async (userId: string) => (await t.ctx.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, userId))).length;

  /** What a preset file starts with, so the zip's other entries pass their own checks. */
  const besideContent = (entry: string) => (entry.endsWith('.fxp') ? Buffer.concat([Buffer.from('CcnK'), Buffer.alloc(60)]) : toneWav());

  /** Sends `bytes` to a media input, the way a browser would. */
  async function send(input: MediaInput, bytes: Buffer): Promise<LightMyRequestResponse> {
    const { via } = input;
    if ('endpoint' in via) {
      const endpoint = ENDPOINTS[via.endpoint]!;
      const name = input.media === 'image' ? 'bomb.png' : 'long.flac';
      if (via.endpoint === 'uploadApplicationDemo') return demo(await createUser(t.ctx, { roles: ['subscriber'] }), name, bytes);
      if (via.endpoint === 'uploadAdminImage' || via.endpoint === 'uploadStudioImage') {
        const uploader = via.endpoint === 'uploadAdminImage' ? admin : creator;
        return t.app.inject({ method: 'POST', url: `${endpoint.path}?${new URLSearchParams({ ...via.query, name })}`, payload: bytes, remoteAddress: freshAddress(), headers: { cookie: uploader.cookie, 'content-type': 'image/png' } });
      }
      const slug = via.query?.role === 'preview' ? preset.slug : sample.slug;
      const query = new URLSearchParams({ ...via.query, name }).toString();
      return t.app.inject({ method: endpoint.method, url: `${endpoint.path.replace(':slug', slug)}?${query}`, payload: bytes, remoteAddress: freshAddress(), headers: { cookie: creator.cookie, 'content-type': 'application/octet-stream' } });
    }
    const pack = await createPack(t.ctx, creatorId, { status: PACK_STATUS.draft });
    if ('tus' in via) return tusUpload(t, creator.cookie, pack.id, via.tus, bytes);
    const zip = rawZip([{ name: via.zip, data: bytes }, ...(via.beside ?? []).map((name) => ({ name, data: besideContent(name) }))]);
    return tusUpload(t, creator.cookie, pack.id, 'Pack.zip', zip);
  }

  it('lists every media input: each raw-body endpoint and each decoded pack file kind', () => {
    const listed = new Set(MEDIA_INPUTS.flatMap(({ via }) => ('endpoint' in via ? [via.endpoint] : [])));
    expect(RAW_BODY_ENDPOINTS.filter((name) => !listed.has(name) && !NOT_MEDIA_RAW_BODIES.includes(name)), 'add these endpoints to MEDIA_INPUTS in packages/contract/src/media-inputs.ts').toEqual([]);
    const kindOf = (input: MediaInput) => {
      if ('tus' in input.via) return classifyPackFile(input.via.tus);
      if ('zip' in input.via) return classifyPackFiles([input.via.zip, ...(input.via.beside ?? [])])[0]!.kind;
      return null;
    };
    const reached = new Set(MEDIA_INPUTS.map(kindOf));
    const decoded = PACK_FILE_KINDS.filter((kind) => PACK_FILE_MEDIA[kind] !== null);
    expect(decoded.filter((kind) => !reached.has(kind)), 'give these pack file kinds an upload in MEDIA_INPUTS').toEqual([]);
    for (const input of MEDIA_INPUTS) {
      const kind = kindOf(input);
      if (kind) expect({ label: input.label, media: PACK_FILE_MEDIA[kind], limit: input.media === 'audio' ? kind : undefined }).toEqual({ label: input.label, media: input.media, limit: input.limit });
    }
  });

  describe.each(MEDIA_INPUTS.map((input) => [input.label, input] as const))('%s', (_label, input) => {
    it(input.media === 'audio' ? 'refuses a sound over its limit from its header, naming the limit, before anything decodes it' : 'refuses an image bomb from its header, naming the limit, before anything decodes it', async () => {
      const decodesBefore = mediaPool().counts.started;
      const filesBefore = await storedFiles();
      const started = performance.now();
      const res = await send(input, input.media === 'audio' ? overLongFlac : imageBomb);
      const elapsed = performance.now() - started;
      const at = `${res.statusCode} ${res.body.slice(0, 300)}`;
      const limit = input.media === 'audio' ? `at most ${formatDuration(AUDIO_MAX_SECONDS[input.limit!])}` : IMAGE_MAX_PIXELS_LABEL;
      if ('zip' in input.via) {
        // Inside a zip it is left out alone, in the same words, when the zip is unpacked (decision 0060); the files beside it are kept.
        expect(res.statusCode, at).toBe(200);
        await t.ctx.jobs.drain();
        const [unpacked] = await t.ctx.db.select().from(packZipImports).where(eq(packZipImports.id, (res.json() as UploadResult).zip_import!.id));
        expect(unpacked!.refused, at).toEqual([{ path: input.via.zip, reason: expect.stringContaining(limit) }]);
        expect(await storedFiles(), 'nothing of it is kept').toBe(filesBefore + (input.via.beside?.length ?? 0));
      } else {
        expect(res.statusCode, at).toBe(413);
        const { error } = res.json() as { error: { code: string; message: string; field?: string } };
        expect(error.code, at).toBe('PAYLOAD_TOO_LARGE');
        expect(error.field, at).toBe('file');
        expect(error.message, at).toContain(limit);
        expect(await storedFiles(), 'nothing of it is kept').toBe(filesBefore);
      }
      expect(mediaPool().counts.started, 'nothing was decoded').toBe(decodesBefore);
      expect(elapsed, 'answered at once').toBeLessThan(5000);
      expect((await t.app.inject({ url: '/api/health', remoteAddress: freshAddress() })).statusCode).toBe(200);
    });
  });

  it('refuses a 30-minute, 8 kb/s MP3 demo (1.8 MB) with a 413 that names its length and the limit, before any decode', async () => {
    const applicant = await createUser(t.ctx, { roles: ['subscriber'] });
    const decodesBefore = mediaPool().counts.started;
    const res = await demo(applicant, 'Beat Tape.mp3', lowBitrateMp3(dir, 1800));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', field: 'file', message: `"Beat Tape.mp3" is 30 min long; a demo is at most ${formatDuration(AUDIO_MAX_SECONDS.demo)}.`, requestId: expect.any(String) } });
    expect(mediaPool().counts.started).toBe(decodesBefore);
    expect(await storedFilesOf(applicant.id)).toBe(0);
  }, 60_000);

  it(
    'keeps answering signed-in /api/health while a 30-minute demo whose header lies is decoded, and decodes one sound of a user at a time',
    async () => {
      const applicant = await createUser(t.ctx, { roles: ['subscriber'] });
      const watcher = await createUser(t.ctx, { roles: ['subscriber'] });
      const liar = lyingMp3(dir, 1800);
      // Health is asked over a real connection, as a client would: a blocked event loop answers nothing.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const health = () =>
        new Promise<void>((resolve, reject) => {
          http
            .get(`${address}/api/health`, { agent, headers: { cookie: watcher.cookie } }, (res) => {
              res.resume();
              res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`health answered ${res.statusCode}`))));
            })
            .on('error', reject);
        });
      await health();

      // A steady visitor: a request every 5 ms (back to back, the test itself would take a core from the decode).
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

      const pool = mediaPool();
      const decodesBefore = pool.counts.started;
      let settled = false;
      const decoding = () => pool.counts.started > decodesBefore && !settled;
      const handled = demo(applicant, 'Beat Tape (30 min).mp3', liar).finally(() => {
        settled = true;
      });
      // Health answered from the moment the pool starts the decode until the demo's answer: a decode on the
      // event loop would leave none (the loop answers nothing while it decodes). How fast they come is
      // bench:studio's (decode latency), not a test's.
      let answeredWhileDecoding = 0;
      let second: LightMyRequestResponse | undefined;
      while (!settled) {
        const wasDecoding = decoding();
        await health();
        if (wasDecoding && decoding()) answeredWhileDecoding += 1;
        // While it is being decoded, the same user's next demo is refused at once: one decode per user.
        if (wasDecoding && !second) second = await demo(applicant, 'Another.wav', toneWav());
        await pause();
      }
      const res = await handled;
      agent.destroy();

      // Its header says a few minutes: it was decoded, in the pool, and stopped a second past the limit.
      expect(pool.counts.started).toBe(decodesBefore + 1);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', field: 'file', message: `"Beat Tape (30 min).mp3" is longer than ${formatDuration(AUDIO_MAX_SECONDS.demo)}; a demo is at most ${formatDuration(AUDIO_MAX_SECONDS.demo)}.`, requestId: expect.any(String) } });
      expect(second?.statusCode, second?.body).toBe(429);
      expect(second!.json().error.code).toBe('RATE_LIMITED');
      expect(await storedFilesOf(applicant.id)).toBe(0);
      console.info(`media limits: health answered ${answeredWhileDecoding} times while the 30-minute demo was decoded`);
      expect(answeredWhileDecoding, 'health answers that began and ended while the pool decoded').toBeGreaterThanOrEqual(5);
    },
    400_000,
  );
});
