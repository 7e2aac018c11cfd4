import type { FileRecord } from './file-repository.ts';
import { attachmentDisposition } from './content-disposition.ts';

/**
 * docs/product-overview.md §3 storage file metadata, shaped like the Firebase Storage `FullMetadata` the original client
 * read: generation numbers as strings, times as ISO strings, md5Hash as base64. `fullPath` is the
 * generated storage key and `name` its last segment; the user's own file name comes back through
 * `contentDisposition` (sanitised), never as a path.
 */
export interface StorageFileMetadata {
  bucket: string;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string | null;
  cacheControl: string | null;
  contentDisposition: string;
  contentEncoding: string | null;
  contentLanguage: string | null;
  contentType: string;
  customMetadata: Record<string, string>;
}

/** Hex (how we store it) → base64 (how GCS and Firebase report md5Hash). */
function md5Base64(hex: string | null): string | null {
  return hex && /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex').toString('base64') : null;
}

export function presentStorageMetadata(file: FileRecord, bucket: string): StorageFileMetadata {
  return {
    bucket,
    generation: String(file.generation),
    metageneration: String(file.metageneration),
    fullPath: file.storageKey,
    name: file.storageKey.slice(file.storageKey.lastIndexOf('/') + 1),
    size: file.size,
    timeCreated: file.createdAt.toISOString(),
    updated: file.updatedAt.toISOString(),
    md5Hash: md5Base64(file.md5),
    cacheControl: file.cacheControl,
    contentDisposition: file.contentDisposition ?? attachmentDisposition(file.originalName),
    contentEncoding: file.contentEncoding,
    contentLanguage: file.contentLanguage,
    contentType: file.contentType,
    customMetadata: file.customMetadata,
  };
}
