/**
 * Media derivatives of one stored file, the step the demo seed and the creator upload pipeline share:
 * read the original from object storage, make its derivatives with the media module (MP3 preview +
 * waveform peaks + probe + features for audio; the docs/product-overview.md §3 sizes for cover art, avatars and banners),
 * store each as a `files` row derived from the original, and record what the audio probe found — on the
 * original's row and, when the file is an item's sound, on the item — all in one transaction.
 *
 * Idempotent: derivatives are unique per (derived_from_file_id, variant), the original's row is locked
 * while they are written, and a run that finds every variant already stored does no work at all.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { AUDIO_MAX_SECONDS, type AudioLimitKind } from '@crate/contract/studio-limits';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { createFileFromUpload, type FileRecord } from '../files/file-repository.ts';
import { CACHE_IMMUTABLE } from '../http/cache-headers.ts';
import { AUDIO_VARIANTS, type DerivedFile } from '../media/audio-derivatives.ts';
import { BANNER_VARIANTS, COVER_VARIANTS, deriveBanner, deriveCoverArt, type ImageCrop } from '../media/cover-art.ts';
import { MediaError } from '../media/media-error.ts';
import { checkAudioLength, readAudioHeader, tooLongMessage } from '../media/media-limits.ts';
import { mediaPool, type RunOptions } from '../media/media-pool.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { findSourceFile, isBannerImage, listVariants, lockFile, recordAudioProbe } from './derive-media-repository.ts';

/** Pack file kinds that are sounds (every one gets a preview and peaks). */
export const AUDIO_FILE_KINDS: readonly PackFileKind[] = ['Sample audio', 'Stem audio', 'Pack preview audio', 'Preset preview audio'];

/** What a file is derived as: its kind decides, then its use (banners), then its content type. */
type MediaUse = 'audio' | 'cover' | 'banner' | 'none';

const VARIANTS_BY_USE: Record<Exclude<MediaUse, 'none'>, readonly string[]> = {
  audio: Object.values(AUDIO_VARIANTS),
  cover: Object.values(COVER_VARIANTS),
  banner: Object.values(BANNER_VARIANTS),
};

/** Why a file cannot be derived; `permanent` ones fail for good (running again cannot help). */
export class DeriveMediaError extends Error {
  constructor(
    /** `over-limit`: longer or larger than its kind may be (by its header or by decoding); `too-costly`: its decode ran out of memory or time. */
    readonly code: 'unknown-file' | 'missing-original' | 'broken-media' | 'not-a-source' | 'over-limit' | 'too-costly',
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeriveMediaError';
  }
}

export interface DeriveMediaResult {
  fileId: string;
  use: MediaUse;
  /** Variants written by this run (empty when they all existed or there is nothing to derive). */
  created: string[];
  /** Variants found already stored. */
  existing: string[];
  /** Audio only: what the probe found. */
  durationMs?: number;
  /** Audio only: ids of items whose duration and features were recorded. */
  itemIds?: string[];
}

export interface DeriveMediaDeps {
  db: Db;
  storage: ObjectStorage;
}

/**
 * What an admin's image upload records on its file (docs/decisions/0044): its purpose and the crop chosen in the
 * browser, as `x,y,width,height` in the upright image's pixels. Every derive of the file (at upload, or a job
 * run again) makes the same sizes from the same region.
 */
export const IMAGE_METADATA = { purpose: 'purpose', crop: 'crop' } as const;

export function cropMetadata(crop: ImageCrop): string {
  return `${crop.x},${crop.y},${crop.width},${crop.height}`;
}

function cropOf(file: Pick<FileRecord, 'customMetadata'>): ImageCrop | null {
  const parts = file.customMetadata[IMAGE_METADATA.crop]?.split(',').map(Number);
  if (parts?.length !== 4 || parts.some((n) => !Number.isInteger(n))) return null;
  const [x, y, width, height] = parts as [number, number, number, number];
  return { x, y, width, height };
}

