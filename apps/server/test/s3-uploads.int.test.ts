import { createHash } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StudioPack, UploadResult } from '@crate/contract/studio-packs';
import { files, uploadReservations } from '../src/db/schema/index.ts';
import { call } from './auth-helpers.ts';
import { createCreator } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts';
import { rawZip, toneWav, tusCreate, tusDelete, tusHead, tusPatch, tusUpload } from './studio-upload-helpers.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * With S3 configured, tus keeps uploads in progress as S3 multipart uploads in the files' bucket (decision 0067): a
 * finished one is copied inside S3 to its file's key and its upload objects are gone; a zip is kept in the bucket for
 * its job, which reads it from there; the checks, the room and the refusals of decisions 0025, 0032 hold as on disk.
 */
describe(`uploads kept in S3 on ${TEST_DB}`, () => {
  let t: TestApp;
  let s3: S3StandIn;
  let client: S3Client;
  let owner: TestUser;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await createTestApp({ storage: { kind: 's3', endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true } });
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    owner = await createUser(t.ctx, { roles: ['creator'] });
    await createCreator(t.ctx, owner.id, { name: 'Cloud Tapes' });
  });
  afterAll(async () => {
    client.destroy();
    await t.close();
    await s3.close();
  });

  const newPack = async (title: string) => {
    const res = await call(t, 'POST', '/api/studio/packs', { title, genres: ['trap'] }, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as StudioPack;
  };
  const openPack = async (id: string) => (await call(t, 'GET', `/api/studio/packs/${id}`, undefined, { cookie: owner.cookie })).json() as StudioPack;
  const bucketKeys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!);
  const storedBytes = async (key: string) => {
    const got = await t.ctx.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('takes a sound in two PATCHes, resumed from the offset S3 holds, and keeps it at its own key with its MD5', async () => {
    const pack = await newPack('Cloud Kit');
    // Larger than S3's 5 MiB smallest part, so the first PATCH leaves a real part and the second finishes it.
    const bytes = toneWav(330, 90);
    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Long Pad.wav' }, bytes.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const uploadId = location.split('/').pop()!;
    const first = 6 * 1024 * 1024;
    expect((await tusPatch(t, owner.cookie, location, 0, bytes.subarray(0, first))).statusCode).toBe(204);
    const head = await tusHead(t, owner.cookie, location);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(first);
    const finished = await tusPatch(t, owner.cookie, location, first, bytes.subarray(first));
    expect(finished.statusCode, finished.body).toBe(200);

    const [file] = (await openPack(pack.id)).files;
    expect(file).toMatchObject({ path: 'Long Pad.wav', size: bytes.length });
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, file!.id));
    expect(row!.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect((await storedBytes(row!.storageKey)).equals(bytes)).toBe(true);
    // The upload's own objects are gone from the bucket, and so is its reservation.
    expect((await bucketKeys()).filter((key) => key.startsWith(uploadId))).toEqual([]);
    expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.uploadId, uploadId))).toEqual([]);
  });

  it('unpacks a zip its job reads from the bucket, then lets the kept zip go', async () => {
    const pack = await newPack('Cloud Zip');
    const zip = rawZip([
      { name: 'Zipped/Kicks/Kick 01.wav', data: toneWav(60, 0.3) },
      { name: 'Zipped/Kicks/Kick 02.wav', data: toneWav(70, 0.3), deflate: true },
      { name: 'Zipped/readme.txt', data: Buffer.from('thanks') },
    ]);
    const res = await tusUpload(t, owner.cookie, pack.id, 'Zipped.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    const importId = (res.json() as UploadResult).zip_import!.id;
    expect(await t.ctx.storage.head(`zip-imports/${importId}`)).toMatchObject({ size: zip.length });
    await t.ctx.jobs.drain();
    const after = await openPack(pack.id);
    expect(after.files.map((f) => f.path).sort()).toEqual(['Zipped/Kicks/Kick 01.wav', 'Zipped/Kicks/Kick 02.wav']);
    expect(after.zip_imports).toEqual([expect.objectContaining({ state: 'done', imported: 2, refused: [{ path: 'Zipped/readme.txt', reason: 'not a sound, preset, MIDI file or image' }] })]);
    expect(await t.ctx.storage.head(`zip-imports/${importId}`)).toBeNull();
  });

  it('refuses by content, by room and by size as on disk, and a cancelled upload leaves nothing in the bucket', async () => {
    const pack = await newPack('Cloud Refusals');
    const before = await bucketKeys();
    const text = await tusUpload(t, owner.cookie, pack.id, 'notes.wav', Buffer.from('not audio at all\n'.repeat(40)));
    expect(text.statusCode, text.body).toBe(415);
    expect(text.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: '"notes.wav" is text, not audio: upload a WAV, AIFF or FLAC file.' } });
    const tooBig = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Huge.wav' }, 300 * 1024 * 1024);
    expect(tooBig.statusCode).toBe(413);

    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Half.wav' }, 1000);
    const location = created.headers.location as string;
    expect((await tusPatch(t, owner.cookie, location, 0, toneWav(100, 0.001).subarray(0, 100))).statusCode).toBe(204);
    expect((await tusDelete(t, owner.cookie, location)).statusCode).toBe(204);
    expect((await tusHead(t, owner.cookie, location)).statusCode).toBe(404);

    expect((await openPack(pack.id)).files).toEqual([]);
    expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.packId, pack.id))).toEqual([]);
    expect((await bucketKeys()).sort()).toEqual(before.sort());
  });

  it('sweeps an upload abandoned for a week out of the bucket and gives its room back', async () => {
    const pack = await newPack('Cloud Abandoned');
    const created = await tusCreate(t, owner.cookie, { packId: pack.id, relativePath: 'Left Behind.wav' }, 1000);
    const location = created.headers.location as string;
    const uploadId = location.split('/').pop()!;
    expect((await tusPatch(t, owner.cookie, location, 0, toneWav(100, 0.001).subarray(0, 100))).statusCode).toBe(204);
    expect((await bucketKeys()).filter((key) => key.startsWith(uploadId)).sort()).toEqual([`${uploadId}.info`, `${uploadId}.part`]);
    // Begun eight days ago (S3's record of the multipart upload, and the reservation's expiry, as test data).
    await s3.backdateUploads(8 * 24 * 3600 * 1000);
    await t.ctx.db.update(uploadReservations).set({ expiresAt: new Date(Date.now() - 24 * 3600 * 1000) }).where(eq(uploadReservations.uploadId, uploadId));
    await t.ctx.jobs.enqueue('uploads-sweep', { slot: new Date().toISOString() });
    await t.ctx.jobs.drain();
    expect((await bucketKeys()).filter((key) => key.startsWith(uploadId))).toEqual([]);
    expect(await t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.uploadId, uploadId))).toEqual([]);
    expect((await tusHead(t, owner.cookie, location)).statusCode).toBe(404);
  });
});
