/**
 * A finished upload becomes part of its pack: a single file, or every accepted file of a zip. All of it is
 * checked by content first, then stored, then attached in one transaction with the pack locked; if
 * anything fails, every object stored for this upload is removed again — nothing is half-written.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { STUDIO_LIMITS } from '@crate/contract/studio-limits';
import type { UploadResult } from '@crate/contract/studio-packs';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { createFileFromUpload, deleteFileAndDerivatives, type FileRecord } from '../../files/file-repository.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asPack } from '../../policies/pack-policy.ts';
import { assertEditable, markDuplicates } from './studio-pack-service.ts';
import { findStudioPack } from './studio-pack-repository.ts';
import { pathOf } from './studio-pack-presenter.ts';
import { attachPackFiles } from './attach-pack-files.ts';
import { checkUploadedFile } from './upload-content-check.ts';
import { openPackZip } from './pack-zip.ts';
import { confirmUploadRoom, roomStored } from './upload-room.ts';

export type UploadKind = PackFileKind | 'zip';

export interface FinishedUpload {
  /** The tus upload id: the room it reserved becomes its files' (upload-room.ts). */
  uploadId: string;
  packId: string;
  relativePath: string;
  kind: UploadKind;
  /** Where the upload's bytes are on this machine. */
  localPath: string;
  size: number;
}

interface Piece {
  path: string;
  kind: PackFileKind;
  localPath: string;
  size: number;
}

const THAT_PACK = 'That pack';

/** The pieces of an upload, checked, with a cleanup for whatever was unpacked to disk. */
async function unpack(upload: FinishedUpload): Promise<{ pieces: Piece[]; skipped: UploadResult['skipped']; cleanup: () => Promise<void> }> {
  if (upload.kind !== 'zip') {
    const piece = { path: upload.relativePath, kind: upload.kind, localPath: upload.localPath, size: upload.size };
    await checkUploadedFile({ name: piece.path, kind: piece.kind, path: piece.localPath, size: piece.size });
    return { pieces: [piece], skipped: [], cleanup: async () => {} };
  }
  const zip = await openPackZip(upload.localPath);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crate-zip-'));
  const cleanup = () => rm(folder, { recursive: true, force: true });
  try {
    const pieces: Piece[] = [];
    for (const entry of zip.entries) {
      const localPath = path.join(folder, randomUUID());
      await zip.extract(entry, localPath);
      await checkUploadedFile({ name: entry.path, kind: entry.kind, path: localPath, size: entry.size });
      pieces.push({ path: entry.path, kind: entry.kind, localPath, size: entry.size });
    }
    return { pieces, skipped: zip.skipped, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  } finally {
    zip.close();
  }
}

export async function ingestUpload(ctx: AppContext, viewer: Viewer, upload: FinishedUpload, ipAddress: string | null): Promise<UploadResult> {
  const pack = authorize(viewer, 'edit', await findStudioPack(ctx.db, upload.packId), asPack, THAT_PACK);
  assertEditable(pack);
  const { pieces, skipped, cleanup } = await unpack(upload);
  const stored: FileRecord[] = [];
  try {
    const what = upload.kind === 'zip' ? `the ${pieces.length} files of "${upload.relativePath}"` : `"${upload.relativePath}"`;
    await confirmUploadRoom(ctx, { uploadId: upload.uploadId, startedByUserId: viewer.userId, creatorId: pack.creatorId, packId: pack.id, bytes: pieces.reduce((sum, p) => sum + p.size, 0), files: pieces.length, what });
    for (const piece of pieces) {
      stored.push(
        await createFileFromUpload(ctx, {
          // A file's upload is taken by the store as it is (no second copy of its bytes on a local disk).
          body: { localPath: piece.localPath },
          originalName: path.posix.basename(piece.path.replace(/\\/g, '/')),
          ownerUserId: viewer.userId,
          packId: pack.id,
          kind: piece.kind,
          customMetadata: { relativePath: piece.path },
          maxBytes: STUDIO_LIMITS.fileMaxBytes[piece.kind],
          keyPrefix: 'packs',
        }),
      );
      await roomStored(ctx, upload.uploadId, piece.size);
    }
    const { replaced } = await ctx.db.transaction(async (tx) => {
      const locked = authorize(viewer, 'edit', await findStudioPack(tx, pack.id, true), asPack, THAT_PACK);
      assertEditable(locked);
      const attached = await attachPackFiles(tx, ctx.jobs, locked, stored);
      await markDuplicates(tx, attached.packFiles);
      await recordAudit(tx, {
        actorUserId: viewer.userId,
        action: 'pack.files_uploaded',
        targetType: 'pack',
        targetId: pack.id,
        details: { upload: upload.relativePath, files: stored.length, bytes: stored.reduce((sum, f) => sum + f.size, 0) },
        ipAddress,
      });
      return attached;
    });
    for (const fileId of replaced) await deleteFileAndDerivatives(ctx, fileId);
    return { files: stored.map((f) => ({ id: f.id, path: pathOf(f), kind: f.kind! })), skipped };
  } catch (error) {
    await Promise.all(stored.map((f) => deleteFileAndDerivatives(ctx, f.id)));
    throw error;
  } finally {
    await cleanup();
  }
}
