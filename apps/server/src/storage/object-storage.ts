import type { Readable } from 'node:stream';

/** Metadata written with an object; user file names never become keys. */
export interface PutOptions {
  contentType: string;
  cacheControl?: string;
}

export interface StoredObject {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * Object storage: local disk under DATA_DIR/files by default, any S3-compatible store when S3_BUCKET is set.
 * Keys are generated ids (see newStorageKey); callers keep the original file name as metadata.
 */
export interface ObjectStorage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject>;
  head(key: string): Promise<StoredObject | null>;
  /** Streams the object (or a byte range of it); null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; object: StoredObject } | null>;
  delete(key: string): Promise<void>;
}
