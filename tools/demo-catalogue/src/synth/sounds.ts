/**
 * The synth's public face: one-shots, loops and compositions as WAV files (16-bit PCM, 44.1 kHz),
 * with stems and MIDI on request, tagged with the taxonomy instruments they contain. Deterministic:
 * the same spec and seed always give the same bytes.
 */
import type { Feel, MusicalKey, TimeSignature } from '@crate/contract/catalogue-enums';
import type { InstrumentSlug } from '@crate/contract/taxonomy';
import { type Arrangement, type ArrangementOptions, createArrangement } from './arrangement.ts';
import { createStereoBuffer, peakOf, scaleBuffer } from './dsp.ts';
import type { GrooveStyle } from './grooves.ts';
import { type MidiWriteOptions, writeMidiFile } from './midi-file.ts';
import { diatonicChord, parseMusicalKey, voiceLead } from './music-theory.ts';
import { MASTER_PEAK, SAMPLE_RATE, renderArrangement } from './render.ts';
import { createRandom, seedToUint32, type Seed } from '../seeded-random.ts';
import { encodeWav } from '@crate/audio/wav';
import { type Layer, type VoiceName, createInstrument } from './voices.ts';

export interface RenderedStem {
  layer: Layer;
  wav: Buffer;
}

export interface RenderedSound {
  wav: Buffer;
  durationMs: number;
  sampleRate: number;
  channels: number;
  /** Taxonomy instrument slugs for tagging the item. */
  instruments: InstrumentSlug[];
  /** Loops and compositions only: the tempo used (drawn from the style when not given). */
  bpm?: number;
  /** Loops and compositions only. */
  arrangement?: Arrangement;
  stems: RenderedStem[];
  midi?: Buffer;
}

export interface PatternSoundSpec {
  seed: Seed;
  style: GrooveStyle;
  key: MusicalKey;
  bpm?: number;
  timeSignature?: TimeSignature;
  feel?: Feel;
  /** Loops default to 4 bars, compositions to 16. */
  bars?: number;
  layers?: ArrangementOptions['layers'];
  progression?: ArrangementOptions['progression'];
  voices?: ArrangementOptions['voices'];
  channels?: 1 | 2;
  stems?: boolean;
  midi?: boolean | MidiWriteOptions;
}

export function renderLoop(spec: PatternSoundSpec): RenderedSound {
  return renderPattern(spec, 'loop');
}

export function renderComposition(spec: PatternSoundSpec): RenderedSound {
  return renderPattern(spec, 'composition');
}

function renderPattern(spec: PatternSoundSpec, form: 'loop' | 'composition'): RenderedSound {
  const arrangement = createArrangement({
    seed: spec.seed,
    style: spec.style,
    key: spec.key,
    ...(spec.bpm !== undefined ? { bpm: spec.bpm } : {}),
    timeSignature: spec.timeSignature ?? '4/4',
    feel: spec.feel ?? 'straight',
    bars: spec.bars ?? (form === 'loop' ? 4 : 16),
    form,
    ...(spec.layers ? { layers: spec.layers } : {}),
    ...(spec.progression ? { progression: spec.progression } : {}),
    ...(spec.voices ? { voices: spec.voices } : {}),
  });
  const audio = renderArrangement(arrangement, { channels: spec.channels ?? 2, stems: spec.stems ?? false });
  const frames = audio.channels[0]!.length;
  const stems: RenderedStem[] = [];
  for (const layer of arrangement.layers) {
    const stem = audio.stems[layer];
    if (stem) stems.push({ layer, wav: encodeWav({ sampleRate: audio.sampleRate, channels: stem }) });
  }
  const result: RenderedSound = {
    wav: encodeWav({ sampleRate: audio.sampleRate, channels: audio.channels }),
    durationMs: Math.round((frames / audio.sampleRate) * 1000),
    sampleRate: audio.sampleRate,
    channels: audio.channels.length,
    instruments: instrumentsOf(arrangement),
    bpm: arrangement.bpm,
    arrangement,
    stems,
  };
  if (spec.midi) result.midi = writeMidiFile(arrangement, spec.midi === true ? {} : spec.midi);
  return result;
}

