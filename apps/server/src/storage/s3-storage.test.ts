import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { describeObjectStorageContract } from './object-storage-contract.ts';
import { ObjectTooLargeError } from './object-storage.ts';
import { createS3Storage, type S3StorageConfig } from './s3-storage.ts';

/**
 * The same contract as the local disk, against real S3-compatible servers: always s3rver (an S3 server
 * written in Node, started here on a random port); also the store at S3_TEST_ENDPOINT when it is set
 * (MinIO, AWS, R2…; S3_TEST_BUCKET must exist; objects are written under `contract-test/` and deleted).
 */
describeObjectStorageContract('S3 API (s3rver)', async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'crate-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'crate-test', configs: [] }] });
  const { port } = await server.run();
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'crate-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

const external = process.env.S3_TEST_ENDPOINT;
if (external) {
  describeObjectStorageContract(`S3 API (${external})`, async () => {
    const config: S3StorageConfig = {
      endpoint: external,
      bucket: process.env.S3_TEST_BUCKET ?? 'crate-test',
      region: process.env.S3_TEST_REGION ?? 'us-east-1',
      forcePathStyle: (process.env.S3_TEST_FORCE_PATH_STYLE ?? 'true') === 'true',
      ...(process.env.S3_TEST_ACCESS_KEY_ID ? { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID } : {}),
      ...(process.env.S3_TEST_SECRET_ACCESS_KEY ? { secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY } : {}),
    };
    return { storage: createS3Storage(config), close: async () => undefined };
  });
}

describe('signed download URLs and copies inside the store (s3rver)', () => {
  let server: S3rver;
  let directory: string;
  let storage: ReturnType<typeof createS3Storage>;
  let s3rverConfig: S3StorageConfig;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'crate-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'crate-test', configs: [] }] });
    const { port } = await server.run();
    s3rverConfig = { endpoint: `http://127.0.0.1:${port}`, bucket: 'crate-test', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    storage = createS3Storage(s3rverConfig);
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('download the object as a named attachment straight from the store, until they expire', async () => {
    const bytes = Buffer.from('the original file people paid for');
    await storage.put('originals/signed-test.wav', bytes, { contentType: 'audio/wav' });
    const options = { expiresInSeconds: 60, contentDisposition: 'attachment; filename="Kick 01.wav"', contentType: 'application/octet-stream' };
    const url = await storage.signedDownloadUrl!('originals/signed-test.wav', options);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Kick 01.wav"');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // Once expired the URL is refused: the same URL signed 61 s ago, instead of waiting a minute. (s3rver
    // serves unsigned reads too, so that a bucket is private is the store's configuration, not something
    // this test can show.)
    const signedEarlier = createS3Storage(s3rverConfig, undefined, { now: () => new Date(Date.now() - 61_000) });
    expect((await fetch(await signedEarlier.signedDownloadUrl!('originals/signed-test.wav', options))).status).toBe(403);
    const signedJustNow = createS3Storage(s3rverConfig, undefined, { now: () => new Date(Date.now() - 50_000) });
    expect((await fetch(await signedJustNow.signedDownloadUrl!('originals/signed-test.wav', options))).status).toBe(200);
  });

  it('copies an object to a new key with the type, cache policy and MD5 given, refusing one over the size allowed', async () => {
    const bytes = Buffer.from('a finished upload, as tus left it');
    await storage.put('0123abcd', bytes, { contentType: 'application/octet-stream' });
    const md5 = createHash('md5').update(bytes).digest('hex');
    const copied = await storage.copy!('0123abcd', 'packs/01/23/copied', { contentType: 'audio/wav', cacheControl: 'private, max-age=60', md5 });
    expect(copied).toMatchObject({ key: 'packs/01/23/copied', size: bytes.length, contentType: 'audio/wav', md5, cacheControl: 'private, max-age=60' });
    expect(await storage.head('packs/01/23/copied')).toMatchObject({ size: bytes.length, md5 });
    const got = await storage.get('packs/01/23/copied');
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await expect(storage.copy!('0123abcd', 'packs/01/23/too-big', { contentType: 'audio/wav', maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.head('packs/01/23/too-big')).toBeNull();
  });
});
