/**
 * `npm run restore`: puts a backup's data folder back. Everything is unpacked into a folder beside the target
 * and checked there — every file against the manifest's size and SHA-256, the database opened and counted
 * against the manifest — before it takes the target's place, so a damaged archive never leaves a half-restored
 * folder. A folder that already holds something is replaced only with `force`, and then kept aside, not deleted.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { BackupRefused } from './backup-refused.ts';
import { BACKUP_FORMAT, knownMigrations, MANIFEST_NAME, manifestSchema, readDatabaseFacts, type BackupManifest } from './backup-manifest.ts';
import { checksumTap } from './checksum-tap.ts';
import { PGLITE_FOLDER } from './create-backup.ts';
import { processHolding, stopFirstMessage } from './data-dir-lock.ts';

/** A manifest lists one line per file; even a data folder of a million files stays far below this. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the folder's previous contents were moved (with `force`), or null when it was empty or absent. */
  keptAside: string | null;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // strictFileNames refuses absolute paths, `..` segments and backslashes in entry names.
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

function readEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) return reject(new BackupRefused(`The archive holds "${entry.fileName}" twice; it is not a Crate backup.`));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

async function readManifest(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<BackupManifest> {
  const entry = entries.get(MANIFEST_NAME);
  if (!entry) throw new BackupRefused(`The archive has no ${MANIFEST_NAME}; it is not a Crate backup.`);
  if (entry.uncompressedSize > MANIFEST_MAX_BYTES) throw new BackupRefused(`The archive's ${MANIFEST_NAME} is larger than any Crate backup's.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupRefused(`The archive's ${MANIFEST_NAME} is not JSON; it is not a Crate backup.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) {
    const format = (parsed as { format?: unknown } | null)?.format;
    throw new BackupRefused(format === BACKUP_FORMAT ? `The archive's ${MANIFEST_NAME} is damaged (${manifest.error.issues[0]?.message}).` : `This is not a ${BACKUP_FORMAT} archive (its format says ${JSON.stringify(format)}).`);
  }
  return manifest.data;
}

/** The archive must hold exactly the files its manifest lists, and this Crate must know the database's schema. */
function checkAgainstManifest(manifest: BackupManifest, entries: Map<string, yauzl.Entry>): void {
  const migration = knownMigrations().find((entry) => entry.when === manifest.schema.latestMigrationAt);
  if (!migration) {
    throw new BackupRefused(
      `This backup's database is at migration ${manifest.schema.latestMigration}, which this Crate does not have: it was made by a newer Crate. Update Crate, then restore.`,
    );
  }
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const name of entries.keys()) {
    if (name !== MANIFEST_NAME && !listed.has(name)) throw new BackupRefused(`The archive holds "${name}", which its manifest does not list; it has been altered.`);
  }
  for (const file of manifest.files) {
    if (!entries.has(file.path)) throw new BackupRefused(`The archive lacks "${file.path}", which its manifest lists; it is incomplete.`);
  }
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Where `relative` lands inside `into`, refusing a path that would climb out of it. */
function inside(into: string, relative: string): string {
  const target = path.resolve(into, relative);
  if (!target.startsWith(into + path.sep)) throw new BackupRefused(`"${relative}" would be written outside the data folder; the manifest has been altered.`);
  return target;
}

async function extractChecked(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, manifest: BackupManifest, into: string): Promise<void> {
  for (const folder of manifest.folders) await mkdir(inside(into, folder), { recursive: true });
  for (const file of manifest.files) {
    const target = inside(into, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    const checksum = checksumTap();
    await pipeline(await openEntry(zip, entries.get(file.path)!), checksum.tap, createWriteStream(target));
    const found = checksum.result();
    if (found.size !== file.size || found.sha256 !== file.sha256) {
      throw new BackupRefused(`"${file.path}" in the archive does not match its manifest checksum: the backup is damaged. Nothing was restored.`);
    }
  }
}

async function checkDatabase(manifest: BackupManifest, dataDir: string): Promise<void> {
  const { counts } = await readDatabaseFacts(path.join(dataDir, PGLITE_FOLDER));
  const differing = (Object.keys(manifest.counts) as (keyof typeof counts)[]).filter((name) => counts[name] !== manifest.counts[name]);
  if (differing.length > 0) {
    const found = differing.map((name) => `${name}: ${counts[name]} instead of ${manifest.counts[name]}`).join(', ');
    throw new BackupRefused(`The restored database does not hold what the backup recorded (${found}). Nothing was restored.`);
  }
}

export async function restoreBackup(options: { archive: string; dataDir: string; force: boolean; now: Date }): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const holder = processHolding(dataDir);
  if (holder !== null) throw new BackupRefused(stopFirstMessage(dataDir, holder));
  const empty = await isEmptyOrAbsent(dataDir);
  if (!empty && !options.force) {
    throw new BackupRefused(`${dataDir} is not empty. Restore into a new folder (set DATA_DIR or --data-dir), or pass --force to replace what is there (it is kept aside, not deleted).`);
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path.resolve(options.archive));
  } catch (error) {
    throw new BackupRefused(`${options.archive} cannot be read as a backup: ${(error as Error).message}`);
  }
  const stamp = options.now.toISOString().replaceAll(/[:.]/g, '-');
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    const entries = await readEntries(zip);
    const manifest = await readManifest(zip, entries);
    checkAgainstManifest(manifest, entries);
    await mkdir(staging, { recursive: true });
    await extractChecked(zip, entries, manifest, staging);
    await checkDatabase(manifest, staging);
    let keptAside: string | null = null;
    if (!empty) {
      keptAside = `${dataDir}.before-restore-${stamp}`;
      await rename(dataDir, keptAside);
    } else {
      await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    await rename(staging, dataDir);
    return { manifest, keptAside };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`${options.archive} could not be restored: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
}
