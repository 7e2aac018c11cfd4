/**
 * Oversized media, made by code for the tests (docs/decisions/0031): long sounds encoded by the system's
 * ffmpeg (installed by .ci/run for fixtures only; the product uses its own from npm) and an image bomb
 * written byte by byte.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

function systemFfmpeg(...args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

/** A tone of `seconds` at 8 kHz mono, `kbps` constant bitrate, no Xing header: its size and bitrate tell its length. */
export function lowBitrateMp3(dir: string, seconds: number, kbps = 8): Buffer {
  const file = path.join(dir, `tone-${seconds}s-${kbps}k.mp3`);
  systemFfmpeg('-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=8000:duration=${seconds}`, '-b:a', `${kbps}k`, '-write_xing', '0', '-id3v2_version', '0', file);
  return readFileSync(file);
}

/**
 * An MP3 that lies about its length: ten seconds at 160 kb/s, then `seconds` more at 8 kb/s. A reader that
 * estimates from the first frames' bitrate (as a header check must) sees a few minutes; a decoder plays all of it.
 */
export function lyingMp3(dir: string, seconds: number): Buffer {
  const head = path.join(dir, 'liar-head.mp3');
  systemFfmpeg('-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=8000:duration=10', '-b:a', '160k', '-write_xing', '0', '-id3v2_version', '0', head);
  return Buffer.concat([readFileSync(head), lowBitrateMp3(dir, seconds)]);
}

/** Silence as FLAC (8 kHz mono 16-bit): a 16-minute sound in about 200 KB. */
export function silentFlac(dir: string, seconds: number): Buffer {
  const file = path.join(dir, `silence-${seconds}s.flac`);
  systemFfmpeg('-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String(seconds), '-c:a', 'flac', '-sample_fmt', 's16', file);
  return readFileSync(file);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A whole, valid PNG of `width` × `height` black pixels, 1 bit each, compressed: 16000 × 16000 is 256
 * megapixels in about 30 KB, which a decoder would expand to at least 256 MB.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1; // a filter byte, then the bits
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}
