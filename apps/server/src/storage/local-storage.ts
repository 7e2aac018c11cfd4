import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { link, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { MeasuringStream, toReadable } from './measuring-stream.ts';
import {
  assertValidStorageKey,
  normaliseContentType,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
  ObjectTooLargeError,
} from './object-storage.ts';

/** Reads in 1 MiB pieces (not fs's 64 KiB): a download or a pack's zip moves each piece through fewer stream hops and socket writes. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** What the sidecar JSON beside each object holds. */
const sidecarSchema = z.object({
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  cacheControl: z.string().nullable(),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  lastModified: z.iso.datetime(),
});
type Sidecar = z.infer<typeof sidecarSchema>;

/**
 * Objects as plain files under `root`, laid out by key. Beside them, under `root/.meta`, one JSON sidecar
 * per object with its content type, cache control, size and MD5; bodies and sidecars are first written
 * under `root/.tmp` and renamed into place, so a reader never sees a half-written object. The sidecar is
 * renamed last and removed first: an object exists exactly while its sidecar does. Keys can never start
 * with a dot (see isValidStorageKey), so no key reaches `.meta` or `.tmp`.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');
  const metaDir = path.join(base, '.meta');

  const locate = (key: string) => {
    assertValidStorageKey(key);
    const data = path.join(base, ...key.split('/'));
    // Belt and braces over the key pattern: the resolved path must stay under the root.
    if (!data.startsWith(base + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return { data, meta: path.join(metaDir, ...key.split('/')) + '.json' };
  };

  const readSidecar = async (file: string): Promise<Sidecar | null> => {
    try {
      return sidecarSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  const toStoredObject = (key: string, sidecar: Sidecar): StoredObject => ({
    key,
    size: sidecar.size,
    contentType: sidecar.contentType,
    etag: `"${sidecar.md5}"`,
    lastModified: new Date(sidecar.lastModified),
    md5: sidecar.md5,
    cacheControl: sidecar.cacheControl,
  });

  const head = async (key: string): Promise<StoredObject | null> => {
    const sidecar = await readSidecar(locate(key).meta);
    return sidecar ? toStoredObject(key, sidecar) : null;
  };

  const writeSidecar = async (key: string, meta: string, size: number, md5: string, options: PutOptions): Promise<StoredObject> => {
    const sidecar: Sidecar = { size, contentType: normaliseContentType(options.contentType), cacheControl: options.cacheControl ?? null, md5, lastModified: new Date().toISOString() };
    await writeAtomically(meta, JSON.stringify(sidecar));
    return toStoredObject(key, sidecar);
  };

  /** Writes a small file atomically: temp file, fsync, rename. */
  const writeAtomically = async (target: string, content: string) => {
    const temp = path.join(tmpDir, `${randomUUID()}.json`);
    await mkdir(tmpDir, { recursive: true });
    await writeFile(temp, content, { flush: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  };

  const store: ObjectStorage = {
    kind: 'local',
    bucket: 'local',

    async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject> {
      const { data, meta } = locate(key);
      await mkdir(tmpDir, { recursive: true });
      const temp = path.join(tmpDir, randomUUID());
      const measure = new MeasuringStream(options.maxBytes);
      const writer = createWriteStream(temp, { flush: true });
      try {
        await pipeline(toReadable(body), measure, writer);
        await mkdir(path.dirname(data), { recursive: true });
        await rename(temp, data);
      } catch (error) {
        // The writer may still be opening the temp file; remove it only once the writer has let go.
        if (!writer.closed) await once(writer, 'close').catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      return writeSidecar(key, meta, measure.bytesPassed, measure.md5, options);
    },

    /**
     * A finished upload becomes the object without its bytes being copied: flushed to disk (as put's are),
     * hashed by one read, then hard-linked into place — the caller may remove its own name for the file.
     * The file must not be written again (a finished tus upload is not). On another filesystem (EXDEV) or
     * where links are refused, it is copied as put would.
     */
    async putFile(key: string, localPath: string, options: PutOptions): Promise<StoredObject> {
      const { data, meta } = locate(key);
      const { size } = await stat(localPath);
      if (options.maxBytes !== undefined && size > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
      const handle = await open(localPath, 'r');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
      const hash = createHash('md5');
      let bytes = 0;
      for await (const chunk of createReadStream(localPath)) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
      }
      await mkdir(path.dirname(data), { recursive: true });
      try {
        await link(localPath, data);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
        return store.put(key, createReadStream(localPath), options);
      }
      return writeSidecar(key, meta, bytes, hash.digest('hex'), options);
    },

    head,

    async get(key: string, range?: ByteRange) {
      const { data } = locate(key);
      // Open before reading the sidecar so a concurrent delete cannot leave us with metadata but no body.
      let handle;
      try {
        handle = await open(data, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const object = await head(key);
        if (!object) {
          await handle.close();
          return null;
        }
        if (range && (range.start < 0 || range.start > range.end || range.start >= object.size)) {
          throw new RangeNotSatisfiableError(range, object.size);
        }
        const body = handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: Math.min(range.end, object.size - 1) } : {}) });
        return { body, object };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key: string) {
      const { data, meta } = locate(key);
      await rm(meta, { force: true });
      await rm(data, { force: true });
    },
  };
  return store;
}
