/**
 * Tempo and key on real audio: loops the demo synth renders at a known tempo and key, a pluck
 * progression made by the system's sox (the CI installs it), one-shots, noise and silence.
 * Accuracy on the larger set behind decision 0027 is recorded there; this set keeps the figures
 * from sliding.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MUSICAL_KEYS, type MusicalKey } from '@crate/contract/catalogue-enums';
import { relativeKey } from '@crate/contract/musical-key';
import { decodeWav, type PcmAudio } from '@crate/audio/wav';
import type { GrooveStyle } from '@crate/demo-catalogue/synth/grooves';
import { renderLoop, renderOneShot } from '@crate/demo-catalogue/synth/sounds';
import { MIN_BPM_CONFIDENCE, detectTempoAndKey } from './tempo-key.ts';

const LOOPS: { style: GrooveStyle; bpm: number; key: MusicalKey }[] = [
  { style: 'boom-bap', bpm: 90, key: 'A minor' },
  { style: 'lo-fi', bpm: 90, key: 'D#/Eb major' },
  { style: 'house', bpm: 120, key: 'C major' },
  { style: 'pop', bpm: 120, key: 'F#/Gb minor' },
  { style: 'techno', bpm: 140, key: 'F#/Gb minor' },
  { style: 'drill', bpm: 140, key: 'D#/Eb major' },
  { style: 'drum-and-bass', bpm: 174, key: 'A minor' },
  { style: 'techno', bpm: 174, key: 'C major' },
];

function loopAudio(style: GrooveStyle, bpm: number, key: MusicalKey): PcmAudio {
  return decodeWav(renderLoop({ seed: `tempo-key-${style}-${bpm}`, style, key, bpm, bars: 4 }).wav);
}

describe('detectTempoAndKey on synthesised loops', () => {
  const results = LOOPS.map((loop) => ({ ...loop, detected: detectTempoAndKey(loopAudio(loop.style, loop.bpm, loop.key)) }));

  it('hears each as a loop: several onsets, then a tempo', () => {
    for (const r of results) expect(r.detected, `${r.style} ${r.bpm}`).toMatchObject({ kind: 'Loop', onsets: expect.any(Number) as number });
    for (const r of results) expect(r.detected.onsets, `${r.style} ${r.bpm}`).toBeGreaterThanOrEqual(8);
  });

  it('finds the tempo within 1 BPM on most loops; a half or double tempo counts as wrong', () => {
    const exact = results.filter((r) => r.detected.bpm !== null && Math.abs(r.detected.bpm - r.bpm) <= 1);
    expect(exact.map((r) => `${r.style} ${r.bpm}`)).toEqual(LOOPS.filter((l) => l.bpm !== 174).map((l) => `${l.style} ${l.bpm}`));
    // Known limit (decision 0027): at 174 the pattern repeats every two beats and the tempo prior
    // cannot tell 87 from 174, so both loops are heard at half tempo, exactly.
    for (const r of results.filter((l) => l.bpm === 174)) expect(r.detected.bpm, r.style).toBe(87);
  });

  it('is sure of every tempo it gives', () => {
    for (const r of results) expect(r.detected.bpmConfidence, `${r.style} ${r.bpm}`).toBeGreaterThanOrEqual(MIN_BPM_CONFIDENCE);
  });

  it('finds the exact key on most loops (its relative major or minor counts as wrong), in the stored spelling', () => {
    const exact = results.filter((r) => r.detected.key === r.key);
    const relative = results.filter((r) => r.detected.key !== null && r.detected.key === relativeKey(r.key));
    // 5 of 8 exact and none relative at the time of decision 0027.
    expect(exact.length).toBeGreaterThanOrEqual(5);
    expect(relative.length).toBeLessThanOrEqual(1);
    for (const r of results) if (r.detected.key !== null) expect(MUSICAL_KEYS).toContain(r.detected.key);
  });
});

describe('detectTempoAndKey on a recording', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crate-tempo-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hears a sox pluck progression in D major at 100 BPM (I I IV V, chords on the beat, a melody note between)', () => {
    const file = join(dir, 'pluck.wav');
    // Semitones from A4: D3 −19, F#3 −15, A3 −12 …; each eighth note lasts 0.3 s at 100 BPM.
    const chords: Record<string, [string, string]> = {
      D: ['%-19 %-15 %-12', '%-7'],
      G: ['%-14 %-10 %-7', '%-2'],
      A: ['%-12 %-8 %-5', '%-5'],
    };
    const eighths = ['D', 'D', 'G', 'A'].flatMap((name) => {
      const [chord, top] = chords[name]!;
      const tones = chord.split(' ').flatMap((tone) => ['pluck', tone]);
      const beat = `|sox -n -r 22050 -c 1 -p synth 0.3 ${tones.join(' ')} remix - gain -n -3`;
      const between = `|sox -n -r 22050 -c 1 -p synth 0.3 pluck ${top} gain -n -15`;
      return [beat, between, beat, between];
    });
    execFileSync('sox', [...eighths, '-b', '16', file], { stdio: 'pipe' });
    const detected = detectTempoAndKey(decodeWav(readFileSync(file)));
    expect(detected.bpm).toBeCloseTo(100, 0);
    expect(detected.key).toBe('D major');
    expect(detected.keyConfidence).toBeGreaterThan(0.5);
  });
});

describe('detectTempoAndKey on what has no tempo or key', () => {
  it('gives a drum one-shot neither', () => {
    for (const sound of ['kick', 'snare', 'hi-hat', 'crash'] as const) {
      const detected = detectTempoAndKey(decodeWav(renderOneShot({ seed: `tk-${sound}`, sound }).wav));
      expect(detected, sound).toMatchObject({ kind: 'One-Shot', bpm: null, key: null });
    }
  });

  it('gives a held chord a key but no tempo', () => {
    const detected = detectTempoAndKey(decodeWav(renderOneShot({ seed: 'tk-keys', sound: 'electric-piano', key: 'D minor' }).wav));
    expect(detected).toMatchObject({ kind: 'One-Shot', pitched: true, bpm: null, key: 'D minor' });
  });

  it('gives white noise neither, with low confidence', () => {
    let seed = 1;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
    const noise = Float32Array.from({ length: 44100 * 4 }, () => random() * 0.5);
    const detected = detectTempoAndKey({ sampleRate: 44100, channels: [noise, noise] });
    expect(detected).toMatchObject({ bpm: null, key: null });
    expect(detected.bpmConfidence).toBeLessThan(0.2);
    expect(detected.keyConfidence).toBeLessThan(0.2);
  });

  it('gives silence and a too-short sound nothing, without failing', () => {
    expect(detectTempoAndKey({ sampleRate: 44100, channels: [new Float32Array(44100)] })).toEqual({
      kind: null,
      onsets: 0,
      pitched: null,
      bpm: null,
      bpmConfidence: 0,
      key: null,
      keyConfidence: 0,
    });
    expect(detectTempoAndKey({ sampleRate: 44100, channels: [new Float32Array(0)] }).bpm).toBeNull();
    const click = new Float32Array(1000);
    click[10] = 1;
    expect(detectTempoAndKey({ sampleRate: 48000, channels: [click] }).bpm).toBeNull();
  });
});

describe('detectTempoAndKey speed', () => {
  it('analyses a 10 s stereo 44.1 kHz loop in well under a second', () => {
    const audio = decodeWav(renderLoop({ seed: 'tk-speed', style: 'house', key: 'A minor', bpm: 96, bars: 4 }).wav);
    expect(audio.channels[0]!.length).toBe(441000);
    detectTempoAndKey(audio);
    const started = performance.now();
    const detected = detectTempoAndKey(audio);
    const elapsed = performance.now() - started;
    expect(detected.bpm).toBe(96);
    // ~60 ms on the dev machine; the bound leaves room for a loaded CI runner.
    expect(elapsed).toBeLessThan(600);
  });
});
