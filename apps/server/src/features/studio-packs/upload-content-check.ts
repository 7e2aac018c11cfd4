/**
 * The first check of an uploaded file, by its content (docs/decisions/0025): before anything is stored,
 * a sound must be a WAV, AIFF or FLAC whose header is whole and whose bit depth we sell (previews may be
 * MP3), no longer than its kind may be, MIDI must be MIDI, cover art an image of at least 500 × 500 and at
 * most IMAGE_MAX_PIXELS, a VST preset a VST preset. Nothing is decoded here: lengths and pixels come from the
 * headers (docs/decisions/0031). The processing pipeline decodes every sound fully later, in the media pool;
 * this catches what a creator can fix at once.
 */
import { open } from 'node:fs/promises';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { ACCEPTED_BIT_DEPTHS, type AudioLimitKind } from '@crate/contract/studio-limits';
import { AppError } from '../../http/app-error.ts';
import { audioSignature } from '../../media/audio-signature.ts';
import { checkImageFor } from '../../media/image-check.ts';
import { checkAudioLength } from '../../media/media-limits.ts';

const HEAD_BYTES = 64 * 1024;
const SOUND_KINDS: readonly PackFileKind[] = ['Sample audio', 'Stem audio'];
const PREVIEW_KINDS: readonly PackFileKind[] = ['Pack preview audio', 'Preset preview audio'];

const refuse = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message, 'file');

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Mostly printable ASCII/UTF-8 with no NUL: a text file (a readme, a renamed .txt). */
function looksLikeText(head: Buffer): boolean {
  const sample = head.subarray(0, 512);
  if (sample.length === 0 || sample.includes(0)) return false;
  let printable = 0;
  for (const byte of sample) if (byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127) || byte >= 128) printable++;
  return printable / sample.length > 0.95;
}

interface PcmHeader {
  bitDepth: number | null;
  /** Where the sample data starts and how many bytes the header says it holds. */
  dataOffset: number | null;
  dataBytes: number | null;
}

/** RIFF/WAVE chunks: `fmt ` (bits per sample) and `data` (where the samples are, how many bytes). */
function readWavHeader(head: Buffer): PcmHeader {
  const header: PcmHeader = { bitDepth: null, dataOffset: null, dataBytes: null };
  let at = 12;
  while (at + 8 <= head.length) {
    const id = head.toString('latin1', at, at + 4);
    const size = head.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 8 + 16 <= head.length) header.bitDepth = head.readUInt16LE(at + 8 + 14);
    if (id === 'data') return { ...header, dataOffset: at + 8, dataBytes: size };
    at += 8 + size + (size % 2);
  }
  return header;
}

/** AIFF chunks (big-endian): `COMM` (sample size) and `SSND` (offset + samples). */
function readAiffHeader(head: Buffer): PcmHeader {
  const header: PcmHeader = { bitDepth: null, dataOffset: null, dataBytes: null };
  let at = 12;
  while (at + 8 <= head.length) {
    const id = head.toString('latin1', at, at + 4);
    const size = head.readUInt32BE(at + 4);
    if (id === 'COMM' && at + 8 + 8 <= head.length) header.bitDepth = head.readUInt16BE(at + 8 + 6);
    if (id === 'SSND') return { ...header, dataOffset: at + 8, dataBytes: size };
    at += 8 + size + (size % 2);
  }
  return header;
}

function checkPcm(name: string, format: 'WAV' | 'AIFF', header: PcmHeader, size: number): void {
  if (header.dataOffset === null || header.dataBytes === null) throw refuse(`"${name}" is not a complete ${format} file: it has no audio data.`);
  if (header.bitDepth !== null && !(ACCEPTED_BIT_DEPTHS as readonly number[]).includes(header.bitDepth)) {
    throw refuse(`"${name}" is ${header.bitDepth}-bit: sounds are sold as 16-, 24- or 32-bit ${format}.`);
  }
  if (header.dataOffset + header.dataBytes > size) {
    throw refuse(`"${name}" is cut short: its header promises ${header.dataBytes} bytes of audio but the file holds ${Math.max(0, size - header.dataOffset)}. Export it again.`);
  }
  if (header.dataBytes === 0) throw new AppError('VALIDATION_FAILED', `"${name}" holds no audio (0 samples).`, 'file');
}

function checkSound(name: string, kind: PackFileKind, head: Buffer, size: number): void {
  const signature = audioSignature(head);
  const preview = PREVIEW_KINDS.includes(kind);
  const accepted = preview ? 'a WAV, AIFF, FLAC or MP3 file' : 'a WAV, AIFF or FLAC file';
  if (!signature || signature === 'ogg' || (signature === 'mp3' && !preview)) {
    if (looksLikeText(head)) throw refuse(`"${name}" is text, not audio: upload ${accepted}.`);
    if (signature === 'mp3') throw refuse(`"${name}" is an MP3: sounds are sold lossless — upload the WAV, AIFF or FLAC (MP3 is fine for previews).`);
    throw refuse(`"${name}" is not audio we can read: upload ${accepted}.`);
  }
  if (signature === 'wav') checkPcm(name, 'WAV', readWavHeader(head), size);
  if (signature === 'aiff') checkPcm(name, 'AIFF', readAiffHeader(head), size);
}

const VST_PRESET_MAGIC: Record<string, string> = { fxp: 'CcnK', fxb: 'CcnK', vstpreset: 'VST3' };

function checkPreset(name: string, head: Buffer): void {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  const magic = VST_PRESET_MAGIC[extension];
  if (magic && head.toString('latin1', 0, 4) !== magic) throw refuse(`"${name}" is not a .${extension} preset (its content does not start like one).`);
}

/** Throws a clear error naming the file when it is not what its kind needs; resolves when it is. */
export async function checkUploadedFile(file: { name: string; kind: PackFileKind; path: string; size: number }): Promise<void> {
  const { name, kind, path, size } = file;
  if (size === 0) throw new AppError('VALIDATION_FAILED', `"${name}" is empty (0 bytes).`, 'file');
  const head = await readHead(path);
  if (SOUND_KINDS.includes(kind) || PREVIEW_KINDS.includes(kind)) {
    checkSound(name, kind, head, size);
    await checkAudioLength(path, name, kind as AudioLimitKind);
    return;
  }
  if (kind === 'Midi') {
    if (head.toString('latin1', 0, 4) !== 'MThd') throw refuse(`"${name}" is not a MIDI file.`);
    return;
  }
  if (kind === 'Cover art') {
    await checkImageFor(path, name, 'cover');
    return;
  }
  checkPreset(name, head);
}
