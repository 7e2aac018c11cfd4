/**
 * The `unpack-zip` job (docs/decisions/0060): a zip whose bytes have all arrived is unpacked one entry at a time —
 * inflated to a temporary file (zlib works in libuv's threads, yauzl checks each size against its header), checked
 * by content like a single upload (headers only; nothing is decoded), stored — with its progress on the import
 * the studio polls. An entry that is merely not accepted (8-bit, too long, text named .wav) is left out with its
 * reason and the others go on; an entry found hostile while inflating refuses the whole zip. The good files are
 * attached in one transaction that also ends the import, so a reload shows either the zip unpacking or its files
 * in the pack with what it left out — never half of it. A run that dies midway is run again from the start, after
 * removing what the dead run had stored.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { FileRecord } from '../../files/file-repository.ts';
import { AppError } from '../../http/app-error.ts';
import type { PutOptions } from '../../storage/object-storage.ts';
import { checkUploadedFile } from './upload-content-check.ts';
import { openPackZip, type PackZip, type RefusedEntry } from './pack-zip.ts';
import { attachStored, removeStored, storePiece, zipImportKey } from './ingest-upload.ts';
import { releaseUploadRoom } from './upload-room.ts';
import { findUploaderStanding, findZipImport, finishZipImport, listFileIdsOfZipImport, setZipImportProgress, type ZipImportRow } from './zip-import-repository.ts';

export const unpackZipPayloadSchema = z.strictObject({ importId: z.guid() });
export const unpackZipJobKey = ({ importId }: z.output<typeof unpackZipPayloadSchema>) => `unpack-zip:${importId}`;

const BROKE_ON_OUR_SIDE = 'Unpacking this zip stopped on our side, and nothing of it was kept. Upload it again; if it stops again, write to us.';

/** The zip's bytes and its room go once the import has ended, whichever way. */
async function letGo(ctx: AppContext, row: ZipImportRow): Promise<void> {
  await ctx.storage.delete(zipImportKey(row.id));
  await releaseUploadRoom(ctx, row.uploadId);
}

/** The whole zip is refused (or failed): nothing of it is kept, and the creator reads why. */
async function endWithout(ctx: AppContext, row: ZipImportRow, state: 'refused' | 'failed', error: string, refused: readonly RefusedEntry[]): Promise<void> {
  await removeStored(ctx, (await listFileIdsOfZipImport(ctx.db, row.id)).map((id) => ({ id })));
  await finishZipImport(ctx.db, row.id, { state, imported: 0, refused: [...refused], error, finishedAt: ctx.clock.now() });
  await letGo(ctx, row);
}

/** Inflates, checks and stores each entry in turn; an entry that is not accepted joins `refused`. */
async function storeEntries(ctx: AppContext, row: ZipImportRow, zip: PackZip, refused: RefusedEntry[], stored: FileRecord[]): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crate-zip-'));
  try {
    for (const [index, entry] of zip.entries.entries()) {
      const localPath = path.join(folder, randomUUID());
      // Hostile content found while inflating (a size that lies) throws: the whole zip is refused.
      await zip.extract(entry, localPath);
      try {
        await checkUploadedFile({ name: entry.path, kind: entry.kind, path: localPath, size: entry.size });
        const storeAs = (key: string, options: PutOptions) => ctx.storage.putFile(key, localPath, options);
        stored.push(await storePiece(ctx, row.startedByUserId, row.packId, row.uploadId, { path: entry.path, kind: entry.kind, size: entry.size, storeAs }, row.id));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push({ path: entry.path, reason: error.message });
      } finally {
        await rm(localPath, { force: true });
      }
      await setZipImportProgress(ctx.db, row.id, index + 1);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function runUnpackZip(ctx: AppContext, { importId }: z.output<typeof unpackZipPayloadSchema>): Promise<void> {
  const row = await findZipImport(ctx.db, importId);
  if (!row) return void (await ctx.storage.delete(zipImportKey(importId))); // its pack was deleted meanwhile
  if (row.state !== 'unpacking') return; // ended already (a second run)
  // A run that died midway left files behind: this run starts again from the first entry.
  await removeStored(ctx, (await listFileIdsOfZipImport(ctx.db, row.id)).map((id) => ({ id })));
  const actor = await findUploaderStanding(ctx.db, row.startedByUserId);
  if (!actor) return endWithout(ctx, row, 'refused', 'The account that sent this zip can no longer add files.', []);
  let zip: PackZip;
  try {
    const kept = await ctx.storage.head(zipImportKey(row.id));
    if (!kept) throw new AppError('NOT_FOUND', 'The zip was no longer where it was kept. Upload it again.');
    zip = await openPackZip(ctx.storage, kept.key, kept.size);
  } catch (error) {
    if (error instanceof AppError) return endWithout(ctx, row, 'refused', error.message, []);
    throw error;
  }
  const refused = [...zip.refused];
  const stored: FileRecord[] = [];
  try {
    await storeEntries(ctx, row, zip, refused, stored);
    await attachStored(ctx, actor, row.packId, stored, { upload: row.name, ipAddress: null, refused: refused.length }, async (tx) => {
      await finishZipImport(tx, row.id, { state: 'done', imported: stored.length, refused, error: null, finishedAt: ctx.clock.now() });
    });
  } catch (error) {
    await removeStored(ctx, stored);
    // A hostile entry, or the pack no longer takes files (submitted meanwhile, no longer theirs): refused whole.
    if (error instanceof AppError) return endWithout(ctx, row, 'refused', error.message, refused);
    throw error;
  } finally {
    zip.close();
  }
  await letGo(ctx, row);
}

/** Retries are spent (or the job cannot run): nothing of the zip is kept, and the studio says so. */
export async function unpackZipFailed(ctx: AppContext, { importId }: z.output<typeof unpackZipPayloadSchema>): Promise<void> {
  const row = await findZipImport(ctx.db, importId);
  if (!row || row.state !== 'unpacking') return;
  await endWithout(ctx, row, 'failed', BROKE_ON_OUR_SIDE, []);
}
