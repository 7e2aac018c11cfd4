/**
 * RIFF/WAVE PCM encoding (16- or 24-bit integer, any channel count) and a decoder for the PCM
 * formats a producer's WAV files use (8/16/24/32-bit integer, 32-bit float, WAVE_FORMAT_EXTENSIBLE).
 */

import { endianness } from 'node:os';

const LITTLE_ENDIAN = endianness() === 'LE';

export interface PcmAudio {
  sampleRate: number;
  /** One array per channel, samples in [-1, 1]. */
  channels: Float32Array[];
}

export interface DecodedWav extends PcmAudio {
  bitDepth: number;
  format: 'pcm' | 'float';
}

export function encodeWav(audio: PcmAudio, bitDepth: 16 | 24 = 16): Buffer {
  const channelCount = audio.channels.length;
  if (channelCount === 0) throw new Error('encodeWav: no channels');
  const frames = audio.channels[0]!.length;
  const bytesPerSample = bitDepth / 8;
  const blockAlign = channelCount * bytesPerSample;
  const dataSize = frames * blockAlign;
  const buffer = Buffer.alloc(44 + dataSize + (dataSize % 2));
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize + (dataSize % 2), 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channelCount, 22);
  buffer.writeUInt32LE(audio.sampleRate, 24);
  buffer.writeUInt32LE(audio.sampleRate * blockAlign, 28);
  buffer.writeUInt16LE(blockAlign, 32);
  buffer.writeUInt16LE(bitDepth, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  const max = bitDepth === 16 ? 32767 : 8388607;
  // Plain rounding, no dither: the same input must always give the same bytes.
  if (bitDepth === 16 && LITTLE_ENDIAN) {
    // Fast path: write interleaved samples through an Int16Array over the data chunk.
    const samples = new Int16Array(buffer.buffer, buffer.byteOffset + 44, frames * channelCount);
    for (let c = 0; c < channelCount; c++) {
      const channel = audio.channels[c]!;
      for (let i = 0, j = c; i < frames; i++, j += channelCount) {
        let v = channel[i]! * max;
        v = v > max ? max : v < -max ? -max : v;
        // Int16Array stores truncate toward zero, so ±0.5 rounds half away from zero, like
        // Math.round on magnitudes, at a third of the cost.
        samples[j] = v + (v >= 0 ? 0.5 : -0.5);
      }
    }
    return buffer;
  }
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channelCount; c++) {
      const x = audio.channels[c]![i]!;
      const v = Math.round((x > 1 ? 1 : x < -1 ? -1 : x) * max);
      if (bitDepth === 16) {
        view.setInt16(offset, v, true);
      } else {
        view.setUint8(offset, v & 0xff);
        view.setInt16(offset + 1, v >> 8, true);
      }
      offset += bytesPerSample;
    }
  }
  return buffer;
}

export function decodeWav(data: Buffer): DecodedWav {
  if (data.length < 12 || data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: { formatTag: number; channels: number; sampleRate: number; bitDepth: number } | undefined;
  while (offset + 8 <= data.length) {
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      let formatTag = data.readUInt16LE(body);
      if (formatTag === 0xfffe && size >= 26) formatTag = data.readUInt16LE(body + 24);
      fmt = {
        formatTag,
        channels: data.readUInt16LE(body + 2),
        sampleRate: data.readUInt32LE(body + 4),
        bitDepth: data.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data chunk before fmt chunk');
      // A WAV streamed to a pipe cannot go back to fill in its sizes: 0 or 0xFFFFFFFF means "to the end".
      const end = size === 0 || size === 0xffffffff ? data.length : Math.min(data.length, body + size);
      return { ...decodeSamples(data.subarray(body, end), fmt), sampleRate: fmt.sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

function decodeSamples(
  bytes: Buffer,
  fmt: { formatTag: number; channels: number; bitDepth: number },
): Omit<DecodedWav, 'sampleRate'> {
  const isFloat = fmt.formatTag === 3;
  if (!isFloat && fmt.formatTag !== 1) throw new Error(`unsupported WAV format tag ${fmt.formatTag}`);
  const bytesPerSample = fmt.bitDepth / 8;
  const frames = Math.floor(bytes.length / (bytesPerSample * fmt.channels));
  const channels = Array.from({ length: fmt.channels }, () => new Float32Array(frames));
  let offset = 0;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < fmt.channels; c++) {
      let v: number;
      if (isFloat) v = fmt.bitDepth === 64 ? bytes.readDoubleLE(offset) : bytes.readFloatLE(offset);
      else if (fmt.bitDepth === 8) v = (bytes.readUInt8(offset) - 128) / 128;
      else if (fmt.bitDepth === 16) v = bytes.readInt16LE(offset) / 32768;
      else if (fmt.bitDepth === 24) v = bytes.readIntLE(offset, 3) / 8388608;
      else if (fmt.bitDepth === 32) v = bytes.readInt32LE(offset) / 2147483648;
      else throw new Error(`unsupported WAV bit depth ${fmt.bitDepth}`);
      channels[c]![i] = v;
      offset += bytesPerSample;
    }
  }
  return { channels, bitDepth: fmt.bitDepth, format: isFloat ? 'float' : 'pcm' };
}
