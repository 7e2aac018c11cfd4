/**
 * Keys, scales and chords for the synth. Pitch classes count from C = 0; MIDI note 69 is A4 = 440 Hz.
 * Minor is natural minor (aeolian), as the key names in docs/product-overview.md §3 imply.
 */
import { KEY_NOTES, type KeyMode, type MusicalKey } from '@crate/contract/catalogue-enums';

/** Pitch class of each key note (docs/product-overview.md §3) ("A" → 9, "C#/Db" → 1). */
const KEY_NOTE_PITCH_CLASS: Record<(typeof KEY_NOTES)[number], number> = {
  A: 9,
  'A#/Bb': 10,
  B: 11,
  C: 0,
  'C#/Db': 1,
  D: 2,
  'D#/Eb': 3,
  E: 4,
  F: 5,
  'F#/Gb': 6,
  G: 7,
  'G#/Ab': 8,
};

export const SCALE_INTERVALS: Record<KeyMode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

/** Pentatonic subsets: melodies drawn from them always sound in key. */
export const PENTATONIC_INTERVALS: Record<KeyMode, readonly number[]> = {
  major: [0, 2, 4, 7, 9],
  minor: [0, 3, 5, 7, 10],
};

export interface Key {
  /** Root pitch class, C = 0. */
  root: number;
  mode: KeyMode;
  name: MusicalKey;
}

export function parseMusicalKey(name: MusicalKey): Key {
  const space = name.lastIndexOf(' ');
  const note = name.slice(0, space) as (typeof KEY_NOTES)[number];
  const mode = name.slice(space + 1) as KeyMode;
  const root = KEY_NOTE_PITCH_CLASS[note];
  if (root === undefined || (mode !== 'major' && mode !== 'minor')) throw new Error(`unknown key: ${name}`);
  return { root, mode, name };
}

export function midiToFrequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Pitch classes of the key's scale, e.g. A minor → [9, 11, 0, 2, 4, 5, 7]. */
export function scalePitchClasses(key: Key): number[] {
  return SCALE_INTERVALS[key.mode].map((i) => (key.root + i) % 12);
}

/**
 * MIDI note of a scale degree (0-based, may exceed 6 or be negative to move across octaves),
 * with degree 0 placed in the given octave (C4 = 60 convention: octave 4 starts at MIDI 60).
 */
export function scaleDegreeToMidi(key: Key, degree: number, octave: number): number {
  const intervals = SCALE_INTERVALS[key.mode];
  const octaveShift = Math.floor(degree / 7);
  const index = ((degree % 7) + 7) % 7;
  return 12 * (octave + 1) + key.root + 12 * octaveShift + intervals[index]!;
}

/** Diatonic chord on a scale degree: stacked thirds within the scale (3 = triad, 4 = seventh). */
export function diatonicChord(key: Key, degree: number, size: 3 | 4, octave: number): number[] {
  const notes: number[] = [];
  for (let i = 0; i < size; i++) notes.push(scaleDegreeToMidi(key, degree + 2 * i, octave));
  return notes;
}

/**
 * Re-voices a chord close to a previous one (smooth voice leading) and inside [low, high]:
 * every note is moved by octaves to the position nearest the previous chord's centre.
 */
export function voiceLead(chord: readonly number[], previous: readonly number[] | undefined, low = 52, high = 76): number[] {
  const centre = previous && previous.length > 0 ? previous.reduce((s, n) => s + n, 0) / previous.length : (low + high) / 2;
  const voiced = chord.map((note) => {
    let n = note;
    while (n - centre > 6) n -= 12;
    while (centre - n > 6) n += 12;
    while (n < low) n += 12;
    while (n > high) n -= 12;
    return n;
  });
  return [...new Set(voiced)].sort((a, b) => a - b);
}

/** Common progressions as 0-based scale degrees, per mode. */
export const PROGRESSIONS: Record<KeyMode, readonly (readonly number[])[]> = {
  minor: [
    [0, 5, 2, 6], // i VI III VII
    [0, 3, 4, 0], // i iv v i
    [0, 5, 3, 4], // i VI iv v
    [0, 6, 5, 6], // i VII VI VII
    [0, 3, 5, 4], // i iv VI v
    [0, 2, 5, 3], // i III VI iv
  ],
  major: [
    [0, 4, 5, 3], // I V vi IV
    [0, 5, 3, 4], // I vi IV V
    [1, 4, 0, 5], // ii V I vi
    [0, 3, 0, 4], // I IV I V
    [3, 0, 4, 5], // IV I V vi
    [0, 2, 3, 4], // I iii IV V
  ],
};

/** MIDI key-signature meta values: sharps (+) or flats (−) and the minor flag. */
export function keySignature(key: Key): { sharpsOrFlats: number; minor: boolean } {
  const majorRoot = key.mode === 'major' ? key.root : (key.root + 3) % 12;
  const byMajorRoot: Record<number, number> = { 0: 0, 7: 1, 2: 2, 9: 3, 4: 4, 11: 5, 6: 6, 1: -5, 8: -4, 3: -3, 10: -2, 5: -1 };
  return { sharpsOrFlats: byMajorRoot[majorRoot]!, minor: key.mode === 'minor' };
}
