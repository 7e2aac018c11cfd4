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
} as const;

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
