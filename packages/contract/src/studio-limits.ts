/**
 * What the studio accepts (docs/decisions/0025-pack-uploads-limits-and-formats.md): formats by file kind, sizes
 * per file, per pack and per creator, and the limits a zip must keep to be unpacked. One table for the
 * upload screen, the upload instructions and the server that enforces it.
 */
import type { PackFileKind } from './catalogue-enums.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const STUDIO_LIMITS = {
  /** A sound (sample, stem, preview), a preset, a MIDI file, an image. */
  fileMaxBytes: {
    'Sample audio': 200 * MB,
    'Stem audio': 200 * MB,
    'Pack preview audio': 50 * MB,
    'Preset preview audio': 50 * MB,
    Preset: 20 * MB,
    Midi: 5 * MB,
    'Cover art': 20 * MB,
  } satisfies Record<PackFileKind, number>,
  /** One upload of a zip of the pack. */
  zipMaxBytes: 4 * GB,
  /** Everything stored for one pack. */
  packMaxBytes: 4 * GB,
  packMaxFiles: 2000,
  /** Everything a creator has uploaded, across packs (originals; previews are ours). */
  creatorMaxBytes: 100 * GB,
  /** A zip entry that inflates more than this many times its compressed size is refused (zip bomb). */
  zipMaxRatio: 200,
  /** Longest file name or path inside a pack. */
  pathMaxChars: 300,
  coverMinPixels: 500,
  /**
   * Uploads a creator may have open at once (started, not yet finished, cancelled or expired), across packs
   * and the people uploading for them. Each holds its declared size against the pack's and the creator's room
   * until it ends (docs/decisions/0032); the studio sends three at a time per pack.
   */
  openUploadsMax: 20,
} as const;

const MINUTE = 60;

/**
 * How long a sound may be, by what it is (docs/decisions/0031): read from the file's header before anything
 * decodes it, and enforced again by the decoder, which stops a second past the limit. A one-shot or a loop is
 * far shorter than its limit, but they are told apart only after analysis, so a sample's limit is a
 * composition's; stems are a composition's parts; previews and demos are listened to, not sold.
 */
export const AUDIO_MAX_SECONDS = {
  /** A one-shot, a loop or a composition (a construction kit's full mix). */
  'Sample audio': 15 * MINUTE,
  /** One part of a composition: as long as the composition. */
  'Stem audio': 15 * MINUTE,
  /** The pack's demo mix. */
  'Pack preview audio': 10 * MINUTE,
  /** A preset played for a few bars. */
  'Preset preview audio': 2 * MINUTE,
  /** A creator application's demo sound: a track or a beat tape's excerpt. */
  demo: 10 * MINUTE,
} as const;
export type AudioLimitKind = keyof typeof AUDIO_MAX_SECONDS;

/**
 * Every image a user sends (cover art now; avatars and banners when they can be uploaded) is refused from
 * its header above this many pixels, and the decoder is told the same limit (docs/decisions/0031): a
 * 16000 × 16000 PNG of 1 MB would otherwise take 0.75 GB to decode.
 */
export const IMAGE_MAX_PIXELS = 6000 * 6000;
/** The same limit as a person reads it: "36 megapixels (6000 × 6000)". */
export const IMAGE_MAX_PIXELS_LABEL = `${IMAGE_MAX_PIXELS / 1_000_000} megapixels (6000 × 6000)`;

/**
 * How many sounds of one user are decoded at once (docs/decisions/0031): a second demo sent while the first
 * is being checked is refused (429), a second job waits its turn.
 */
export const DECODES_PER_USER = 1;

/** "15 min", "2 min 30 s", "45 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / MINUTE);
  const rest = whole % MINUTE;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Accepted extensions by kind (content is checked too: the extension only suggests). */
export const ACCEPTED_FORMATS = {
  sound: ['wav', 'aif', 'aiff', 'flac'],
  /** Previews may also be MP3: they are listened to, never sold. */
  preview: ['wav', 'aif', 'aiff', 'flac', 'mp3'],
  midi: ['mid', 'midi'],
  image: ['jpg', 'jpeg', 'png', 'webp'],
  archive: ['zip'],
} as const;

/** WAV and AIFF bit depths a sold sound may have. */
export const ACCEPTED_BIT_DEPTHS = [16, 24, 32] as const;

export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${+(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${+(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