const VOICE_TAGS: Record<VoiceName, InstrumentSlug[]> = {
  kick: ['kick'],
  snare: ['snare'],
  clap: ['clap'],
  hat: ['hi-hat'],
  'open-hat': ['open-hat'],
  rim: ['rim'],
  shaker: ['shaker'],
  tom: ['toms'],
  crash: ['crash'],
  sub: ['sub-bass'],
  '808': ['808-bass'],
  reese: ['reese'],
  pad: ['pad', 'chords'],
  keys: ['electric-piano', 'chords'],
  stab: ['stab', 'chords'],
  lead: ['synth-lead'],
  pluck: ['pluck'],
  bell: ['bells'],
  riser: ['riser'],
  downlifter: ['downlifter'],
  impact: ['impact'],
  sweep: ['sweep'],
  crackle: ['vinyl-crackle'],
};

function instrumentsOf(arrangement: Arrangement): InstrumentSlug[] {
  const tags = new Set<InstrumentSlug>();
  if (arrangement.form === 'loop' && arrangement.layers.includes('drums')) tags.add('drum-loop');
  for (const event of arrangement.events) for (const tag of VOICE_TAGS[event.voice]) tags.add(tag);
  return [...tags];
}

// ───────────────────────────── one-shots ─────────────────────────────

export const ONE_SHOT_SOUNDS = [
  'kick',
  'snare',
  'clap',
  'hi-hat',
  'open-hat',
  'crash',
  'rim',
  'shaker',
  'toms',
  '808',
  'sub-bass',
  'reese',
  'pad',
  'electric-piano',
  'stab',
  'synth-lead',
  'pluck',
  'bells',
  'riser',
  'downlifter',
  'impact',
  'sweep',
  'vinyl-crackle',
] as const satisfies readonly InstrumentSlug[];
export type OneShotSound = (typeof ONE_SHOT_SOUNDS)[number];

interface OneShotDesign {
  voice: VoiceName;
  /** Notes: 'root' plays the key's root, 'chord' its tonic chord, 'none' an unpitched hit. */
  pitch: 'none' | 'root' | 'chord';
  octave: number;
  /** Held for this many seconds (or beats × 60/BPM for FX when a BPM is given). */
  gate: number;
  /** Rendered length, seconds, before trimming trailing silence. */
  length: number;
  tonal: boolean;
}

const ONE_SHOTS: Record<OneShotSound, OneShotDesign> = {
  kick: { voice: 'kick', pitch: 'none', octave: 0, gate: 0.05, length: 1.2, tonal: false },
  snare: { voice: 'snare', pitch: 'none', octave: 0, gate: 0.05, length: 1, tonal: false },
  clap: { voice: 'clap', pitch: 'none', octave: 0, gate: 0.05, length: 1, tonal: false },
  'hi-hat': { voice: 'hat', pitch: 'none', octave: 0, gate: 0.05, length: 0.4, tonal: false },
  'open-hat': { voice: 'open-hat', pitch: 'none', octave: 0, gate: 0.4, length: 1.5, tonal: false },
  crash: { voice: 'crash', pitch: 'none', octave: 0, gate: 1, length: 3, tonal: false },
  rim: { voice: 'rim', pitch: 'none', octave: 0, gate: 0.05, length: 0.4, tonal: false },
  shaker: { voice: 'shaker', pitch: 'none', octave: 0, gate: 0.05, length: 0.5, tonal: false },
  toms: { voice: 'tom', pitch: 'root', octave: 2, gate: 0.05, length: 1.5, tonal: true },
  '808': { voice: '808', pitch: 'root', octave: 1, gate: 1.6, length: 2.2, tonal: true },
  'sub-bass': { voice: 'sub', pitch: 'root', octave: 1, gate: 1.2, length: 1.6, tonal: true },
  reese: { voice: 'reese', pitch: 'root', octave: 2, gate: 1.6, length: 2.2, tonal: true },
  pad: { voice: 'pad', pitch: 'chord', octave: 3, gate: 3.5, length: 5, tonal: true },
  'electric-piano': { voice: 'keys', pitch: 'chord', octave: 3, gate: 1.8, length: 3.5, tonal: true },
  stab: { voice: 'stab', pitch: 'chord', octave: 3, gate: 0.3, length: 1.5, tonal: true },
  'synth-lead': { voice: 'lead', pitch: 'root', octave: 4, gate: 1.2, length: 2, tonal: true },
  pluck: { voice: 'pluck', pitch: 'root', octave: 4, gate: 0.5, length: 3, tonal: true },
  bells: { voice: 'bell', pitch: 'root', octave: 5, gate: 0.5, length: 4, tonal: true },
  riser: { voice: 'riser', pitch: 'root', octave: 3, gate: 4, length: 4, tonal: false },
  downlifter: { voice: 'downlifter', pitch: 'root', octave: 4, gate: 2.5, length: 2.5, tonal: false },
  impact: { voice: 'impact', pitch: 'none', octave: 0, gate: 0.1, length: 4, tonal: false },
  sweep: { voice: 'sweep', pitch: 'root', octave: 3, gate: 3, length: 3, tonal: false },
  'vinyl-crackle': { voice: 'crackle', pitch: 'none', octave: 0, gate: 4, length: 4, tonal: false },
};

