import { crc32, deflateRawSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { encodeWav } from '@crate/audio/wav';
import { freshAddress } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

export const UPLOADS = '/api/studio/uploads';
const TUS = { 'tus-resumable': '1.0.0' };

export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** POST: creates the upload; its Location is where the bytes go. */
export function tusCreate(t: TestApp, cookie: string, metadata: Record<string, string>, length: number): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: UPLOADS, remoteAddress: freshAddress(), headers: { cookie, ...TUS, 'upload-length': String(length), 'upload-metadata': tusMetadata(metadata) } });
}

export function tusPatch(t: TestApp, cookie: string, location: string, offset: number, bytes: Buffer): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'PATCH', url: location, remoteAddress: freshAddress(), headers: { cookie, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: bytes });
}

export function tusHead(t: TestApp, cookie: string, location: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'HEAD', url: location, remoteAddress: freshAddress(), headers: { cookie, ...TUS } });
}

export function tusDelete(t: TestApp, cookie: string, location: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'DELETE', url: location, remoteAddress: freshAddress(), headers: { cookie, ...TUS } });
}

/** A whole upload in one PATCH; answers the creation's refusal when there is one, else the PATCH's answer. */
export async function tusUpload(t: TestApp, cookie: string, packId: string, relativePath: string, bytes: Buffer): Promise<LightMyRequestResponse> {
  const created = await tusCreate(t, cookie, { packId, relativePath }, bytes.length);
  if (created.statusCode !== 201) return created;
  return tusPatch(t, cookie, created.headers.location as string, 0, bytes);
}

const RATE = 44100;

/** A sine tone of `seconds`, as a 16- or 24-bit WAV. */
export function toneWav(hz = 440, seconds = 1, bitDepth: 16 | 24 = 16): Buffer {
  const samples = new Float32Array(Math.round(RATE * seconds)).map((_, i) => 0.4 * Math.sin((2 * Math.PI * hz * i) / RATE));
  return encodeWav({ sampleRate: RATE, channels: [samples] }, bitDepth);
}

/** A sine tone as an 8-bit WAV (unsigned samples): real audio, in a bit depth sounds are not sold in. */
export function eightBitWav(hz = 440, seconds = 0.5): Buffer {
  const count = Math.round(RATE * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + count, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(count, 40);
  const samples = Buffer.from(Array.from({ length: count }, (_, i) => Math.round(128 + 100 * Math.sin((2 * Math.PI * hz * i) / RATE))));
  return Buffer.concat([header, samples]);
}

/** A crash-like hit: bright noise (seeded, so the same every run) struck once and dying away over `seconds`. */
export function cymbalWav(seconds = 3): Buffer {
  const samples = new Float32Array(Math.round(RATE * seconds));
  let seed = 7;
  let previous = 0;
  for (let i = 0; i < samples.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const noise = (seed / 2 ** 32) * 2 - 1;
    samples[i] = 0.45 * (noise - previous) * Math.exp(-i / (RATE * 0.7)); // a first difference: the bright part
    previous = noise;
  }
  return encodeWav({ sampleRate: RATE, channels: [samples] });
}

/** A loop that pulses at `bpm` (a decaying low thump on every beat) over an A-minor triad: tempo and key can be heard. */
export function loopWav(bpm: number, seconds = 8): Buffer {
  const samples = new Float32Array(RATE * seconds);
  const beat = Math.round((60 / bpm) * RATE);
  const chord = [220, 261.63, 329.63];
  for (let i = 0; i < samples.length; i++) {
    const sinceBeat = i % beat;
    const thump = Math.exp(-sinceBeat / (RATE * 0.04)) * Math.sin((2 * Math.PI * 60 * sinceBeat) / RATE);
    const pad = chord.reduce((sum, hz) => sum + Math.sin((2 * Math.PI * hz * i) / RATE), 0) / chord.length;
    samples[i] = 0.6 * thump + 0.25 * pad;
  }
  return encodeWav({ sampleRate: RATE, channels: [samples] });
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Unix mode in the external attributes (0o120777 makes a symlink). */
  mode?: number;
  /** Lie about the uncompressed size in the headers (a bomb's trick). */
  declaredSize?: number;
  compressedSize?: number;
  /** Deflate the data (method 8) instead of storing it. */
  deflate?: boolean;
}

/**
 * A zip written byte by byte, so a test can say exactly what is in it — names no archiver would write
 * (`../x`, `/etc/x`), symlinks, headers that lie about sizes.
 */
export function rawZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const method = entry.deflate ? 8 : 0;
    const size = entry.declaredSize ?? entry.data.length;
    const compressed = entry.compressedSize ?? body.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // names are UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
