import type { Readable } from 'node:stream';
import { eq, or } from 'drizzle-orm';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import type { DbOrTx, Tx } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { newStorageKey, normaliseContentType, type ObjectStorage, type PutOptions, type StoredObject } from '../storage/object-storage.ts';

export type FileRecord = typeof files.$inferSelect;

/** A finished upload, which stores itself under the key given (without its bytes being sent again, upload-store.ts). */
interface SelfStoringUpload {
  storeAs(key: string, options: PutOptions): Promise<StoredObject>;
}

export interface NewUpload {
  body: Buffer | Readable | SelfStoringUpload;
  /** The name on the uploader's disk: kept as metadata only, never part of the storage key. */
  originalName: string;
  /** As declared by the uploader; anything that is not a valid type becomes application/octet-stream. */
  contentType?: string | null;
  ownerUserId?: string | null;
  packId?: string | null;
  itemId?: string | null;
  kind?: PackFileKind | null;
  /** For derivatives: the source file and the variant name (`preview-mp3`, `cover-250`, …). */
  derivedFromFileId?: string | null;
  variant?: string | null;
  cacheControl?: string | null;
  customMetadata?: Record<string, string>;
  /** Refuse bodies larger than this. */
  maxBytes?: number;
  /** First segment(s) of the generated key (default `files`). */
  keyPrefix?: string;
}

/** Longest original name we keep (it is metadata for people, not a path). */
const MAX_ORIGINAL_NAME = 1024;

/** The original name as given, minus control characters (PostgreSQL text cannot even hold NUL). */
function keepableName(name: string): string {
  return [...name.replace(/\p{Cc}/gu, '')].slice(0, MAX_ORIGINAL_NAME).join('');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores an upload under a fresh generated key and records it in `files`: size and MD5 are measured
 * while the body streams into storage, the original name and declared type are kept as metadata.
 * If the record cannot be written, the stored object is removed again. `alongside` writes what must commit with
 * the record.
 */
export async function createFileFromUpload(deps: { db: DbOrTx; storage: ObjectStorage }, upload: NewUpload, alongside?: (tx: Tx) => Promise<void>): Promise<FileRecord> {
  const storageKey = newStorageKey(upload.keyPrefix);
  const contentType = normaliseContentType(upload.contentType);
  const options = {
    contentType,
    ...(upload.cacheControl ? { cacheControl: upload.cacheControl } : {}),
    ...(upload.maxBytes !== undefined ? { maxBytes: upload.maxBytes } : {}),
  };
  const { body } = upload;
  const stored = 'storeAs' in body ? await body.storeAs(storageKey, options) : await deps.storage.put(storageKey, body, options);
  try {
    const insert = (db: DbOrTx) =>
      db
        .insert(files)
        .values({
          storageKey,
          originalName: keepableName(upload.originalName),
          contentType,
          size: stored.size,
          md5: stored.md5,
          cacheControl: upload.cacheControl ?? null,
          customMetadata: upload.customMetadata ?? {},
          ownerUserId: upload.ownerUserId ?? null,
          packId: upload.packId ?? null,
          itemId: upload.itemId ?? null,
          kind: upload.kind ?? null,
          derivedFromFileId: upload.derivedFromFileId ?? null,
          variant: upload.variant ?? null,
        })
        .returning();
    // The object is stored first, outside any transaction (a copy may take seconds): only the row commits with `alongside`.
    const [record] = alongside
      ? await deps.db.transaction(async (tx) => {
          await alongside(tx);
          return insert(tx);
        })
      : await insert(deps.db);
    return record!;
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
}

/** The record, or null for an unknown or malformed id. */
export async function findFileById(db: DbOrTx, id: string): Promise<FileRecord | null> {
  if (!UUID.test(id)) return null;
  const [record] = await db.select().from(files).where(eq(files.id, id));
  return record ?? null;
}

/** Removes a file refused after it was stored (and its derivatives, if any were made): rows first, then the objects. */
export async function deleteFileAndDerivatives(deps: { db: DbOrTx; storage: ObjectStorage }, fileId: string): Promise<void> {
  const removed = await deps.db
    .delete(files)
    .where(or(eq(files.id, fileId), eq(files.derivedFromFileId, fileId)))
    .returning({ storageKey: files.storageKey });
  await Promise.all(removed.map((row) => deps.storage.delete(row.storageKey)));
}