/** Decides how a file is derived. Banners are images uploaded or used as a banner (docs/product-overview.md §3 banner sizes); any other image is a square picture. */
async function mediaUseOf(db: DbOrTx, file: Pick<FileRecord, 'id' | 'kind' | 'contentType' | 'customMetadata'>): Promise<MediaUse> {
  if (file.kind && AUDIO_FILE_KINDS.includes(file.kind)) return 'audio';
  if (file.kind === 'Cover art') return 'cover';
  if (file.kind) return 'none'; // MIDI, presets: nothing to preview
  if (file.contentType.startsWith('audio/')) return 'audio';
  if (!file.contentType.startsWith('image/')) return 'none';
  const purpose = file.customMetadata[IMAGE_METADATA.purpose];
  if (purpose === 'banner' || purpose === 'cover') return purpose;
  return (await isBannerImage(db, file.id)) ? 'banner' : 'cover';
}

export interface DeriveMediaOptions {
  /**
   * Derives the file as that use whatever its declared type says: for uploads whose content is checked by
   * decoding it (a demo sound sent as application/octet-stream is still audio if ffmpeg says so).
   */
  as?: Exclude<MediaUse, 'none'>;
  /** Whose limit a sound is held to (default: its pack file kind's, else the longest). */
  limit?: AudioLimitKind;
  /** A request refuses at once when the owner's decode is already running; a job (the default) waits. */
  ifOwnerBusy?: RunOptions['ifOwnerBusy'];
}

/** The limit of a sound: its pack file kind's, else the longest any sound may be. */
function audioLimitOf(kind: PackFileKind | null): AudioLimitKind {
  if (kind && kind in AUDIO_MAX_SECONDS) return kind as AudioLimitKind;
  return 'Sample audio';
}

export async function deriveMediaForFile(deps: DeriveMediaDeps, fileId: string, options: DeriveMediaOptions = {}): Promise<DeriveMediaResult> {
  const source = await findSourceFile(deps.db, fileId);
  if (!source) throw new DeriveMediaError('unknown-file', `file ${fileId} does not exist`, true);
  if (source.derivedFromFileId) throw new DeriveMediaError('not-a-source', `file ${fileId} is itself a derivative (${source.variant}) and has none of its own`, true);
  const use = options.as ?? (await mediaUseOf(deps.db, source));
  if (use === 'none') return { fileId, use, created: [], existing: [] };

  const wanted = VARIANTS_BY_USE[use];
  const before = await listVariants(deps.db, fileId);
  if (wanted.every((v) => before.has(v))) return { fileId, use, created: [], existing: [...before] };

  const local = await copyToTempFile(deps.storage, source);
  try {
    return use === 'audio' ? await deriveAudioFile(deps, source, local, options) : await deriveImageFile(deps, source, local, use);
  } finally {
    await rm(local, { force: true });
  }
}

/** ffmpeg, music-metadata and sharp read a path best (no whole-file buffer); storage may be S3, so the original is copied out first. */
export async function copyToTempFile(storage: ObjectStorage, source: FileRecord): Promise<string> {
  const extension = path.extname(source.originalName).toLowerCase();
  const local = path.join(os.tmpdir(), `crate-derive-${randomUUID()}${/^\.[a-z0-9]{1,5}$/.test(extension) ? extension : ''}`);
  const got = await storage.get(source.storageKey);
  if (!got) throw new DeriveMediaError('missing-original', `the stored original of file ${source.id} ("${source.originalName}") is missing`, true);
  try {
    await pipeline(got.body, createWriteStream(local));
  } catch (error) {
    await rm(local, { force: true });
    throw error;
  }
  return local;
}

/** Refuses (413, naming the limit) a stored sound whose header declares more than its kind's length; nothing is decoded. */
export async function checkStoredAudioLength(storage: ObjectStorage, file: FileRecord, kind: AudioLimitKind): Promise<void> {
  const local = await copyToTempFile(storage, file);
  try {
    await checkAudioLength(local, file.originalName, kind);
  } finally {
    await rm(local, { force: true });
  }
}

