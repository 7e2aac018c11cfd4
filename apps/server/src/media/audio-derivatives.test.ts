/**
 * Derivatives on real files in every format a creator uploads. Fixtures are made in a temp dir
 * by the system's sox and ffmpeg (the CI installs them) from audio the synth renders, so the
 * product's own ffmpeg (from npm) is checked against independent encoders.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLoop, renderOneShot } from '@crate/demo-catalogue/synth/sounds';
import { AUDIO_FEATURE_VECTOR_LAYOUT, computeAudioFeatures, integratedLoudness } from './audio-features.ts';
import { AUDIO_VARIANTS, deriveAudio } from './audio-derivatives.ts';
import { MediaError } from './media-error.ts';
import { computeWaveformPeaks } from './waveform-peaks.ts';

let dir: string;
const timings: number[] = [];

function sox(...args: string[]) {
  execFileSync('sox', args, { stdio: 'pipe' });
}
function systemFfmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

interface Fixture {
  file: string;
  durationMs: number;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
}

const fixtures: Fixture[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crate-media-'));
  // 2 bars at 120 BPM: exactly 4.000 s of real music, stereo 16-bit 44.1 kHz.
  const loop = renderLoop({ seed: 'fixture', style: 'house', key: 'A minor', bpm: 120, bars: 2 });
  const source = join(dir, 'loop-16-stereo.wav');
  writeFileSync(source, loop.wav);
  const at = (name: string) => join(dir, name);
  sox(source, '-b', '24', at('loop-24-stereo.wav'));
  sox(source, '-b', '24', '-c', '1', at('loop-24-mono.wav'));
  sox(source, '-c', '1', at('loop-16-mono.wav'));
  sox(source, '-r', '48000', '-b', '24', at('loop-24-stereo-48k.wav'));
  sox(source, at('loop-16-stereo.aiff'));
  sox(source, '-b', '24', '-c', '1', at('loop-24-mono.aiff'));
  sox(source, at('loop-16-stereo.flac'));
  sox(source, '-b', '24', '-r', '96000', '-c', '1', at('loop-24-mono-96k.flac'));
  systemFfmpeg('-i', source, '-c:a', 'libmp3lame', '-b:a', '192k', at('loop-stereo.mp3'));
  systemFfmpeg('-i', source, '-ac', '1', '-c:a', 'libmp3lame', '-q:a', '4', at('loop-mono-vbr.mp3'));
  systemFfmpeg('-i', source, '-c:a', 'libvorbis', '-q:a', '5', at('loop-stereo.ogg'));
  // A one-shot of a different length, and a long-ish tone.
  writeFileSync(at('kick.wav'), renderOneShot({ seed: 'fixture-kick', sound: 'kick', channels: 1 }).wav);
  sox('-n', '-r', '48000', '-b', '24', '-c', '2', at('tone-7.5s.wav'), 'synth', '7.5', 'sine', '440', 'vol', '0.5');

  const kickMs = Math.round((readFileSync(at('kick.wav')).readUInt32LE(40) / 2 / 44100) * 1000);
  fixtures.push(
    { file: 'loop-16-stereo.wav', durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: 16 },
    { file: 'loop-24-stereo.wav', durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: 24 },
    { file: 'loop-24-mono.wav', durationMs: 4000, sampleRate: 44100, channels: 1, bitDepth: 24 },
    { file: 'loop-16-mono.wav', durationMs: 4000, sampleRate: 44100, channels: 1, bitDepth: 16 },
    { file: 'loop-24-stereo-48k.wav', durationMs: 4000, sampleRate: 48000, channels: 2, bitDepth: 24 },
    { file: 'loop-16-stereo.aiff', durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: 16 },
    { file: 'loop-24-mono.aiff', durationMs: 4000, sampleRate: 44100, channels: 1, bitDepth: 24 },
    { file: 'loop-16-stereo.flac', durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: 16 },
    { file: 'loop-24-mono-96k.flac', durationMs: 4000, sampleRate: 96000, channels: 1, bitDepth: 24 },
    { file: 'loop-stereo.mp3', durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: null },
    { file: 'loop-mono-vbr.mp3', durationMs: 4000, sampleRate: 44100, channels: 1, bitDepth: null },
    { file: 'loop-stereo.ogg', durationMs: 4000, sampleRate: 44100, channels: 2, bitDepth: null },
    { file: 'kick.wav', durationMs: kickMs, sampleRate: 44100, channels: 1, bitDepth: 16 },
    { file: 'tone-7.5s.wav', durationMs: 7500, sampleRate: 48000, channels: 2, bitDepth: 24 },
  );
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (timings.length > 0) {
    const sorted = [...timings].sort((a, b) => a - b);
    console.info(`media: derivative set (preview + peaks + probe + features) median ${sorted[sorted.length >> 1]!.toFixed(0)} ms over ${sorted.length} files`);
  }
});

describe('deriveAudio on real files', () => {
  const names = [
    'loop-16-stereo.wav',
    'loop-24-stereo.wav',
    'loop-24-mono.wav',
    'loop-16-mono.wav',
    'loop-24-stereo-48k.wav',
    'loop-16-stereo.aiff',
    'loop-24-mono.aiff',
    'loop-16-stereo.flac',
    'loop-24-mono-96k.flac',
    'loop-stereo.mp3',
    'loop-mono-vbr.mp3',
    'loop-stereo.ogg',
    'kick.wav',
    'tone-7.5s.wav',
  ];

  it.each(names)('%s: duration, format, MP3 preview, peaks and features', async (name) => {
    const fixture = fixtures.find((f) => f.file === name)!;
    const started = performance.now();
    const result = await deriveAudio({ path: join(dir, name) });
    timings.push(performance.now() - started);

    expect(Math.abs(result.probe.durationMs - fixture.durationMs), 'duration ±20 ms').toBeLessThanOrEqual(20);
    expect(result.probe.sampleRate).toBe(fixture.sampleRate);
    expect(result.probe.channels).toBe(fixture.channels);
    expect(result.probe.bitDepth).toBe(fixture.bitDepth);

    // The preview is a real MP3 of about the right length, at 128 kbps, mono kept mono.
    expect(result.preview.variant).toBe(AUDIO_VARIANTS.preview);
    expect(result.preview.contentType).toBe('audio/mpeg');
    const mp3 = await parseBuffer(result.preview.body, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(mp3.format.container).toBe('MPEG');
    expect(mp3.format.codec).toBe('MPEG 1 Layer 3');
    expect(mp3.format.sampleRate).toBe(44100);
    expect(mp3.format.numberOfChannels).toBe(fixture.channels === 1 ? 1 : 2);
    expect(Math.abs(mp3.format.bitrate! - 128_000)).toBeLessThan(2000);
    expect(Math.abs(mp3.format.duration! * 1000 - fixture.durationMs)).toBeLessThan(80);
    expect(Math.abs(result.preview.body.length - (128_000 / 8) * (fixture.durationMs / 1000))).toBeLessThan(4000);

    // Peaks: the fixed count of min/max pairs in [-1, 1], and the JSON body is the same data.
    const peaks = result.peaks.data;
    expect(peaks.length).toBe(800);
    expect(peaks.data).toHaveLength(1600);
    for (let i = 0; i < peaks.data.length; i += 2) {
      expect(peaks.data[i]!).toBeGreaterThanOrEqual(-1);
      expect(peaks.data[i + 1]!).toBeLessThanOrEqual(1);
      expect(peaks.data[i]!).toBeLessThanOrEqual(peaks.data[i + 1]!);
    }
    expect(Math.max(...peaks.data)).toBeGreaterThan(0.3);
    expect(JSON.parse(result.peaks.body.toString('utf8'))).toEqual(peaks);
    expect(Math.abs(peaks.durationMs - fixture.durationMs)).toBeLessThanOrEqual(20);

    expect(result.featureVector).toHaveLength(AUDIO_FEATURE_VECTOR_LAYOUT.length);
    for (const value of result.featureVector) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(result.files.map((f) => f.variant)).toEqual([AUDIO_VARIANTS.preview, AUDIO_VARIANTS.peaks]);
  });

  it('works from a buffer as well as a path, with the same result', async () => {
    const path = join(dir, 'loop-16-stereo.flac');
    const fromBuffer = await deriveAudio({ buffer: readFileSync(path) });
    const fromPath = await deriveAudio({ path });
    expect(fromBuffer.probe).toEqual(fromPath.probe);
    expect(fromBuffer.peaks.data).toEqual(fromPath.peaks.data);
    expect(fromBuffer.featureVector).toEqual(fromPath.featureVector);
  });

  it('hears what is in the file: a 440 Hz tone is an A, a kick is darker and punchier than a loop', async () => {
    const tone = await deriveAudio({ path: join(dir, 'tone-7.5s.wav') });
    const chroma = tone.features.chroma;
    expect(chroma[9]).toBeGreaterThan(0.9);
    expect(tone.features.spectralFlatness).toBeLessThan(0.05);
    // sox's 0.5-amplitude sine on both channels: RMS −9.03 dBFS.
    expect(tone.features.rmsDb).toBeCloseTo(-9.03, 1);

    const kick = await deriveAudio({ path: join(dir, 'kick.wav') });
    const loop = await deriveAudio({ path: join(dir, 'loop-16-stereo.wav') });
    expect(kick.features.spectralCentroidHz).toBeLessThan(loop.features.spectralCentroidHz);
    expect(kick.features.lowEnergy).toBeGreaterThan(0.7);
    expect(kick.features.attackMs).toBeLessThan(10);
    expect(loop.features.highEnergy).toBeGreaterThan(kick.features.highEnergy);
  });

  it('rejects bytes that are not audio with a MediaError', async () => {
    const bogus = join(dir, 'not-audio.wav');
    writeFileSync(bogus, 'this is a text file pretending to be a WAV');
    await expect(deriveAudio({ path: bogus })).rejects.toBeInstanceOf(MediaError);
    await expect(deriveAudio({ buffer: Buffer.from('nope') })).rejects.toMatchObject({ code: 'undecodable-media' });
  });
});

describe('loudness (ITU-R BS.1770)', () => {
  function sine(hz: number, amplitude: number, seconds: number, sampleRate: number) {
    const out = new Float32Array(Math.round(seconds * sampleRate));
    for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
    return out;
  }

  it('measures a full-scale 997 Hz sine at −3.01 LUFS at any sample rate', () => {
    for (const rate of [44100, 48000, 96000]) {
      expect(integratedLoudness(sine(997, 1, 5, rate), rate)).toBeCloseTo(-3.01, 1);
    }
    expect(integratedLoudness(sine(997, 0.1, 5, 48000), 48000)).toBeCloseTo(-23.01, 1);
  });

  it('gates silence out of the integrated loudness', () => {
    const rate = 48000;
    const tone = sine(997, 0.1, 3, rate);
    const withSilence = new Float32Array(tone.length * 3);
    withSilence.set(tone, tone.length);
    expect(integratedLoudness(withSilence, rate)).toBeCloseTo(integratedLoudness(tone, rate), 0);
  });

  it('reports silence as silence', () => {
    const features = computeAudioFeatures(new Float32Array(44100), 44100);
    expect(features.rmsDb).toBe(-200);
    expect(features.chroma.every((c) => c === 0)).toBe(true);
  });
});

describe('waveform peaks', () => {
  it('keeps the envelope: min/max per bucket, fixed count, shorter files padded', () => {
    const samples = new Float32Array(8000);
    for (let i = 0; i < samples.length; i++) samples[i] = (i % 2 === 0 ? 1 : -1) * (i < 4000 ? 0.25 : 0.9);
    const peaks = computeWaveformPeaks(samples, 44100, 800);
    expect(peaks.data).toHaveLength(1600);
    expect(peaks.data[0]).toBeCloseTo(-0.25, 1);
    expect(peaks.data[1]).toBeCloseTo(0.25, 1);
    expect(peaks.data[1598]).toBeCloseTo(-0.9, 1);
    expect(peaks.data[1599]).toBeCloseTo(0.9, 1);

    const tiny = computeWaveformPeaks(new Float32Array([0.5, -0.5, 0.25]), 44100, 10);
    expect(tiny.data).toHaveLength(20);
    expect(tiny.data.every((v) => v >= -1 && v <= 1)).toBe(true);
  });
});