export interface OneShotSpec {
  seed: Seed;
  sound: OneShotSound;
  /** Tonal one-shots are tuned to this key's root (chords: its tonic chord). Default C minor. */
  key?: MusicalKey;
  /** FX one-shots (risers, sweeps…) last a whole number of bars at this tempo when given. */
  bpm?: number;
  channels?: 1 | 2;
}

export function renderOneShot(spec: OneShotSpec): RenderedSound {
  const design = ONE_SHOTS[spec.sound];
  const sampleRate = SAMPLE_RATE;
  const key = parseMusicalKey(spec.key ?? 'C minor');
  const random = createRandom(spec.seed);
  const instrument = createInstrument(design.voice, random.fork(`timbre/${design.voice}`));
  const isTimedFx = design.voice === 'riser' || design.voice === 'sweep' || design.voice === 'downlifter';
  const gate = isTimedFx && spec.bpm ? (design.voice === 'riser' ? 8 : 4) * (60 / spec.bpm) : design.gate;
  const length = isTimedFx && spec.bpm ? gate : design.length;
  const buffer = createStereoBuffer(Math.ceil(length * sampleRate));
  const notes =
    design.pitch === 'chord'
      ? voiceLead(diatonicChord(key, 0, 3, design.octave), undefined, 48, 72)
      : [design.pitch === 'root' ? 12 * (design.octave + 1) + key.root : 60];
  let n = 0;
  for (const midi of notes) {
    instrument.render(
      { startSample: 0, gateSamples: Math.round(gate * sampleRate), midi, velocity: 1, glideFromMidi: undefined, maxSamples: undefined },
      { out: buffer, sampleRate, noiseSeed: seedToUint32(`${String(spec.seed)}/note${n++}`) },
    );
  }
  const peak = peakOf(buffer);
  if (peak > 0) scaleBuffer(buffer, MASTER_PEAK / peak);
  const end = isTimedFx && spec.bpm ? buffer.left.length : trimmedLength(buffer.left, buffer.right, sampleRate);
  let channels = [buffer.left.subarray(0, end), buffer.right.subarray(0, end)];
  if (spec.channels === 1) {
    const mono = new Float32Array(end);
    for (let i = 0; i < end; i++) mono[i] = (channels[0]![i]! + channels[1]![i]!) * 0.5;
    channels = [mono];
  }
  return {
    wav: encodeWav({ sampleRate, channels }),
    durationMs: Math.round((end / sampleRate) * 1000),
    sampleRate,
    channels: channels.length,
    instruments: spec.sound === '808' ? ['808', '808-bass'] : [spec.sound],
    stems: [],
  };
}

/** Drops the silent tail (below −60 dBFS) of a decaying one-shot, ending on a 5 ms fade. */
function trimmedLength(left: Float32Array, right: Float32Array, sampleRate: number): number {
  const threshold = 0.001;
  let last = left.length - 1;
  while (last > 0 && Math.abs(left[last]!) < threshold && Math.abs(right[last]!) < threshold) last--;
  const end = Math.min(left.length, last + 1 + Math.round(0.01 * sampleRate));
  const fade = Math.min(end, Math.round(0.005 * sampleRate));
  for (let k = 0; k < fade; k++) {
    const g = k / fade;
    left[end - 1 - k]! *= g;
    right[end - 1 - k]! *= g;
  }
  return end;
}