function asBrokenMedia(error: unknown, source: FileRecord, what: string): never {
  // A file ffmpeg or sharp cannot read stays unreadable however often it is retried; a missing or failing ffmpeg is the server's problem and may be fixed.
  if (error instanceof MediaError && (error.code === 'undecodable-media' || error.code === 'unsupported-image' || error.code === 'bad-crop')) {
    throw new DeriveMediaError('broken-media', `file ${source.id} ("${source.originalName}") is not ${what} that can be read: ${error.message}`, true);
  }
  // Too long, too many pixels, too much memory or time: the same file would fail the same way again.
  if (error instanceof MediaError && (error.code === 'too-long' || error.code === 'too-many-pixels')) {
    throw new DeriveMediaError('over-limit', `"${source.originalName}": ${error.message}`, true);
  }
  if (error instanceof MediaError && error.code === 'too-costly') {
    throw new DeriveMediaError('too-costly', `"${source.originalName}" could not be decoded within the limits: ${error.message}`, true);
  }
  throw error;
}

/**
 * A sound is held to its kind's length from its header first (nothing decoded), then decoded in the media
 * pool's threads, where ffmpeg reads no more than a second past the limit whatever the header said.
 */
async function deriveAudioFile(deps: DeriveMediaDeps, source: FileRecord, local: string, options: DeriveMediaOptions): Promise<DeriveMediaResult> {
  const limit = options.limit ?? audioLimitOf(source.kind);
  const header = await readAudioHeader(local);
  if (header.durationSeconds !== null && header.durationSeconds > AUDIO_MAX_SECONDS[limit]) {
    throw new DeriveMediaError('over-limit', tooLongMessage(source.originalName, header.durationSeconds, limit), true);
  }
  const derived = await mediaPool()
    .run('derive-audio', { path: local, maxSeconds: AUDIO_MAX_SECONDS[limit] }, { owner: source.ownerUserId, ifOwnerBusy: options.ifOwnerBusy ?? 'wait' })
    .catch((error: unknown) => {
      // The header did not say (or lied): the decoder stopped a second past the limit.
      if (error instanceof MediaError && error.code === 'too-long') throw new DeriveMediaError('over-limit', tooLongMessage(source.originalName, null, limit), true);
      return asBrokenMedia(error, source, 'audio');
    });
  const { probe } = derived;
  return storeDerivatives(deps, source, 'audio', derived.files, async (tx) => {
    const itemIds = await recordAudioProbe(tx, source, probe, derived.featureVector);
    return { durationMs: probe.durationMs, itemIds };
  });
}

async function deriveImageFile(deps: DeriveMediaDeps, source: FileRecord, local: string, use: 'cover' | 'banner'): Promise<DeriveMediaResult> {
  const derive = use === 'banner' ? deriveBanner : deriveCoverArt;
  const derived = await derive({ path: local }, { crop: cropOf(source) }).catch((error: unknown) => asBrokenMedia(error, source, 'an image'));
  return storeDerivatives(deps, source, use, derived.images, async () => ({}));
}

async function storeDerivatives(
  deps: DeriveMediaDeps,
  source: FileRecord,
  use: Exclude<MediaUse, 'none'>,
  derived: readonly DerivedFile[],
  record: (tx: Tx) => Promise<Pick<DeriveMediaResult, 'durationMs' | 'itemIds'>>,
): Promise<DeriveMediaResult> {
  const storedKeys: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      // Runs for the same file queue up here; the later one then finds the variants stored.
      await lockFile(tx, source.id);
      const existing = await listVariants(tx, source.id);
      const created: string[] = [];
      const base = path.parse(source.originalName).name || 'file';
      for (const file of derived) {
        if (existing.has(file.variant)) continue;
        const stored = await createFileFromUpload(
          { db: tx, storage: deps.storage },
          {
            body: file.body,
            originalName: `${base} (${file.variant}).${file.extension}`,
            contentType: file.contentType,
            ownerUserId: source.ownerUserId,
            packId: source.packId,
            derivedFromFileId: source.id,
            variant: file.variant,
            cacheControl: CACHE_IMMUTABLE,
            keyPrefix: 'derivatives',
          },
        );
        storedKeys.push(stored.storageKey);
        created.push(file.variant);
      }
      const recorded = await record(tx);
      return { fileId: source.id, use, created, existing: [...existing], ...recorded };
    });
  } catch (error) {
    // The rows rolled back: leave no unreferenced objects behind.
    await Promise.all(storedKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
