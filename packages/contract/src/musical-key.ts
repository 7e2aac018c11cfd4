/**
 * Pitch classes (C = 0 … B = 11) to and from the stored key vocabulary of catalogue-enums.ts, so
 * that every module naming a key (file-name parsing, audio analysis) spells it the one stored way
 * ("C#/Db minor", never "Dbm").
 */
import { KEY_NOTES, type KeyMode, type KeyNote, type MusicalKey } from './catalogue-enums.ts';

/** KEY_NOTES is listed from A; its pitch classes follow from where C sits in it. */
const C_INDEX = KEY_NOTES.indexOf('C');

export function keyNoteOfPitchClass(pitchClass: number): KeyNote {
  const pc = ((Math.round(pitchClass) % 12) + 12) % 12;
  return KEY_NOTES[(pc + C_INDEX) % 12]!;
}

export function pitchClassOfKeyNote(note: KeyNote): number {
  return (KEY_NOTES.indexOf(note) - C_INDEX + 12) % 12;
}

export function musicalKeyOf(pitchClass: number, mode: KeyMode): MusicalKey {
  return `${keyNoteOfPitchClass(pitchClass)} ${mode}`;
}

/** The relative major of a minor key and the relative minor of a major key (same notes). */
export function relativeKey(key: MusicalKey): MusicalKey {
  const space = key.lastIndexOf(' ');
  const pc = pitchClassOfKeyNote(key.slice(0, space) as KeyNote);
  return key.endsWith(' minor') ? musicalKeyOf(pc + 3, 'major') : musicalKeyOf(pc + 9, 'minor');
}
