import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { describeObjectStorageContract } from './object-storage-contract.ts';
import { newStorageKey, ObjectTooLargeError } from './object-storage.ts';

describeObjectStorageContract('local disk', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'crate-local-storage-'));
  return { storage: createLocalStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

describe('local disk layout', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'crate-local-layout-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps the body at the key and its metadata in a JSON sidecar outside the key space', async () => {
    const storage = createLocalStorage(root);
    const key = newStorageKey();
    await storage.put(key, Buffer.from('snare'), { contentType: 'audio/wav', cacheControl: 'public, max-age=60' });
    expect(await readFile(path.join(root, key), 'utf8')).toBe('snare');
    const sidecar = JSON.parse(await readFile(path.join(root, '.meta', `${key}.json`), 'utf8'));
    expect(sidecar).toMatchObject({ size: 5, contentType: 'audio/wav', cacheControl: 'public, max-age=60', md5: createHash('md5').update('snare').digest('hex') });
  });

  it('describes objects written by an earlier process (nothing is held in memory)', async () => {
    const key = newStorageKey();
    await createLocalStorage(root).put(key, Buffer.from('hat'), { contentType: 'audio/aiff' });
    const later = createLocalStorage(root);
    expect(await later.head(key)).toMatchObject({ size: 3, contentType: 'audio/aiff' });
  });

  it('leaves no temporary files after successful and failed writes', async () => {
    const storage = createLocalStorage(root);
    await storage.put(newStorageKey(), Buffer.from('ok'), { contentType: 'text/plain' });
    await expect(storage.put(newStorageKey(), Readable.from([Buffer.alloc(10)]), { contentType: 'text/plain', maxBytes: 5 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('takes a finished local file without copying it: same bytes and MD5, and the object outlives the file\'s own name', async () => {
    // A store that has never had a put: nothing may rely on the directories put makes.
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'crate-local-putfile-'));
    const storage = createLocalStorage(path.join(fresh, 'files'));
    const upload = path.join(fresh, 'finished-upload.wav');
    const body = Buffer.from('RIFF....WAVE a finished upload');
    await writeFile(upload, body);
    const key = newStorageKey();
    const stored = await storage.putFile(key, upload, { contentType: 'audio/wav', maxBytes: 1000 });
    expect(stored).toMatchObject({ size: body.length, md5: createHash('md5').update(body).digest('hex'), contentType: 'audio/wav' });
    expect((await stat(path.join(fresh, 'files', key))).ino).toBe((await stat(upload)).ino);
    await rm(upload);
    const got = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    await rm(fresh, { recursive: true, force: true });
  });

  it('refuses a local file over maxBytes and stores nothing', async () => {
    const storage = createLocalStorage(root);
    const upload = path.join(root, 'too-big.bin');
    await writeFile(upload, Buffer.alloc(10));
    const key = newStorageKey();
    await expect(storage.putFile(key, upload, { contentType: 'application/octet-stream', maxBytes: 5 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.head(key)).toBeNull();
  });

  it('fans keys out into two levels of small directories', async () => {
    const key = newStorageKey();
    const [, a, b, id] = key.split('/');
    expect(id!.slice(0, 2)).toBe(a);
    expect(id!.slice(2, 4)).toBe(b);
    await createLocalStorage(root).put(key, Buffer.from('x'), { contentType: 'text/plain' });
    expect((await stat(path.join(root, 'files', a!, b!))).isDirectory()).toBe(true);
  });
});
