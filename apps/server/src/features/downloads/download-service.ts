import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { LicenceCertificate } from '@crate/contract/commerce';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sanitiseDownloadName } from '../../files/content-disposition.ts';
import { notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { authorize } from '../../policies/can.ts';
import { asItem } from '../../policies/item-policy.ts';
import { presentCertificate, renderLicencePdf } from '../licences/licence-service.ts';
import * as repo from './download-repository.ts';

/** A user's downloads, newest first (a read with no rule to apply). */
export { listDownloads } from './download-repository.ts';

/** One sound's original file the viewer may download: where it is stored and the name it downloads under. */
export async function findItemDownload(db: DbOrTx, viewer: Viewer, itemId: string) {
  const found = await repo.findItemDownload(db, viewer.userId, itemId);
  authorize(viewer, 'download', found, asItem, 'That sound');
  if (!found?.storageKey || !found.fileId) throw notFound('That sound’s file');
  return { ...found, storageKey: found.storageKey, fileId: found.fileId, downloadName: `${found.name}${path.extname(found.originalName ?? '')}` };
}

/** Records that the viewer downloaded the sound's original file (decision 0021). */
export async function recordItemDownload(db: DbOrTx, viewer: Viewer, { itemId, ownedItemId, fileId }: { itemId: string; ownedItemId: string | null; fileId: string }, ipAddress: string): Promise<void> {
  await repo.recordDownloads(db, [{ userId: viewer.userId, itemId, ownedItemId, fileId, ipAddress }]);
}

/** A title or a sound's name as one path segment: a slash in it is part of the name, not a folder. */
const nameSegment = (name: string) => sanitiseDownloadName(name.replace(/[/\\]/g, '-'));

type PackFile = Awaited<ReturnType<typeof repo.listOwnedPackFiles>>[number];
/** A stored file, or a licence certificate rendered into the zip as a PDF. */
type ZipEntry = { name: string; key: string; licence?: undefined } | { name: string; licence: LicenceCertificate; key?: undefined };

/** A pack as one zip of the sounds the viewer owns in it: its name, then recording the download and making the zip. */
export interface PackDownload {
  /** The zip's file name, the pack's title as one path segment. */
  fileName: string;
  /** Records the download of every owned sound's original file. */
  record(ipAddress: string): Promise<void>;
  /**
   * The zip, streamed entry by entry from storage (one storage read at a time), so memory stays flat whatever
   * the pack weighs. `onFailure` hears a failure after the zip has been aborted (the answer cannot finish).
   */
  zip(onFailure: (error: unknown) => void): Readable;
}

/**
 * A pack to download as one zip of the sounds the viewer owns in it (their stems, MIDI and presets too, and
 * each licence certificate). Owning nothing in it, a pack has nothing to download: the same answer as a pack
 * that does not exist.
 */
export async function findPackDownload({ db, storage, config }: AppContext, viewer: Viewer, packId: string): Promise<PackDownload> {
  const rows = await repo.listOwnedPackFiles(db, viewer.userId, packId);
  if (rows.length === 0) throw notFound('Sounds you own in that pack');
  const folder = nameSegment(rows[0]!.packTitle);
  return {
    fileName: `${folder}.zip`,
    record: (ipAddress) =>
      repo.recordDownloads(
        db,
        rows.filter((r) => r.isOriginal).map((r) => ({ userId: viewer.userId, itemId: r.itemId, ownedItemId: r.ownedItemId, fileId: r.fileId, ipAddress })),
      ),
    zip(onFailure) {
      const entries = zipEntries(folder, rows);
      // Stored, not deflated: audio barely compresses, and the zip streams at the speed of reading the files.
      const archive = new ZipArchive({ store: true });
      // One storage read at a time: the next file is opened when the previous entry is written.
      let next = 0;
      const appendNext = async () => {
        const entry = entries[next++];
        if (!entry) return void archive.finalize();
        if (entry.licence) {
          return void archive.append(renderLicencePdf(entry.licence, `${config.publicUrl}/licence/${entry.licence.certificate_number}`), { name: entry.name });
        }
        const stored = await storage.get(entry.key!);
        if (!stored) return appendNext();
        archive.append(stored.body, { name: entry.name });
      };
      const fail = (error: unknown) => {
        archive.abort();
        onFailure(error);
      };
      archive.on('entry', () => void appendNext().catch(fail));
      archive.on('error', fail);
      void appendNext().catch(fail);
      return archive;
    },
  };
}

/**
 * Names inside the zip: `Pack/01 Kick.wav` for a sound's own file, `Pack/01 Kick - Stem audio/<file>` for
 * the others, every segment sanitised and every name unique; then each sound's certificate as
 * `Pack/Licences/01 Kick - CRT-….pdf`.
 */
function zipEntries(folder: string, rows: PackFile[]): ZipEntry[] {
  const used = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const extension = path.extname(name);
      candidate = `${name.slice(0, name.length - extension.length)} (${n})${extension}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  };
  const numbered = new Map<string, string>();
  for (const row of rows) if (!numbered.has(row.itemId)) numbered.set(row.itemId, `${String(numbered.size + 1).padStart(2, '0')} ${row.itemName}`);
  const entries: ZipEntry[] = rows.map((row) => {
    const sound = numbered.get(row.itemId)!;
    const name = row.isOriginal
      ? nameSegment(`${sound}${path.extname(row.originalName)}`)
      : `${nameSegment(`${sound} - ${row.kind ?? 'file'}`)}/${sanitiseDownloadName(row.originalName)}`;
    return { name: unique(`${folder}/${name}`), key: row.storageKey };
  });
  for (const r of new Map(rows.map((row) => [row.itemId, row])).values()) {
    entries.push({ name: unique(`${folder}/Licences/${nameSegment(`${numbered.get(r.itemId)} - ${r.certificateNumber}`)}.pdf`), licence: presentCertificate(r) });
  }
  return entries;
}
