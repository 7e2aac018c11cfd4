/**
 * A finished upload becomes part of its pack. A single file is checked by content, stored, then attached in
 * one transaction with the pack locked. A zip is only looked at here — its directory, for what would refuse it
 * whole — and queued to be unpacked by the `unpack-zip` job (zip-import-job.ts, docs/decisions/0060), so the
 * last request of a large zip stays short. Whatever stores files removes every object it stored when anything
 * fails: nothing is half-written.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { STUDIO_LIMITS } from '@crate/contract/studio-limits';
import type { UploadResult } from '@crate/contract/studio-packs';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import type { Tx } from '../../db/client.ts';
import { createFileFromUpload, deleteFileAndDerivatives, type FileRecord, type NewUpload } from '../../files/file-repository.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asPack } from '../../policies/pack-policy.ts';
import type { PolicyViewer } from '../../policies/policy-viewer.ts';
import type { PutOptions, StoredObject } from '../../storage/object-storage.ts';
import { assertEditable, markDuplicates } from './studio-pack-service.ts';
import { findStudioPack, type StudioPackRow } from './studio-pack-repository.ts';
import { pathOf, presentZipImport } from './studio-pack-presenter.ts';
import { attachPackFiles } from './attach-pack-files.ts';
import { checkUploadedFile } from './upload-content-check.ts';
import { openPackZip } from './pack-zip.ts';
import { confirmUploadRoom, roomStored } from './upload-room.ts';
import type { FinishedUploadBytes } from './upload-store.ts';
import { insertZipImport } from './zip-import-repository.ts';

export type UploadKind = PackFileKind | 'zip';

export interface FinishedUpload {
  /** The tus upload id: the room it reserved becomes its files' (upload-room.ts). */
  uploadId: string;
  packId: string;
  relativePath: string;
  kind: UploadKind;
  /** Where tus kept its bytes (upload-store.ts). */
  bytes: FinishedUploadBytes;
  size: number;
}

/** A checked file on its way into the pack. */
export interface Piece {
  path: string;
  kind: PackFileKind;
  size: number;
  /** Stores its bytes as the object `key` (a file on this machine, or an upload kept in S3). */
  storeAs(key: string, options: PutOptions): Promise<StoredObject>;
}

const THAT_PACK = 'That pack';

/** Where a zip waits for its job: in object storage, which every process that runs jobs reads. */
export const zipImportKey = (importId: string) => `zip-imports/${importId}`;

/**
 * Stores one checked piece as a file of the pack (not attached yet); its upload's reservation holds that much less,
 * in the file row's transaction: a start checked between the two would count the piece twice, as a file and as room
 * held, and refuse the last file of a full pack.
 */
export function storePiece(ctx: AppContext, actorUserId: string, packId: string, uploadId: string, piece: Piece, zipImportId?: string): Promise<FileRecord> {
  const upload: NewUpload = {
    // The store takes the upload as it is: a hard link on the local disk, a copy inside S3.
    body: { storeAs: piece.storeAs },
    originalName: path.posix.basename(piece.path.replace(/\\/g, '/')),
    ownerUserId: actorUserId,
    packId,
    kind: piece.kind,
    // A zip's files name their import, so a run that died midway can remove what it had stored.
    customMetadata: zipImportId ? { relativePath: piece.path, zipImportId } : { relativePath: piece.path },
    maxBytes: STUDIO_LIMITS.fileMaxBytes[piece.kind],
    keyPrefix: 'packs',
  };
  return createFileFromUpload(ctx, upload, (tx) => roomStored(tx, uploadId, piece.size));
}

/**
 * Attaches stored files to their pack in one transaction with the pack locked, checked again (the actor may still
 * edit it, it still takes files); `alsoInTx` writes what must commit with them. Files a new cover or preview
 * replaced are deleted afterwards. On any failure every stored file is removed again.
 */
