import { describe, expect, it } from 'vitest';
import { KEY_NOTES, MUSICAL_KEYS } from './catalogue-enums.ts';
import { keyNoteOfPitchClass, musicalKeyOf, pitchClassOfKeyNote, relativeKey } from './musical-key.ts';

describe('musical keys by pitch class', () => {
  it('maps C = 0 … B = 11 onto the stored note names and back', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(keyNoteOfPitchClass)).toEqual([
      'C', 'C#/Db', 'D', 'D#/Eb', 'E', 'F', 'F#/Gb', 'G', 'G#/Ab', 'A', 'A#/Bb', 'B',
    ]);
    for (const note of KEY_NOTES) expect(keyNoteOfPitchClass(pitchClassOfKeyNote(note))).toBe(note);
    expect(keyNoteOfPitchClass(-1)).toBe('B');
    expect(keyNoteOfPitchClass(12)).toBe('C');
  });

  it('names keys the stored way and pairs each with its relative', () => {
    expect(musicalKeyOf(6, 'minor')).toBe('F#/Gb minor');
    expect(relativeKey('A minor')).toBe('C major');
    expect(relativeKey('D#/Eb major')).toBe('C minor');
    for (const key of MUSICAL_KEYS) expect(relativeKey(relativeKey(key))).toBe(key);
  });
});
