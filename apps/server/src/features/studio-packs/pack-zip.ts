/**
 * A pack uploaded as one zip, unpacked safely (docs/decisions/0025, 0060): every entry is looked at before any is
 * extracted, and the whole zip is refused — naming the entry — when one is hostile: a path that climbs out
 * (`../`) or starts at the root (yauzl refuses both), a symlink, an encrypted entry, more entries than a pack
 * holds, or one that inflates suspiciously far (a zip bomb). Sizes are checked again while inflating (yauzl
 * compares the bytes with the header's). An entry that is merely not accepted — no kind a pack takes, bigger
 * than its kind allows — is refused alone, with why; junk (`__MACOSX`, dot files) is left out silently.
 */
import { createWriteStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { classifyPackFiles } from '@crate/contract/pack-file-kind';
import { formatBytes, STUDIO_LIMITS } from '@crate/contract/studio-limits';
import { AppError } from '../../http/app-error.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';

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

/** Reads of the zip's directory smaller than this fetch this much, so reading a 2,000-entry directory is a few requests. */
const READ_WINDOW_BYTES = 64 * 1024;

/**
 * A zip kept in object storage, read in byte ranges (docs/decisions/0067): its directory and each entry are fetched
 * as they are needed, so a zip in S3 is never downloaded whole by the API or a worker, and one on the local disk is
 * read in place. Small reads (yauzl reads the directory record by record) are served from one window fetched ahead.
 */
class StoredZipReader extends yauzl.RandomAccessReader {
  private window: { start: number; bytes: Buffer } | null = null;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly key: string,
    private readonly size: number,
  ) {
    super();
  }

  /** yauzl's ranges end before `end`; the store's include their last byte. */
  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.storage.get(this.key, { start, end: end - 1 }).then(
      (got) => (got ? got.body.on('error', (error) => out.destroy(error)).pipe(out) : out.destroy(new Error(`${this.key} is no longer in storage`))),
      (error: Error) => out.destroy(error),
    );
    return out;
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null) => void): void {
    const inWindow = this.window && position >= this.window.start && position + length <= this.window.start + this.window.bytes.length;
    if (inWindow) {
      this.window!.bytes.copy(buffer, offset, position - this.window!.start, position - this.window!.start + length);
      return callback(null);
    }
    const end = Math.min(this.size, position + Math.max(length, READ_WINDOW_BYTES));
    const chunks: Buffer[] = [];
    this._readStreamForRange(position, end)
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('error', (error) => callback(error))
      .on('end', () => {
        this.window = { start: position, bytes: Buffer.concat(chunks) };
        if (this.window.bytes.length < length) return callback(new Error('unexpected end of the zip'));
        this.window.bytes.copy(buffer, offset, 0, length);
        callback(null);
      });
  }
}

function openZip(storage: ObjectStorage, key: string, size: number): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(new StoredZipReader(storage, key, size), size, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
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

/** Opens the zip stored at `key` (of `size` bytes) and plans its entries; refuses it whole when one is hostile. */
export async function openPackZip(storage: ObjectStorage, key: string, size: number): Promise<PackZip> {
  let zip: yauzl.ZipFile;
  let all: yauzl.Entry[];
  try {
    zip = await openZip(storage, key, size);
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
