/**
 * The checks every media input makes before anything decodes it (docs/decisions/0031): a sound's length from
 * its header, an image's pixels from its header, each against the contract's limit, refused with a 413 that
 * names the file, what it is and the limit. Every image sharp opens for us is opened through `sharpFrom`, so the
 * decoder refuses the same pixels even if a header check were missed.
 */
import { parseFile } from 'music-metadata';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { AUDIO_MAX_SECONDS, type AudioLimitKind, formatDuration, IMAGE_MAX_PIXELS, IMAGE_MAX_PIXELS_LABEL } from '@crate/contract/studio-limits';
import { AppError } from '../http/app-error.ts';

/** What each kind of sound is called in a refusal. */
const AUDIO_KIND_NAMES: Record<AudioLimitKind, string> = {
  'Sample audio': 'a sample',
  'Stem audio': 'a stem',
  'Pack preview audio': "a pack's preview",
  'Preset preview audio': "a preset's preview",
  demo: 'a demo',
};

export interface AudioHeader {
  /** Seconds, as the header says (or as its bitrate and size give for a constant-bitrate MP3); null when it does not say. */
  durationSeconds: number | null;
  container: string | null;
}

/**
 * The duration a sound's header declares, without decoding it: WAV and AIFF from their data size, FLAC from
 * its STREAMINFO, MP3 from its Xing/VBRI frame count or its bitrate and size. Null when the header does not
 * say (Ogg, a broken file): the decoder's own cap then decides (audio-derivatives.ts reads at most a second
 * past the limit).
 */
export async function readAudioHeader(path: string): Promise<AudioHeader> {
  try {
    const { format } = await parseFile(path, { duration: false, skipCovers: true, skipPostHeaders: true });
    const seconds = format.duration;
    return { durationSeconds: seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : null, container: format.container ?? null };
  } catch {
    return { durationSeconds: null, container: null };
  }
}

/** Names the file, its length (null: known only to be longer than the limit), what it is and the limit. */
export function tooLongMessage(name: string, seconds: number | null, kind: AudioLimitKind): string {
  const limit = formatDuration(AUDIO_MAX_SECONDS[kind]);
  const length = seconds === null ? `longer than ${limit}` : `${formatDuration(seconds)} long`;
  return `"${name}" is ${length}; ${AUDIO_KIND_NAMES[kind]} is at most ${limit}.`;
}

function tooLong(name: string, seconds: number, kind: AudioLimitKind): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', tooLongMessage(name, seconds, kind), 'file');
}

/** Refuses a sound whose header declares more than its kind's limit; answers what the header said. */
export async function checkAudioLength(path: string, name: string, kind: AudioLimitKind): Promise<AudioHeader> {
  const header = await readAudioHeader(path);
  if (header.durationSeconds !== null && header.durationSeconds > AUDIO_MAX_SECONDS[kind]) throw tooLong(name, header.durationSeconds, kind);
  return header;
}

/** Every sharp instance that reads a user's image: the decoder refuses more pixels than the limit. */
export function sharpFrom(input: string | Buffer, options: SharpOptions = {}): Sharp {
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, ...options });
}

/**
 * An image's header (format, size, orientation): sharp reads no pixels for it. The pixel limit is not applied
 * here — sharp would refuse an over-limit header with an unreadable-image error — so that the caller can say
 * which limit the image is over.
 */
export function readImageMetadata(input: string | Buffer): Promise<Metadata> {
  return sharp(input, { limitInputPixels: false }).metadata();
}

export interface ImageHeader {
  format: string;
  /** As stored (before any EXIF rotation; the count of pixels is the same). */
  width: number;
  height: number;
  /** EXIF orientation 5–8: the picture is seen turned a quarter. */
  turned: boolean;
}

/** "is 16000 × 16000 pixels (256 megapixels); images are at most 36 megapixels (6000 × 6000)." */
export function overPixelLimit(width: number, height: number): string {
  return `is ${width} × ${height} pixels (${+((width * height) / 1_000_000).toFixed(1)} megapixels); images are at most ${IMAGE_MAX_PIXELS_LABEL}.`;
}

/**
 * An image's format and size from its header (sharp reads no pixels for this), refused with a 413 naming the
 * limit when it has more pixels than any image may; null when it is not an image sharp can read.
 */
export async function checkImageHeader(input: string | Buffer, name: string): Promise<ImageHeader | null> {
  let metadata: Metadata;
  try {
    metadata = await readImageMetadata(input);
  } catch {
    return null;
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (!metadata.format || width <= 0 || height <= 0) return null;
  if (width * height > IMAGE_MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', `"${name}" ${overPixelLimit(width, height)}`, 'file');
  return { format: metadata.format, width, height, turned: (metadata.orientation ?? 1) >= 5 };
}
