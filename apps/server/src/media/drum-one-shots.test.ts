/**
 * Issue 34 (decision 0070): what the detector says of drum hits. One-shots — however long they ring — get no
 * tempo; unpitched percussion gets no key; tuned sounds keep theirs. Fixtures: the demo synth's one-shots and
 * sounds the system's sox makes (the CI installs it) shaped like the Debian kits' that were misread: a crash's
 * long noisy tail, a ride's flickering shimmer, a ringing agogo (heard as a 145.6 BPM loop before), a tom.
 * The kits themselves are measured by `npm run bench:drums`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeWav, type PcmAudio } from '@crate/audio/wav';
import { type OneShotSound, renderOneShot } from '@crate/demo-catalogue/synth/sounds';
import { detectTempoAndKey } from './tempo-key.ts';

const dir = mkdtempSync(join(tmpdir(), 'crate-drum-hits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sox(name: string, ...effects: string[]): PcmAudio {
  const file = join(dir, `${name}.wav`);
  // -R: the same noise every run.
  execFileSync('sox', ['-R', '-n', '-r', '44100', '-c', '1', '-b', '16', file, ...effects], { stdio: 'pipe' });
  return decodeWav(readFileSync(file));
}

const synth = (sound: OneShotSound) => decodeWav(renderOneShot({ seed: `drum-hits-${sound}`, sound, key: 'A minor' }).wav);

describe('unpitched percussion: a one-shot, no tempo, no key', () => {
  it.each<[string, () => PcmAudio]>([
    ['synth snare', () => synth('snare')],
    ['synth clap', () => synth('clap')],
    ['synth closed hat', () => synth('hi-hat')],
    ['synth open hat', () => synth('open-hat')],
    ['synth crash', () => synth('crash')],
    ['synth shaker', () => synth('shaker')],
    ['a 4 s crash: bright noise dying away', () => sox('crash', 'synth', '4', 'whitenoise', 'highpass', '3000', 'fade', 'l', '0.002', '4', '3.9', 'gain', '-3')],
    ['a 6 s ride: noise flickering 7 times a second as it dies away', () => sox('ride', 'synth', '6', 'pinknoise', 'highpass', '2000', 'tremolo', '7', '40', 'fade', 'l', '0.002', '6', '5.9', 'gain', '-3')],
  ])('%s', (_, audio) => {
    const heard = detectTempoAndKey(audio());
    expect(heard).toMatchObject({ kind: 'One-Shot', pitched: false, bpm: null, key: null });
    expect(heard.onsets).toBeLessThanOrEqual(1);
  });
});

describe('tuned sounds: a one-shot with a key, no tempo', () => {
  it.each<[string, () => PcmAudio, string]>([
    ['synth reese bass in A', () => synth('reese'), 'A '],
    ['synth pluck in A', () => synth('pluck'), 'A '],
    ['synth chord stab in A minor', () => synth('electric-piano'), 'A minor'],
    // Two partials beating 6 times a second for 3 s, shaped like the kit's AgogoLow-0.wav that 0027 heard as a 145.6 BPM loop.
    ['a ringing agogo on A5', () => sox('agogo', 'synth', '3', 'sine', '880', 'sine', '1318.5', 'remix', '-', 'tremolo', '6', '30', 'fade', 'l', '0.002', '3', '2.9', 'gain', '-3'), 'A '],
  ])('%s', (_, audio, key) => {
    const heard = detectTempoAndKey(audio());
    expect(heard).toMatchObject({ kind: 'One-Shot', pitched: true, bpm: null });
    expect(heard.key).toMatch(new RegExp(`^${key}`));
  });

  // A single low note fits many keys about equally, so its key may be withheld; it is pitched all the same.
  it.each<[string, () => PcmAudio]>([
    ['a tom gliding down from 140 Hz', () => sox('tom', 'synth', '1.2', 'sine', '140-90', 'fade', 'q', '0.002', '1.2', '1.1')],
    ['a synth 808', () => synth('808')],
  ])('%s is a one-shot with a pitch', (_, audio) => {
    expect(detectTempoAndKey(audio())).toMatchObject({ kind: 'One-Shot', pitched: true, bpm: null });
  });
});

describe('hits repeated on a beat: a loop', () => {
  it('eight noise hits at 120 BPM are a 120 BPM loop', () => {
    const hit = ['|sox -n -r 44100 -c 1 -p synth 0.06 whitenoise fade q 0.001 0.06 0.05 pad 0 0.44'];
    const file = join(dir, 'hits.wav');
    execFileSync('sox', [...Array<string>(8).fill(hit[0]!), '-b', '16', file], { stdio: 'pipe' });
    const heard = detectTempoAndKey(decodeWav(readFileSync(file)));
    expect(heard).toMatchObject({ kind: 'Loop', key: null });
    expect(heard.onsets).toBeGreaterThanOrEqual(6);
    expect(heard.bpm).toBeCloseTo(120, 0);
  });
});
