import type { ObjectStorage } from '../storage/object-storage.ts';

/**
 * What kind of audio a file's first bytes say it is: WAV, AIFF, FLAC, MP3 or Ogg, or null. Uploads are
 * checked by content, not by name (docs/security-model.md); the derive-media job decodes it fully.
 */
export type AudioSignature = 'wav' | 'aiff' | 'flac' | 'mp3' | 'ogg';

/** How many leading bytes audioSignature needs. */
export const AUDIO_SIGNATURE_BYTES = 12;

export function audioSignature(head: Uint8Array): AudioSignature | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (head.length >= 12 && ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'aiff';
  if (head.length >= 4 && ascii(0, 4) === 'fLaC') return 'flac';
  if (head.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (head.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame header: 11 sync bits, layer not reserved.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) return 'mp3';
  return null;
}

/** The media type each signature is served as: what the bytes are, whatever the uploader declared. */
const AUDIO_SIGNATURE_TYPES: Record<AudioSignature, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

/** The media type of a stored object by its first bytes, or null when it is missing, empty or not audio we know. */
export async function storedAudioType(storage: Pick<ObjectStorage, 'head' | 'get'>, key: string): Promise<string | null> {
  const object = await storage.head(key);
  if (!object || object.size === 0) return null;
  const got = await storage.get(key, { start: 0, end: AUDIO_SIGNATURE_BYTES - 1 });
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of got.body) chunks.push(chunk as Buffer);
  const signature = audioSignature(Buffer.concat(chunks));
  return signature ? AUDIO_SIGNATURE_TYPES[signature] : null;
}
