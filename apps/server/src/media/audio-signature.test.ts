import { describe, expect, it } from 'vitest';
import { audioSignature } from './audio-signature.ts';

const bytes = (text: string, extra: number[] = []) => new Uint8Array([...Buffer.from(text, 'latin1'), ...extra]);

describe('audioSignature', () => {
  it.each([
    ['RIFF\x24\x00\x00\x00WAVEfmt ', 'wav'],
    ['FORM\x00\x00\x00\x20AIFFCOMM', 'aiff'],
    ['FORM\x00\x00\x00\x20AIFCCOMM', 'aiff'],
    ['fLaC\x00\x00\x00\x22', 'flac'],
    ['OggS\x00\x02', 'ogg'],
    ['ID3\x04\x00\x00', 'mp3'],
  ])('recognises %j as %s', (head, kind) => {
    expect(audioSignature(bytes(head))).toBe(kind);
  });

  it('recognises a bare MPEG frame header', () => {
    expect(audioSignature(new Uint8Array([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
  });

  it.each([
    ['a text file renamed .wav', 'hello, this is not audio'],
    ['a RIFF that is not WAVE', 'RIFF\x24\x00\x00\x00AVI LIST'],
    ['an empty file', ''],
    ['a PNG', '\x89PNG\r\n\x1a\n\x00\x00\x00\x0d'],
  ])('refuses %s', (_what, head) => {
    expect(audioSignature(bytes(head))).toBeNull();
  });
});
