import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Metadata written with an object; user file names never become keys (they live in the `files` table). */
export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  /** Refuse (and leave nothing behind) when the body grows past this many bytes. */
  maxBytes?: number;
}

/** What both adapters report about a stored object. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  /** Quoted entity tag as sent in an HTTP `ETag` header (strong). */
  etag: string;
  lastModified: Date;
  /** Lowercase hex MD5 of the content where the store knows it; `put` always returns it (computed while streaming). */
  md5: string | null;
  cacheControl: string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive; clamped to the last byte. */
  end: number;
}

/**
 * Object storage: local disk under DATA_DIR/files by default, any S3-compatible store when S3_BUCKET is set.
 * Keys are generated ids (see newStorageKey); callers keep the original file name as metadata.
 */
export interface ObjectStorage {
  kind: 'local' | 's3';
  /** The S3 bucket, or `local` for the disk store (reported as docs/product-overview.md §3 `bucket`). */
  bucket: string;
  /** Streams the body into the store; the object becomes visible only once completely written. */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject>;
  /**
   * Stores a finished file on this machine as the object, leaving the file where it is (it must not be
   * written again). The local disk takes it without copying (a hard link on the same filesystem); S3 streams it.
   */
  putFile(key: string, localPath: string, options: PutOptions): Promise<StoredObject>;
  /**
   * Copies an object inside the store, its bytes never passing through this process (S3's CopyObject, up to 5 GB),
   * for stores where uploads land inside the store itself (S3, docs/decisions/0067); absent on the local disk, whose
   * uploads are files `putFile` takes. `md5`: the content's MD5 when the caller measured it (a multipart object's
   * ETag is not one).
   */
  copy?(fromKey: string, toKey: string, options: PutOptions & { md5?: string }): Promise<StoredObject>;
  head(key: string): Promise<StoredObject | null>;
  /**
   * Streams the object (or a byte range of it); null when it does not exist.
   * A range starting at or past the end throws RangeNotSatisfiableError.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; object: StoredObject } | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived URL that downloads the object as an attachment straight from the store, for stores that can
   * sign one (S3); absent on the local disk, whose files the API streams itself.
   */
  signedDownloadUrl?(key: string, options: SignedDownloadOptions): Promise<string>;
}

export interface SignedDownloadOptions {
  expiresInSeconds: number;
  /** The Content-Disposition the store answers with (already sanitised). */
  contentDisposition: string;
  contentType: string;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(
    readonly range: ByteRange,
    readonly size: number,
  ) {
    super(`Range ${range.start}-${range.end} is outside an object of ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}

const SEGMENT = '[a-z0-9][a-z0-9_-]*';
/** One or more lowercase segments: `files`, `derivatives/previews`. */
const PREFIX_PATTERN = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);
/**
 * Lowercase segments that never start with a dot (so no `.`, `..` or hidden names), no empty segments,
 * no backslashes, no absolute paths. The local adapter relies on dot-names being unreachable by keys.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  return typeof key === 'string' && key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/**
 * A fresh key such as `files/3f/a2/3fa2…-uuid`. The two fan-out levels keep directories small on disk
 * and spread S3 prefixes; nothing of the user's file name goes into it.
 */
export function newStorageKey(prefix = 'files'): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new InvalidStorageKeyError(prefix);
  const id = randomUUID();
  return `${prefix}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** A content type we are willing to store and send back: `type/subtype` plus parameters, no line breaks. */
export function normaliseContentType(contentType: string | undefined | null): string {
  const value = (contentType ?? '').trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\r\n]*"|[a-z0-9!#$&^_.+-]+))*$/.test(value)
    ? value
    : 'application/octet-stream';
}
