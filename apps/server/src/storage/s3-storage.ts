import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { systemClock, type Clock } from '../clock.ts';
import { MeasuringStream, toReadable } from './measuring-stream.ts';
import {
  assertValidStorageKey,
  normaliseContentType,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type PutOptions,
  type SignedDownloadOptions,
  type StoredObject,
} from './object-storage.ts';

export interface S3StorageConfig {
  /** Unset → AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (`endpoint/bucket/key`) as most self-hosted S3-compatible stores expect. */
  forcePathStyle: boolean;
}

/** Parts of a streamed upload; the uploader holds at most QUEUE_SIZE of them in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;
/** Where we keep the MD5 we computed (S3 ETags are MD5s only for single-part, unencrypted uploads). */
const MD5_METADATA = 'content-md5-hex';

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** `bytes 0-9/100` → 100. */
function totalFromContentRange(contentRange: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, Ceph, …) through the official SDK. Bodies stream through
 * `@aws-sdk/lib-storage`'s Upload (a single PutObject when small, multipart when large or of unknown
 * length), measured on the way so size and MD5 are known without buffering the whole object.
 */
/** `clock`: the time signed URLs are signed at, and so expire from (a test signs in the past instead of waiting). */
export function createS3Storage(config: S3StorageConfig, client: S3Client = createS3Client(config), clock: Pick<Clock, 'now'> = systemClock): ObjectStorage {
  const Bucket = config.bucket;

  const head = async (key: string): Promise<StoredObject | null> => {
    assertValidStorageKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        key,
        size: out.ContentLength ?? 0,
        contentType: normaliseContentType(out.ContentType),
        etag: out.ETag ?? '""',
        lastModified: out.LastModified ?? new Date(0),
        md5: out.Metadata?.[MD5_METADATA] ?? null,
        cacheControl: out.CacheControl ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const store: ObjectStorage = {
    kind: 's3',
    bucket: Bucket,

    async signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string> {
      assertValidStorageKey(key);
      const command = new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: options.contentDisposition, ResponseContentType: options.contentType, ResponseCacheControl: 'private, no-store' });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds, signingDate: clock.now() });
    },

    async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject> {
      assertValidStorageKey(key);
      const measure = new MeasuringStream(options.maxBytes);
      const contentType = normaliseContentType(options.contentType);
      if (Buffer.isBuffer(body) && options.maxBytes !== undefined && body.length > options.maxBytes) {
        throw new ObjectTooLargeError(options.maxBytes);
      }
      // For a buffer the MD5 is known before the upload starts, so the store can keep it as metadata.
      const knownMd5 = Buffer.isBuffer(body) ? createHash('md5').update(body).digest('hex') : null;
      const upload = new Upload({
        client,
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
        params: {
          Bucket,
          Key: key,
          Body: measure,
          ContentType: contentType,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
          ...(knownMd5 ? { Metadata: { [MD5_METADATA]: knownMd5 } } : {}),
        },
      });
      const source = toReadable(body);
      const feeding = pipeline(source, measure).then(
        () => null,
        (error: unknown) => error as NodeJS.ErrnoException,
      );
      let uploadError: unknown = null;
      try {
        await upload.done();
      } catch (error) {
        uploadError = error;
        measure.destroy(error as Error);
        source.destroy();
      }
      const feedError = await feeding;
      // A failing source (or an oversized body) is the cause; the upload failing after it is the effect.
      if (feedError && feedError !== uploadError && feedError.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw feedError;
      if (uploadError || feedError) throw uploadError ?? feedError;
      const stored = await head(key);
      if (!stored || stored.size !== measure.bytesPassed) {
        throw new Error(`S3 stored ${stored?.size ?? 'nothing'} bytes for ${key}, expected ${measure.bytesPassed}`);
      }
      return { ...stored, md5: measure.md5 };
    },

    putFile(key: string, localPath: string, options: PutOptions): Promise<StoredObject> {
      return store.put(key, createReadStream(localPath), options);
    },

    async copy(fromKey: string, toKey: string, options: PutOptions & { md5?: string }): Promise<StoredObject> {
      assertValidStorageKey(toKey);
      const source = await head(fromKey);
      if (!source) throw new Error(`S3 has no object ${fromKey} to copy`);
      if (options.maxBytes !== undefined && source.size > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
      const md5 = options.md5 ?? source.md5;
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: toKey,
          // Keys are lowercase letters, digits, `._-/` (assertValidStorageKey): nothing to escape.
          CopySource: `${Bucket}/${fromKey}`,
          MetadataDirective: 'REPLACE',
          ContentType: normaliseContentType(options.contentType),
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
          ...(md5 ? { Metadata: { [MD5_METADATA]: md5 } } : {}),
        }),
      );
      const copied = await head(toKey);
      if (!copied || copied.size !== source.size) throw new Error(`S3 copied ${copied?.size ?? 'nothing'} bytes to ${toKey}, expected ${source.size}`);
      return { ...copied, md5 };
    },

    head,

    async get(key: string, range?: ByteRange) {
      assertValidStorageKey(key);
      if (range && (range.start < 0 || range.start > range.end)) throw new RangeNotSatisfiableError(range, Number.NaN);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        const size = range ? (totalFromContentRange(out.ContentRange) ?? out.ContentLength ?? 0) : (out.ContentLength ?? 0);
        const object: StoredObject = {
          key,
          size,
          contentType: normaliseContentType(out.ContentType),
          etag: out.ETag ?? '""',
          lastModified: out.LastModified ?? new Date(0),
          md5: out.Metadata?.[MD5_METADATA] ?? null,
          cacheControl: out.CacheControl ?? null,
        };
        return { body: out.Body as Readable, object };
      } catch (error) {
        if (isNotFound(error)) return null;
        if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 416 || error.name === 'InvalidRange')) {
          const current = await head(key);
          throw new RangeNotSatisfiableError(range!, current?.size ?? 0);
        }
        throw error;
      }
    },

    async delete(key: string) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
  return store;
}

function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client(s3ClientConfig(config));
}

/** How Crate talks to its S3 store; tus's S3 store (uploads in progress, docs/decisions/0067) talks to it the same way. */
export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores reject or mangle the SDK's
    // default aws-chunked trailing checksums. Integrity comes from our own MD5, measured while streaming.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (config.endpoint) options.endpoint = config.endpoint;
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  return options;
}
