import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { files } from '../src/db/schema/index.ts';
import { presentStorageMetadata } from '../src/files/file-metadata-presenter.ts';
import { createFileFromUpload, findFileById, type FileRecord } from '../src/files/file-repository.ts';
import { sendStoredObject } from '../src/files/send-stored-object.ts';
import { CACHE_IMMUTABLE, CACHE_PRIVATE } from '../src/http/cache-headers.ts';
import { ObjectTooLargeError } from '../src/storage/object-storage.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';
import { createUser } from './factories.ts';

const md5 = (data: Buffer, encoding: 'hex' | 'base64' = 'hex') => createHash('md5').update(data).digest(encoding);

/** A fake but plausible WAV: 'RIFF' header and 2000 bytes of varying samples. */
const AUDIO = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), Buffer.from(Array.from({ length: 2_000 }, (_, i) => (i * 7) % 256))]);

describe(`files: records, metadata and serving on ${TEST_DB}`, () => {
  let t: TestApp;
  /** The real app plus two routes that serve files through the helper, as later feature routes will. */
  let app: FastifyInstance;
  let audio: FileRecord;

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp(t.ctx);
    app.get<{ Params: { id: string } }>('/test/files/:id/preview', async (request, reply) => {
      const file = await findFileById(t.ctx.db, request.params.id);
      if (!file) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'File was not found' } });
      return sendStoredObject(request, reply, t.ctx.storage, { key: file.storageKey, cacheControl: CACHE_IMMUTABLE, contentType: file.contentType });
    });
    app.get<{ Params: { id: string } }>('/test/files/:id/download', async (request, reply) => {
      const file = await findFileById(t.ctx.db, request.params.id);
      if (!file) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'File was not found' } });
      return sendStoredObject(request, reply, t.ctx.storage, { key: file.storageKey, cacheControl: CACHE_PRIVATE, downloadName: file.originalName });
    });
    await app.ready();
    const owner = await createUser(t.ctx);
    audio = await createFileFromUpload(t.ctx, {
      body: Readable.from([AUDIO.subarray(0, 700), AUDIO.subarray(700)]),
      originalName: 'naïve kick.wav',
      contentType: 'audio/wav',
      ownerUserId: owner.id,
      kind: 'Sample audio',
      customMetadata: { bpm: '120' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await t.close();
  });

  describe('records', () => {
    it('stores an upload under a generated key and records size, MD5, type and the original name', async () => {
      expect(audio.storageKey).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(audio.storageKey).not.toContain('kick');
      expect(audio).toMatchObject({ originalName: 'naïve kick.wav', contentType: 'audio/wav', size: AUDIO.length, md5: md5(AUDIO), kind: 'Sample audio' });
      expect(await t.ctx.storage.head(audio.storageKey)).toMatchObject({ size: AUDIO.length, contentType: 'audio/wav' });
      expect(await findFileById(t.ctx.db, audio.id)).toEqual(audio);
    });

    it('keeps a hostile original name as harmless metadata', async () => {
      const file = await createFileFromUpload(t.ctx, { body: Buffer.from('x'), originalName: '../../etc/passwd\u0000\r\n', contentType: 'text/html\r\nX: y' });
      expect(file.originalName).toBe('../../etc/passwd');
      expect(file.contentType).toBe('application/octet-stream');
      expect(file.storageKey.startsWith('files/')).toBe(true);
    });

    it('records nothing and stores nothing when the upload is too large', async () => {
      const before = await t.ctx.db.select().from(files);
      await expect(
        createFileFromUpload(t.ctx, { body: Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), originalName: 'big.wav', contentType: 'audio/wav', maxBytes: 1_000 }),
      ).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await t.ctx.db.select().from(files)).toHaveLength(before.length);
    });

    it('removes the stored object again when the record cannot be written', async () => {
      let storedKey = '';
      const storage = {
        ...t.ctx.storage,
        put: async (...args: Parameters<typeof t.ctx.storage.put>) => {
          storedKey = args[0];
          return t.ctx.storage.put(...args);
        },
      };
      // An owner that does not exist violates the foreign key.
      await expect(createFileFromUpload({ db: t.ctx.db, storage }, { body: Buffer.from('orphan'), originalName: 'o.wav', ownerUserId: 'no-such-user' })).rejects.toThrow();
      expect(storedKey).not.toBe('');
      expect(await t.ctx.storage.head(storedKey)).toBeNull();
    });

    it('answers null for unknown and malformed ids', async () => {
      expect(await findFileById(t.ctx.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
      expect(await findFileById(t.ctx.db, "1' or '1'='1")).toBeNull();
    });

    it('presents the docs/product-overview.md §3 storage metadata', () => {
      expect(presentStorageMetadata(audio, t.ctx.storage.bucket)).toEqual({
        bucket: 'local',
        generation: '1',
        metageneration: '1',
        fullPath: audio.storageKey,
        name: audio.storageKey.split('/').pop(),
        size: AUDIO.length,
        timeCreated: audio.createdAt.toISOString(),
        updated: audio.updatedAt.toISOString(),
        md5Hash: md5(AUDIO, 'base64'),
        cacheControl: null,
        contentDisposition: `attachment; filename="naive kick.wav"; filename*=UTF-8''na%C3%AFve%20kick.wav`,
        contentEncoding: null,
        contentLanguage: null,
        contentType: 'audio/wav',
        customMetadata: { bpm: '120' },
      });
    });
  });

  describe('serving', () => {
    const download = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      app.inject({ method, url: `/test/files/${audio.id}/download`, headers });
    const preview = (headers: Record<string, string> = {}) => app.inject({ url: `/test/files/${audio.id}/preview`, headers });

    it('sends a download whole, with its length, validators, private caching and a sanitised file name', async () => {
      const res = await download();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(AUDIO);
      expect(res.headers).toMatchObject({
        'content-type': 'audio/wav',
        'content-length': String(AUDIO.length),
        'accept-ranges': 'bytes',
        etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
        'last-modified': expect.any(String),
        'cache-control': 'private, no-cache',
        'content-disposition': `attachment; filename="naive kick.wav"; filename*=UTF-8''na%C3%AFve%20kick.wav`,
        'x-content-type-options': 'nosniff',
      });
    });

    it('sends a preview inline with immutable caching', async () => {
      const res = await preview();
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['content-type']).toBe('audio/wav');
    });

    it('answers 304 when the client already has this version', async () => {
      const { etag, 'last-modified': lastModified } = (await download()).headers as { etag: string; 'last-modified': string };
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await download({ 'if-none-match': ifNoneMatch });
        expect(res.statusCode).toBe(304);
        expect(res.rawPayload).toHaveLength(0);
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
      expect((await download({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
      expect((await download({ 'if-modified-since': lastModified })).statusCode).toBe(304);
      expect((await download({ 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).statusCode).toBe(200);
    });

    it('sends one byte range as 206 with Content-Range', async () => {
      const res = await download({ range: 'bytes=0-99' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-99/${AUDIO.length}`);
      expect(res.headers['content-length']).toBe('100');
      expect(res.rawPayload).toEqual(AUDIO.subarray(0, 100));

      const tail = await download({ range: 'bytes=-12' });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${AUDIO.length - 12}-${AUDIO.length - 1}/${AUDIO.length}`);
      expect(tail.rawPayload).toEqual(AUDIO.subarray(-12));

      const open = await download({ range: 'bytes=2000-' });
      expect(open.rawPayload).toEqual(AUDIO.subarray(2000));
    });

    it('answers 416 with the size for a range past the end', async () => {
      const res = await download({ range: `bytes=${AUDIO.length}-` });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${AUDIO.length}`);
      expect(res.json()).toEqual({ error: { code: 'RANGE_NOT_SATISFIABLE', message: expect.any(String), requestId: expect.any(String) } });
    });

    it('sends the whole file for several ranges or a stale If-Range', async () => {
      const several = await download({ range: 'bytes=0-9,20-29' });
      expect(several.statusCode).toBe(200);
      expect(several.rawPayload).toEqual(AUDIO);
      const { etag } = (await download()).headers as { etag: string };
      const stale = await download({ range: 'bytes=0-9', 'if-range': '"an-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload).toEqual(AUDIO);
      const current = await download({ range: 'bytes=0-9', 'if-range': etag });
      expect(current.statusCode).toBe(206);
      expect(current.rawPayload).toEqual(AUDIO.subarray(0, 10));
    });

    it('answers HEAD with the same headers and no body', async () => {
      const res = await download({}, 'HEAD');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(AUDIO.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload).toHaveLength(0);
      const ranged = await download({ range: 'bytes=10-19' }, 'HEAD');
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-length']).toBe('10');
    });

    it('never serves an uploaded page or script as something a browser would run', async () => {
      const page = await createFileFromUpload(t.ctx, { body: Buffer.from('<script>alert(1)</script>'), originalName: 'innocent.wav', contentType: 'text/html' });
      for (const url of [`/test/files/${page.id}/preview`, `/test/files/${page.id}/download`]) {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/octet-stream');
        expect(res.headers['content-disposition']).toMatch(/^attachment;/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers a JSON 404 when the stored object is gone', async () => {
      const gone = await createFileFromUpload(t.ctx, { body: Buffer.from('soon gone'), originalName: 'gone.wav', contentType: 'audio/wav' });
      await t.ctx.storage.delete(gone.storageKey);
      const res = await app.inject(`/test/files/${gone.id}/download`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'File was not found', requestId: expect.any(String) } });
      expect(res.headers['content-disposition']).toBeUndefined();
    });
  });
});
