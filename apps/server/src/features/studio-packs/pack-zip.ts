/**
 * A pack uploaded as one zip, unpacked safely (docs/decisions/0025, 0060): every entry is looked at before any is
 * extracted, and the whole zip is refused — naming the entry — when one is hostile: a path that climbs out
 * (`../`) or starts at the root (yauzl refuses both), a symlink, an encrypted entry, more entries than a pack
 * holds, or one that inflates suspiciously far (a zip bomb). Sizes are checked again while inflating (yauzl
 * compares the bytes with the header's). An entry that is merely not accepted — no kind a pack takes, bigger
 * than its kind allows — is refused alone, with why; junk (`__MACOSX`, dot files) is left out silently.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { classifyPackFiles } from '@crate/contract/pack-file-kind';
import { formatBytes, STUDIO_LIMITS } from '@crate/contract/studio-limits';
import { AppError } from '../../http/app-error.ts';

interface PlannedEntry {
  path: string;
  kind: PackFileKind;
  size: number;
  entry: yauzl.Entry;
}

export interface RefusedEntry {
  path: string;
  reason: string;
}

export interface PackZip {
  entries: PlannedEntry[];
  /** Entries left out, each with why (the other entries are still used). */
  refused: RefusedEntry[];
  /** Inflates one entry to a file. */
  extract(entry: PlannedEntry, toPath: string): Promise<void>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const CONTROL = /\p{Cc}/u;
const NOT_A_PACK_FILE = 'not a sound, preset, MIDI file or image';

const refuse = (message: string) => new AppError('VALIDATION_FAILED', `This zip cannot be used: ${message}`, 'file');

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

function readAllEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > STUDIO_LIMITS.packMaxFiles * 2) return reject(refuse(`it holds more than ${STUDIO_LIMITS.packMaxFiles} files.`));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** yauzl's own refusals, in words a creator understands. */
function explain(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/^(absolute path|invalid relative path)/.test(message)) return refuse(`an entry's path leads outside the pack (${message.replace(/^[^:]*: /, '')}).`);
  if (/invalid characters in fileName/.test(message)) return refuse(`an entry's name uses a backslash or other characters a path cannot hold.`);
  return refuse(`it is not a zip we can read (${message}).`);
}

export async function openPackZip(path: string): Promise<PackZip> {
  let zip: yauzl.ZipFile;
  let all: yauzl.Entry[];
  try {
    zip = await openZip(path);
  } catch (error) {
    throw explain(error);
  }
  try {
    all = await readAllEntries(zip);
  } catch (error) {
    zip.close();
    throw explain(error);
  }
  try {
    const files = all.filter((entry) => !entry.fileName.endsWith('/'));
    for (const entry of files) {
      if (CONTROL.test(entry.fileName)) throw refuse(`the name of "${entry.fileName.replace(/\p{Cc}/gu, '?')}" contains control characters.`);
      if (entry.fileName.length > STUDIO_LIMITS.pathMaxChars) throw refuse(`"${entry.fileName.slice(0, 60)}…" has a path longer than ${STUDIO_LIMITS.pathMaxChars} characters.`);
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw refuse(`"${entry.fileName}" is a symbolic link.`);
      if (entry.isEncrypted()) throw refuse(`"${entry.fileName}" is encrypted.`);
    }
    const classified = classifyPackFiles(files.map((entry) => entry.fileName));
    const entries: PlannedEntry[] = [];
    const refused: RefusedEntry[] = [];
    let total = 0;
    classified.forEach(({ kind }, index) => {
      const entry = files[index]!;
      if (!kind) {
        if (!/(^|\/)(__MACOSX|\.)/.test(entry.fileName) && !/(^|\/)(thumbs\.db|desktop\.ini)$/i.test(entry.fileName)) {
          refused.push({ path: entry.fileName, reason: NOT_A_PACK_FILE });
        }
        return;
      }
      if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > STUDIO_LIMITS.zipMaxRatio) {
        throw refuse(`"${entry.fileName}" inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its size, which no real sound does (a zip bomb).`);
      }
      const limit = STUDIO_LIMITS.fileMaxBytes[kind];
      if (entry.uncompressedSize > limit) {
        refused.push({ path: entry.fileName, reason: `"${entry.fileName}" is ${formatBytes(entry.uncompressedSize)}; a ${kind.toLowerCase()} file is at most ${formatBytes(limit)}.` });
        return;
      }
      total += entry.uncompressedSize;
      entries.push({ path: entry.fileName, kind, size: entry.uncompressedSize, entry });
    });
    if (entries.length > STUDIO_LIMITS.packMaxFiles) throw refuse(`it holds ${entries.length} files; a pack holds at most ${STUDIO_LIMITS.packMaxFiles}.`);
    if (total > STUDIO_LIMITS.packMaxBytes) throw refuse(`it unpacks to ${formatBytes(total)}; a pack is at most ${formatBytes(STUDIO_LIMITS.packMaxBytes)}.`);
    if (entries.length === 0 && !refused.some((r) => r.reason !== NOT_A_PACK_FILE)) throw refuse('it holds no sounds, presets, MIDI files or images.');
    if (entries.length === 0) throw refuse(`none of its files can be used: ${refused.map((r) => (r.reason === NOT_A_PACK_FILE ? `"${r.path}" is ${r.reason}` : r.reason)).join(' ')}`.slice(0, 1000));
    return {
      entries,
      refused,
      async extract(planned, toPath) {
        const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(planned.entry, (error, read) => (error ? reject(error) : resolve(read))));
        try {
          await pipeline(stream, createWriteStream(toPath));
        } catch (error) {
          throw refuse(`"${planned.path}" could not be unpacked (${(error as Error).message}).`);
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
