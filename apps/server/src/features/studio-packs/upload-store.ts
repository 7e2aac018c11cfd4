/**
 * Where tus keeps uploads in progress, and how a finished one becomes a stored object (docs/decisions/0025, 0067).
 *
 * - Embedded default (files on the local disk): @tus/file-store in DATA_DIR/uploads; a finished upload is hard-linked
 *   into object storage (`putFile`), its bytes written once.
 * - S3 configured: @tus/s3-store, each upload an S3 multipart upload in the bucket the files go to (its parts and its
 *   `<id>.info` at the bucket's root, where no storage key lives), so any API process can take the next PATCH. The
 *   finished object is copied inside S3 to its storage key: its bytes never go back up through the API. The single
 *   files a pack takes are fetched once for their content checks (they are at most 200 MB and their MD5 is measured
 *   on the way); a zip is never fetched whole (pack-zip.ts reads it in ranges).
 *
 * The lock tus takes on an upload is the database's on PostgreSQL (upload-locker.ts), so every API process sees
 * it; PGlite lives inside one process, whose memory is enough.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, MemoryLocker, type DataStore, type KvStore, type Locker } from '@tus/server';
import type { AppContext } from '../../app-context.ts';
import type { PutOptions, StoredObject } from '../../storage/object-storage.ts';
import { s3ClientConfig } from '../../storage/s3-storage.ts';
import { createDatabaseUploadLocker } from './upload-locker.ts';
import { UPLOAD_EXPIRY_MS } from './upload-room.ts';

/** A finished upload's bytes, wherever tus kept them. */
export interface FinishedUploadBytes {
  /** Stores the upload as the object `key` without this process sending its bytes again (a hard link, or a copy inside S3). */
  storeAs(key: string, options: PutOptions): Promise<StoredObject>;
  /** A file on this machine holding the bytes, for the content checks: the upload itself, or a copy fetched once from S3. */
  localFile(): Promise<string>;
  /** Removes what `localFile` fetched (nothing on the local disk). */
  release(): Promise<void>;
}

export interface UploadStore {
  datastore: DataStore;
  locker: Locker;
  finished(uploadId: string): FinishedUploadBytes;
  /** Uploads abandoned past their expiry lose their bytes; answers how many. */
  deleteExpired(): Promise<number>;
}

/**
 * S3Store caches each upload's `.info` in memory for the process's life. Across processes that copy goes stale (an
 * upload finished or cancelled on another process still looks open here) and it never shrinks for uploads another
 * process finished, so nothing is cached: each request reads the small `.info` object again.
 */
const noCache: KvStore<MetadataValue> = { get: async () => undefined, set: async () => undefined, delete: async () => undefined };

function folderUploads(ctx: AppContext): UploadStore {
  const directory = path.join(ctx.config.dataDir, 'uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const file = (uploadId: string) => path.join(directory, uploadId);
  return {
    datastore,
    locker: lockerFor(ctx),
    finished: (uploadId) => ({
      storeAs: (key, options) => ctx.storage.putFile(key, file(uploadId), options),
      localFile: async () => file(uploadId),
      release: async () => undefined,
    }),
    async deleteExpired() {
      // The store creates its directory without waiting; a worker process that never served an upload may not have it yet.
      await mkdir(directory, { recursive: true });
      return datastore.deleteExpired();
    },
  };
}

/**
 * S3Store's `remove` aborts the multipart upload first and stops when there is none — a finished upload, or one
 * whose bytes are all in its small trailing `.part` — leaving the object, its `.info` and `.part` in the bucket.
 * Removing an upload here removes all three whatever state it is in.
 */
class WhollyRemovedS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] } });
  }
}

function s3Uploads(ctx: AppContext): UploadStore {
  const { storage } = ctx;
  const s3 = ctx.config.storage;
  if (s3.kind !== 's3' || !storage.copy) throw new Error('S3 uploads need S3 storage, which copies inside the bucket');
  const copy = storage.copy.bind(storage);
  const datastore = new WhollyRemovedS3Store({
    // 8 MiB parts, as the files' own S3 uploads; a PATCH of the browser's 16 MB is two parts.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Expiry is our sweep's (uploads-sweep-job.ts), not a bucket lifecycle rule reading tags.
    useTags: false,
    cache: noCache,
    s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
  });
  return {
    datastore,
    locker: lockerFor(ctx),
    finished(uploadId) {
      let fetched: { folder: string; file: string; md5: string } | null = null;
      return {
        storeAs: (key, options) => copy(uploadId, key, { ...options, ...(fetched ? { md5: fetched.md5 } : {}) }),
        async localFile() {
          if (fetched) return fetched.file;
          const got = await storage.get(uploadId);
          if (!got) throw new Error(`the finished upload ${uploadId} is not in S3`);
          const folder = await mkdtemp(path.join(os.tmpdir(), 'crate-upload-'));
          const file = path.join(folder, uploadId);
          const hash = createHash('md5');
          const measure = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              done(null, chunk);
            },
          });
          try {
            await pipeline(got.body, measure, createWriteStream(file));
          } catch (error) {
            await rm(folder, { recursive: true, force: true });
            throw error;
          }
          fetched = { folder, file, md5: hash.digest('hex') };
          return file;
        },
        async release() {
          if (fetched) await rm(fetched.folder, { recursive: true, force: true });
          fetched = null;
        },
      };
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}

function lockerFor(ctx: AppContext): Locker {
  return ctx.database.kind === 'postgres' ? createDatabaseUploadLocker(ctx.db, ctx.clock) : new MemoryLocker();
}

export function createUploadStore(ctx: AppContext): UploadStore {
  return ctx.config.storage.kind === 's3' ? s3Uploads(ctx) : folderUploads(ctx);
}
