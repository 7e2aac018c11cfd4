import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createObjectStorage } from './create-object-storage.ts';

describe('createObjectStorage from the environment', () => {
  let dir: string;
  let server: S3rver;
  let port: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crate-storage-config-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'crate-media', configs: [] }] });
    ({ port } = await server.run());
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uses local disk under DATA_DIR/files when no S3 bucket is configured', async () => {
    const storage = createObjectStorage(loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) } as NodeJS.ProcessEnv).storage);
    expect(storage).toMatchObject({ kind: 'local', bucket: 'local' });
    await storage.put('files/00/00/config-test', Buffer.from('disk'), { contentType: 'text/plain' });
    expect(await storage.head('files/00/00/config-test')).toMatchObject({ size: 4 });
  });

  it('talks to the S3-compatible store named by S3_ENDPOINT and S3_BUCKET', async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      AUTH_SECRET: 'x'.repeat(32),
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'crate-media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    } as NodeJS.ProcessEnv);
    const storage = createObjectStorage(config.storage);
    expect(storage).toMatchObject({ kind: 's3', bucket: 'crate-media' });
    await storage.put('files/00/00/config-test', Buffer.from('bucket'), { contentType: 'text/plain' });
    expect(await storage.head('files/00/00/config-test')).toMatchObject({ size: 6, contentType: 'text/plain' });
  });

  it('reports refused credentials as an error, never as a missing object', async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      AUTH_SECRET: 'x'.repeat(32),
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'crate-media',
      S3_ACCESS_KEY_ID: 'UNKNOWN-KEY',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    } as NodeJS.ProcessEnv);
    const storage = createObjectStorage(config.storage);
    await expect(storage.put('files/00/00/denied', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow();
    await expect(storage.head('files/00/00/config-test')).rejects.toThrow();
    await expect(storage.get('files/00/00/config-test')).rejects.toThrow();
  });
});
