/**
 * Time signatures and groove timing.
 *
 * A "beat" is the pulse the BPM counts: a quarter note in 4/4 and 3/4, a dotted quarter in 6/8
 * (6/8 is felt as two dotted-quarter pulses). So a bar lasts beatsPerBar · 60 / BPM seconds:
 * 4/4 → 4 beats, 3/4 → 3 beats, 6/8 → 2 beats. Patterns are written on a sixteenth-note step
 * grid: 4 steps per beat in simple meters, 6 per (dotted) beat in 6/8.
 */
import type { Feel, TimeSignature } from '@crate/contract/catalogue-enums';

export interface Meter {
  timeSignature: TimeSignature;
  beatsPerBar: number;
  /** Sixteenth-note steps per beat. */
  stepsPerBeat: number;
  stepsPerBar: number;
  /** Quarter notes per beat, for MIDI ticks and tempo (1, or 1.5 for a dotted quarter). */
  quartersPerBeat: number;
  /** The time-signature meta event of a MIDI file. */
  midiNumerator: number;
  midiDenominator: number;
}

export function meterOf(timeSignature: TimeSignature): Meter {
  switch (timeSignature) {
    case '4/4':
      return { timeSignature, beatsPerBar: 4, stepsPerBeat: 4, stepsPerBar: 16, quartersPerBeat: 1, midiNumerator: 4, midiDenominator: 4 };
    case '3/4':
      return { timeSignature, beatsPerBar: 3, stepsPerBeat: 4, stepsPerBar: 12, quartersPerBeat: 1, midiNumerator: 3, midiDenominator: 4 };
    case '6/8':
      return { timeSignature, beatsPerBar: 2, stepsPerBeat: 6, stepsPerBar: 12, quartersPerBeat: 1.5, midiNumerator: 6, midiDenominator: 8 };
  }
}

/** Exact length of N bars: N · beatsPerBar · 60 / BPM seconds. */
export function barsToSeconds(bars: number, bpm: number, timeSignature: TimeSignature): number {
  return (bars * meterOf(timeSignature).beatsPerBar * 60) / bpm;
}

export function barsToSamples(bars: number, bpm: number, timeSignature: TimeSignature, sampleRate: number): number {
  return Math.round(barsToSeconds(bars, bpm, timeSignature) * sampleRate);
}

/**
 * Swing: the second note of each pair of swing units is played late. `ratio` is the share of the
 * pair the first note takes (0.5 = straight, 2/3 = triplet swing). Sixteenth swing is the MPC /
 * lo-fi feel; eighth swing the jazz / shuffle feel. 6/8 is already ternary at the eighth level, so
 * it only swings sixteenths.
 */
export interface Swing {
  unit: 'eighth' | 'sixteenth';
  ratio: number;
}

export const STRAIGHT: Swing = { unit: 'sixteenth', ratio: 0.5 };

export function defaultSwing(feel: Feel, meter: Meter, unit: Swing['unit'] = 'sixteenth'): Swing {
  if (feel === 'straight') return STRAIGHT;
  if (meter.timeSignature === '6/8' || unit === 'sixteenth') return { unit: 'sixteenth', ratio: 0.62 };
  return { unit: 'eighth', ratio: 2 / 3 };
}

/** Maps a straight position in steps (may be fractional) to its swung position in steps. */
export function swingStep(step: number, swing: Swing, meter: Meter): number {
  if (swing.ratio === 0.5) return step;
  const unitSteps = swing.unit === 'eighth' && meter.timeSignature !== '6/8' ? 2 : 1;
  const pair = 2 * unitSteps;
  const pairStart = Math.floor(step / pair) * pair;
  const x = (step - pairStart) / pair;
  const swung = x < 0.5 ? x * 2 * swing.ratio : swing.ratio + (x - 0.5) * 2 * (1 - swing.ratio);
  return pairStart + swung * pair;
}
