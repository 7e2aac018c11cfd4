import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage, PutOptions, StoredObject } from './object-storage.ts';

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,254}$/;

/** Objects as files under one directory; the content type sits in a sidecar `.meta` name-free record. */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const describe = async (key: string): Promise<StoredObject | null> => {
    try {
      const info = await stat(fileOf(key));
      return {
        size: info.size,
        contentType: contentTypes.get(key) ?? (await readContentType(fileOf(key))),
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const contentTypes = new Map<string, string>();

  return {
    kind: 'local',
    async put(key, body, options: PutOptions) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.part`;
      const hash = createHash('md5');
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      source.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(source, createWriteStream(temp));
      await rename(temp, target);
      await writeContentType(target, options.contentType);
      contentTypes.set(key, options.contentType);
      const described = await describe(key);
      return described!;
    },
    head: describe,
    async get(key, range) {
      const object = await describe(key);
      if (!object) return null;
      const body = createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
      return { body, object };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
      await rm(`${fileOf(key)}.type`, { force: true });
      contentTypes.delete(key);
    },
  };
}

async function writeContentType(file: string, contentType: string): Promise<void> {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(`${file}.type`, contentType);
}

async function readContentType(file: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  try {
    return (await readFile(`${file}.type`, 'utf8')).trim();
  } catch {
    return 'application/octet-stream';
  }
}
