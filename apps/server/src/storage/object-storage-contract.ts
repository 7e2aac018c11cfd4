import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, newStorageKey, ObjectTooLargeError, RangeNotSatisfiableError, type ObjectStorage } from './object-storage.ts';

/**
 * The behaviour every ObjectStorage adapter must have, run by the local-disk tests and, unchanged,
 * against a real S3-compatible server. Test-only: imported from `*.test.ts` files.
 */
export function describeObjectStorageContract(name: string, open: () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    let close: () => Promise<void>;
    const written: string[] = [];
    const key = () => {
      const k = newStorageKey('contract-test');
      written.push(k);
      return k;
    };

    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => {
      for (const k of written) await storage.delete(k);
      await close();
    });

    it('stores a buffer and describes it the same way on put and head', async () => {
      const k = key();
      const body = Buffer.from('RIFF....WAVEfmt kick drum');
      const before = Date.now();
      const put = await storage.put(k, body, { contentType: 'audio/wav', cacheControl: 'private, max-age=0' });
      expect(put).toMatchObject({ key: k, size: body.length, contentType: 'audio/wav', md5: md5(body), cacheControl: 'private, max-age=0' });
      expect(put.etag).toMatch(/^"[^"]+"$/);
      expect(put.lastModified.getTime()).toBeGreaterThan(before - 5_000);
      const head = await storage.head(k);
      expect(head).toMatchObject({ key: k, size: body.length, contentType: 'audio/wav', etag: put.etag, cacheControl: 'private, max-age=0' });
      expect(head!.lastModified.getTime()).toBe(put.lastModified.getTime());
      expect(await readAll(k)).toEqual(body);
    });

    it('streams a large body of unknown length through, measuring size and MD5 on the way', async () => {
      const k = key();
      // Larger than one S3 multipart part (8 MiB), in uneven chunks.
      const chunks = Array.from({ length: 170 }, (_, i) => Buffer.alloc(65_537 + i, i % 251));
      const whole = Buffer.concat(chunks);
      const put = await storage.put(k, Readable.from(chunks), { contentType: 'audio/flac' });
      expect(put.size).toBe(whole.length);
      expect(put.md5).toBe(md5(whole));
      expect((await storage.head(k))!.size).toBe(whole.length);
      expect(md5(await readAll(k))).toBe(md5(whole));
    });

    it('stores a finished local file as the object, with its size and MD5, and leaves the file in place', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'crate-contract-putfile-'));
      try {
        const file = path.join(dir, 'finished-upload.wav');
        const body = Buffer.from('RIFF....WAVE a finished upload, stored as it is');
        await writeFile(file, body);
        const k = key();
        const put = await storage.putFile(k, file, { contentType: 'audio/wav' });
        expect(put).toMatchObject({ key: k, size: body.length, md5: md5(body), contentType: 'audio/wav' });
        expect((await readFile(file)).equals(body)).toBe(true);
        const got = await storage.get(k);
        const chunks: Buffer[] = [];
        for await (const chunk of got!.body) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(body)).toBe(true);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('stores an empty object', async () => {
      const k = key();
      const put = await storage.put(k, Buffer.alloc(0), { contentType: 'text/plain' });
      expect(put).toMatchObject({ size: 0, md5: 'd41d8cd98f00b204e9800998ecf8427e' });
      expect(await readAll(k)).toEqual(Buffer.alloc(0));
    });

    it('refuses a content type that is not one, storing application/octet-stream instead', async () => {
      const k = key();
      const put = await storage.put(k, Buffer.from('x'), { contentType: 'text/html\r\nX-Evil: 1' });
      expect(put.contentType).toBe('application/octet-stream');
      expect((await storage.head(k))!.contentType).toBe('application/octet-stream');
    });

    it('reads byte ranges, reporting the whole object size', async () => {
      const k = key();
      const body = Buffer.from('0123456789abcdefghij');
      await storage.put(k, body, { contentType: 'application/octet-stream' });
      const middle = await storage.get(k, { start: 3, end: 7 });
      expect((await collect(middle!.body)).toString()).toBe('34567');
      expect(middle!.object.size).toBe(20);
      const tail = await storage.get(k, { start: 15, end: 1_000 });
      expect((await collect(tail!.body)).toString()).toBe('fghij');
      const last = await storage.get(k, { start: 19, end: 19 });
      expect((await collect(last!.body)).toString()).toBe('j');
    });

    it('refuses a range that starts past the end', async () => {
      const k = key();
      await storage.put(k, Buffer.from('short'), { contentType: 'text/plain' });
      await expect(storage.get(k, { start: 5, end: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(storage.get(k, { start: 4, end: 2 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('answers null for a missing object and deletes idempotently', async () => {
      const k = key();
      expect(await storage.head(k)).toBeNull();
      expect(await storage.get(k)).toBeNull();
      expect(await storage.get(k, { start: 0, end: 10 })).toBeNull();
      await storage.put(k, Buffer.from('gone soon'), { contentType: 'text/plain' });
      await storage.delete(k);
      expect(await storage.head(k)).toBeNull();
      expect(await storage.get(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it('replaces an object written again under the same key', async () => {
      const k = key();
      await storage.put(k, Buffer.from('first'), { contentType: 'text/plain' });
      const second = await storage.put(k, Buffer.from('second!'), { contentType: 'audio/wav' });
      expect(await storage.head(k)).toMatchObject({ size: 7, contentType: 'audio/wav', etag: second.etag });
      expect((await readAll(k)).toString()).toBe('second!');
    });

    it('shows nothing under the key until the whole body is written', async () => {
      const k = key();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      async function* slowBody() {
        yield Buffer.from('first half, ');
        await gate;
        yield Buffer.from('second half');
      }
      const putting = storage.put(k, Readable.from(slowBody()), { contentType: 'text/plain' });
      await sleep(100);
      expect(await storage.head(k)).toBeNull();
      release();
      await putting;
      expect((await readAll(k)).toString()).toBe('first half, second half');
    });

    it('refuses a body over maxBytes and leaves nothing behind', async () => {
      const k = key();
      const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1_000, 1));
      await expect(storage.put(k, Readable.from(chunks), { contentType: 'audio/wav', maxBytes: 5_000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await storage.head(k)).toBeNull();
      await expect(storage.put(k, Buffer.alloc(5_001), { contentType: 'audio/wav', maxBytes: 5_000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await storage.head(k)).toBeNull();
      const exact = await storage.put(k, Buffer.alloc(5_000), { contentType: 'audio/wav', maxBytes: 5_000 });
      expect(exact.size).toBe(5_000);
    });

    it('leaves nothing behind when the source stream fails', async () => {
      const k = key();
      async function* broken() {
        yield Buffer.from('some bytes');
        throw new Error('client went away');
      }
      await expect(storage.put(k, Readable.from(broken()), { contentType: 'audio/wav' })).rejects.toThrow('client went away');
      expect(await storage.head(k)).toBeNull();
    });

    it.each([
      ['../../etc/passwd'],
      ['/etc/passwd'],
      ['files/../../outside'],
      ['files/./x'],
      ['files//x'],
      ['files/x/'],
      ['.meta/files/x.json'],
      ['.tmp/anything'],
      ['files/.hidden'],
      ['files\\..\\x'],
      ['Files/Upper'],
      ['files/with space'],
      ['files/%2e%2e/x'],
      ['files/naïve'],
      ['files/x\u0000y'],
      [''],
      ['a'.repeat(513)],
    ])('refuses the key %j for every operation', async (bad) => {
      await expect(storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.head(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });

    async function readAll(k: string): Promise<Buffer> {
      const got = await storage.get(k);
      expect(got).not.toBeNull();
      return collect(got!.body);
    }
  });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