export async function attachStored(
  ctx: AppContext,
  actor: PolicyViewer & {},
  packId: string,
  stored: readonly FileRecord[],
  audit: { upload: string; ipAddress: string | null; refused?: number },
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<void> {
  try {
    const { replaced } = await ctx.db.transaction(async (tx) => {
      const locked = authorize(actor, 'edit', await findStudioPack(tx, packId, true), asPack, THAT_PACK);
      assertEditable(locked);
      const attached = await attachPackFiles(tx, ctx.jobs, locked, stored);
      await markDuplicates(tx, attached.packFiles);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'pack.files_uploaded',
        targetType: 'pack',
        targetId: packId,
        details: { upload: audit.upload, files: stored.length, bytes: stored.reduce((sum, f) => sum + f.size, 0), ...(audit.refused !== undefined ? { refused: audit.refused } : {}) },
        ipAddress: audit.ipAddress,
      });
      await alsoInTx?.(tx);
      return attached;
    });
    for (const fileId of replaced) await deleteFileAndDerivatives(ctx, fileId);
  } catch (error) {
    await removeStored(ctx, stored);
    throw error;
  }
}

export const removeStored = (ctx: AppContext, stored: readonly Pick<FileRecord, 'id'>[]) => Promise.all(stored.map((f) => deleteFileAndDerivatives(ctx, f.id)));

/** A single file: checked, its room confirmed, stored and attached. */
async function ingestFile(ctx: AppContext, viewer: Viewer, pack: StudioPackRow, upload: FinishedUpload & { kind: PackFileKind }, ipAddress: string | null): Promise<UploadResult> {
  const piece: Piece = { path: upload.relativePath, kind: upload.kind, size: upload.size, storeAs: upload.bytes.storeAs };
  await checkUploadedFile({ name: piece.path, kind: piece.kind, path: await upload.bytes.localFile(), size: piece.size });
  await confirmUploadRoom(ctx, { uploadId: upload.uploadId, startedByUserId: viewer.userId, creatorId: pack.creatorId, packId: pack.id, bytes: piece.size, files: 1, what: `"${upload.relativePath}"` });
  const stored = await storePiece(ctx, viewer.userId, pack.id, upload.uploadId, piece);
  await attachStored(ctx, viewer, pack.id, [stored], { upload: upload.relativePath, ipAddress });
  return { files: [{ id: stored.id, path: pathOf(stored), kind: stored.kind! }], zip_import: null };
}

/**
 * A zip: kept in object storage for its job (a hard link, or a copy inside S3), its directory read from there (a
 * hostile entry refuses it whole, at once), the room its files declare confirmed, and the job queued with the
 * import that shows its progress. Its reservation is kept until the job has stored its files.
 */
async function queueZipImport(ctx: AppContext, viewer: Viewer, pack: StudioPackRow, upload: FinishedUpload): Promise<UploadResult> {
  const id = randomUUID();
  const key = zipImportKey(id);
  await upload.bytes.storeAs(key, { contentType: 'application/zip' });
  try {
    const zip = await openPackZip(ctx.storage, key, upload.size);
    zip.close();
    const bytes = zip.entries.reduce((sum, e) => sum + e.size, 0);
    const what = `the ${zip.entries.length} files of "${upload.relativePath}"`;
    await confirmUploadRoom(ctx, { uploadId: upload.uploadId, startedByUserId: viewer.userId, creatorId: pack.creatorId, packId: pack.id, bytes, files: zip.entries.length, what });
    const row = await ctx.db.transaction(async (tx) => {
      const queued = await insertZipImport(tx, { id, packId: pack.id, uploadId: upload.uploadId, startedByUserId: viewer.userId, name: upload.relativePath, total: zip.entries.length, refused: zip.refused });
      await ctx.jobs.enqueue('unpack-zip', { importId: id }, { tx, owner: pack.creatorId });
      return queued;
    });
    return { files: [], zip_import: presentZipImport(row) };
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

/** The finished upload into its pack: a file at once, a zip queued to be unpacked (its reservation then stays). */
export async function ingestUpload(ctx: AppContext, viewer: Viewer, upload: FinishedUpload, ipAddress: string | null): Promise<UploadResult> {
  const pack = authorize(viewer, 'edit', await findStudioPack(ctx.db, upload.packId), asPack, THAT_PACK);
  assertEditable(pack);
  if (upload.kind === 'zip') return queueZipImport(ctx, viewer, pack, upload);
  return ingestFile(ctx, viewer, pack, { ...upload, kind: upload.kind }, ipAddress);
}
