/**
 * `npm run backup`: the embedded default's whole data folder — the PGlite database, the files folder (originals,
 * previews, peaks, covers, banners), the outbox, uploads in progress and the secrets that keep sessions and
 * sandbox webhooks valid — as one zip with a manifest. Taken only while no server holds the folder
 * (docs/decisions/0068): PGlite belongs to one process, and a copy of its files taken mid-write is not a database.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { ZipArchive } from 'archiver';
import { BackupRefused } from './backup-refused.ts';
import { BACKUP_FORMAT, MANIFEST_NAME, readDatabaseFacts, type BackupManifest } from './backup-manifest.ts';
import { checksumTap } from './checksum-tap.ts';
import { lockFilePath, processHolding, stopFirstMessage } from './data-dir-lock.ts';

export const PGLITE_FOLDER = 'pglite';
/** Media barely compresses: stored as they are, the zip is written at the speed of reading them. */
const STORED_AS_IS = /^files\//;

/** Every folder and regular file under `dir`, as paths relative to it with `/` separators, in a stable order. */
async function contentsOf(dir: string): Promise<{ folders: string[]; files: string[] }> {
  const found = { folders: [] as string[], files: [] as string[] };
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        found.folders.push(child);
        await walk(child);
      } else if (entry.isFile()) found.files.push(child);
      else throw new BackupRefused(`${path.join(dir, child)} is neither a file nor a folder (a link?); a data folder holds only files and folders.`);
    }
  };
  await walk('');
  return found;
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Refuses, with what to do instead, when `dataDir` cannot be backed up now. */
async function checkCanBackUp(dataDir: string, out: string): Promise<void> {
  const holder = processHolding(dataDir);
  if (holder !== null) throw new BackupRefused(stopFirstMessage(dataDir, holder));
  const database = await stat(path.join(dataDir, PGLITE_FOLDER)).catch(() => null);
  if (!database?.isDirectory()) throw new BackupRefused(`${dataDir} holds no embedded database (no ${PGLITE_FOLDER} folder): nothing to back up. Is DATA_DIR right?`);
  if (isInside(dataDir, out)) throw new BackupRefused(`The backup ${out} would be written inside the data folder it backs up; choose a place outside ${dataDir}.`);
}

/** Adds one file of the data folder to the archive; resolves with its size and checksum once the archive has taken it all. */
function appendFile(archive: ZipArchive, dataDir: string, file: string): Promise<BackupManifest['files'][number]> {
  return new Promise((resolve, reject) => {
    const checksum = checksumTap();
    const failed = (error: Error) => {
      archive.off('entry', taken);
      reject(error);
    };
    const taken = () => {
      archive.off('error', failed);
      resolve({ path: file, ...checksum.result() });
    };
    archive.once('entry', taken);
    archive.once('error', failed);
    const body = pipeline(createReadStream(path.join(dataDir, file)), checksum.tap, (error) => error && failed(error));
    archive.append(body, { name: file, store: STORED_AS_IS.test(file) });
  });
}

/** Writes the backup of `dataDir` to `out` (through `out.partial`, so a half-written file never looks complete). */
export async function createBackup(options: { dataDir: string; out: string; now: Date }): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const out = path.resolve(options.out);
  await checkCanBackUp(dataDir, out);
  const { schema, counts } = await readDatabaseFacts(path.join(dataDir, PGLITE_FOLDER));
  const lockFile = path.relative(dataDir, lockFilePath(dataDir));
  const contents = await contentsOf(dataDir);
  const paths = contents.files.filter((file) => file !== lockFile);

  await mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = createWriteStream(partial);
  archive.pipe(written);
  try {
    const listed: BackupManifest['files'] = [];
    // One file open at a time: the next is appended when the archive has taken the previous one.
    for (const file of paths) listed.push(await appendFile(archive, dataDir, file));
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: options.now.toISOString(), schema, counts, folders: contents.folders, files: listed };
    archive.append(JSON.stringify(manifest, null, 2), { name: MANIFEST_NAME });
    await Promise.all([archive.finalize(), once(written, 'close')]);
    await rename(partial, out);
    return manifest;
  } catch (error) {
    archive.abort();
    written.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
