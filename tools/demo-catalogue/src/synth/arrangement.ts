/**
 * Writes the music: from a groove style, key, tempo, meter and feel, the note events of every
 * layer (drums, bass, chords, lead, fx). The same events are rendered to audio and written as MIDI,
 * so the two always agree. Times are in beats (see meter.ts), with swing already applied.
 */
import type { Feel, MusicalKey, TimeSignature } from '@crate/contract/catalogue-enums';
import { GENERIC_DRUMS, GROOVES, type DrumPattern, type GrooveProfile, type GrooveStyle } from './grooves.ts';
import { type Meter, type Swing, defaultSwing, meterOf, swingStep } from './meter.ts';
import {
  type Key,
  PENTATONIC_INTERVALS,
  PROGRESSIONS,
  diatonicChord,
  parseMusicalKey,
  scalePitchClasses,
  voiceLead,
} from './music-theory.ts';
import { type Random, type Seed, createRandom } from '../seeded-random.ts';
import {
  type BassVoice,
  type ChordVoice,
  type DrumVoice,
  type Layer,
  type LeadVoice,
  type VoiceName,
  GM_DRUM_NOTES,
  LAYERS,
} from './voices.ts';

export interface NoteEvent {
  layer: Layer;
  voice: VoiceName;
  /** Start in beats from the beginning, swing applied. */
  start: number;
  /** Length in beats. */
  duration: number;
  /** MIDI note: pitch for tonal voices, the General MIDI percussion note for drums. */
  midi: number;
  /** 0..1 */
  velocity: number;
  glideFrom?: number;
}

export type Form = 'loop' | 'composition';

export interface ArrangementOptions {
  seed: Seed;
  style: GrooveStyle;
  key: MusicalKey;
  /** Defaults to a tempo typical of the style, drawn from the seed. */
  bpm?: number;
  timeSignature: TimeSignature;
  feel: Feel;
  bars: number;
  form: Form;
  /** Layers to play; defaults to all (fx only in compositions and lo-fi crackle). */
  layers?: readonly Layer[];
  /** Chord progression as 0-based scale degrees; defaults to one drawn for the mode. */
  progression?: readonly number[];
  /** Override the style's voice for a layer. */
  voices?: { bass?: BassVoice; chords?: ChordVoice; lead?: LeadVoice };
}

export interface Arrangement {
  key: Key;
  bpm: number;
  meter: Meter;
  feel: Feel;
  swing: Swing;
  bars: number;
  form: Form;
  style: GrooveStyle;
  layers: Layer[];
  /** Chord per chord slot, as MIDI notes. */
  chords: number[][];
  events: NoteEvent[];
  /** Seed for timbres and per-note noise, so rendering is reproducible. */
  seed: string;
}

/** Sections of a composition: which layers play in each bar. */
function compositionLayers(bar: number, bars: number, wanted: ReadonlySet<Layer>): Set<Layer> {
  const intro = Math.max(1, Math.floor(bars / 4));
  const outroStart = bars - Math.max(1, Math.floor(bars / 4));
  const active = new Set<Layer>();
  const add = (layer: Layer) => wanted.has(layer) && active.add(layer);
  if (bar < intro) {
    add('chords');
    if (bar >= intro / 2) add('lead');
  } else if (bar < outroStart) {
    add('drums');
    add('bass');
    add('chords');
    add('lead');
  } else {
    add('chords');
    add('lead');
    if (bar === outroStart) add('bass');
  }
  return active;
}

export function createArrangement(options: ArrangementOptions): Arrangement {
  const random = createRandom(options.seed);
  const groove = GROOVES[options.style];
  const meter = meterOf(options.timeSignature);
  const key = parseMusicalKey(options.key);
  const bpm = options.bpm ?? Math.round(random.fork('bpm').range(groove.bpm[0], groove.bpm[1]));
  const swing = defaultSwing(options.feel, meter, groove.swingUnit);
  const wanted = new Set<Layer>(options.layers ?? LAYERS);
  const bars = Math.max(1, Math.floor(options.bars));

  const progression =
    options.progression && options.progression.length > 0
      ? options.progression
      : random.fork('progression').pick(PROGRESSIONS[key.mode]);
  // Enough chord changes to be musical without rushing a short loop: one per bar, two when the
  // loop is shorter than the progression (a 2-bar loop still hears all four chords).
  const chordsPerBar = bars < progression.length && meter.stepsPerBar >= 12 ? Math.min(2, Math.ceil(progression.length / bars)) : 1;
  const chordSlots = bars * chordsPerBar;
  const chordSize = groove.chords.sevenths ? 4 : 3;
  const chords: number[][] = [];
  let previous: number[] | undefined;
  for (let slot = 0; slot < chordSlots; slot++) {
    const degree = progression[slot % progression.length]!;
    const voiced = voiceLead(diatonicChord(key, degree, chordSize, 3), previous);
    chords.push(voiced);
    previous = voiced;
  }
  const chordRoots = Array.from({ length: chordSlots }, (_, slot) => {
    const degree = progression[slot % progression.length]!;
    return diatonicChord(key, degree, 3, 3)[0]! % 12;
  });

  const context: BuildContext = {
    random,
    groove,
    meter,
    key,
    swing,
    bars,
    chordsPerBar,
    chords,
    chordRoots,
    events: [],
    isActive: (layer, bar) =>
      options.form === 'composition' ? compositionLayers(bar, bars, wanted).has(layer) : wanted.has(layer),
  };

  const drumPattern = chooseDrumPattern(groove, meter, random.fork('drums'));
  writeDrums(context, drumPattern);
  writeBass(context, drumPattern, options.voices?.bass ?? groove.bass.voice);
  writeChords(context, options.voices?.chords ?? groove.chords.voice);
  writeLead(context, options.voices?.lead ?? groove.lead.voice);
  writeFx(context, options.form, wanted);

  context.events.sort((a, b) => a.start - b.start || LAYERS.indexOf(a.layer) - LAYERS.indexOf(b.layer));
  const layers = LAYERS.filter((layer) => context.events.some((e) => e.layer === layer));
  return {
    key,
    bpm,
    meter,
    feel: options.feel,
    swing,
    bars,
    form: options.form,
    style: options.style,
    layers,
    chords,
    events: context.events,
    seed: String(options.seed),
  };
}

interface BuildContext {
  random: Random;
  groove: GrooveProfile;
  meter: Meter;
  key: Key;
  swing: Swing;
  bars: number;
  chordsPerBar: number;
  chords: number[][];
  chordRoots: number[];
  events: NoteEvent[];
  isActive(layer: Layer, bar: number): boolean;
}

/** Beat position of a (possibly fractional) step in a bar, with swing. */
function stepToBeat(ctx: BuildContext, bar: number, step: number): number {
  return (bar * ctx.meter.stepsPerBar + swingStep(step, ctx.swing, ctx.meter)) / ctx.meter.stepsPerBeat;
}

function stepsToBeats(ctx: BuildContext, steps: number): number {
  return steps / ctx.meter.stepsPerBeat;
}

function chordSlotAt(ctx: BuildContext, bar: number, step: number): number {
  const perSlot = ctx.meter.stepsPerBar / ctx.chordsPerBar;
  return bar * ctx.chordsPerBar + Math.min(ctx.chordsPerBar - 1, Math.floor(step / perSlot));
}

function chooseDrumPattern(groove: GrooveProfile, meter: Meter, random: Random): DrumPattern {
  const own = groove.drums[meter.timeSignature];
  if (own && own.length > 0) return random.pick(own);
  if (meter.timeSignature === '4/4') return {};
  return random.pick(GENERIC_DRUMS[meter.timeSignature][groove.energy]);
}

function writeDrums(ctx: BuildContext, pattern: DrumPattern): void {
  const r = ctx.random.fork('drum-hits');
  const { meter } = ctx;
  for (let bar = 0; bar < ctx.bars; bar++) {
    if (!ctx.isActive('drums', bar)) continue;
    const isFillBar = ctx.bars >= 2 && bar % 4 === Math.min(3, ctx.bars - 1);
    for (const [voiceName, steps] of Object.entries(pattern) as [DrumVoice, string][]) {
      for (let step = 0; step < meter.stepsPerBar; step++) {
        let symbol = steps[step % steps.length] ?? '.';
        // Trap and drill hats: rolls and stutters, more of them on the fill bar.
        if (ctx.groove.rolls && voiceName === 'hat' && symbol !== '.' && r.chance(isFillBar ? 0.25 : 0.08)) {
          symbol = r.chance(0.5) ? 'r' : '=';
        }
        if (symbol === '.') continue;
        const hits = symbol === 'r' ? 3 : symbol === '=' ? 2 : 1;
        const base = symbol === 'o' ? 0.5 : 1;
        const accent = step % meter.stepsPerBeat === 0 ? 1 : 0.85;
        for (let h = 0; h < hits; h++) {
          const position = step + h / hits;
          const velocity = Math.min(1, base * accent * (hits > 1 ? 0.75 - 0.1 * h : 1) * r.range(0.88, 1.04));
          ctx.events.push({
            layer: 'drums',
            voice: voiceName,
            start: stepToBeat(ctx, bar, position),
            duration: stepsToBeats(ctx, voiceName === 'open-hat' ? 2 : 1) / hits,
            midi: voiceName === 'tom' ? [45, 47, 50][(step + bar) % 3]! : GM_DRUM_NOTES[voiceName],
            velocity,
          });
        }
      }
    }
    // A snare pickup at the end of a fill bar, when the groove has a snare.
    if (isFillBar && pattern.snare && meter.timeSignature === '4/4' && r.chance(0.6)) {
      for (const step of [13.5, 14, 15]) {
        ctx.events.push({
          layer: 'drums',
          voice: 'snare',
          start: stepToBeat(ctx, bar, step),
          duration: stepsToBeats(ctx, 0.5),
          midi: GM_DRUM_NOTES.snare,
          velocity: 0.45 + 0.15 * (step - 13.5),
        });
      }
    }
  }
}

function bassMidi(rootPitchClass: number, voice: BassVoice): number {
  // 808s and subs sit in octave 1 (E1–D#2, 41–78 Hz); the reese an octave up so its saws speak.
  const low = voice === 'reese' ? 40 : 28;
  return low + ((rootPitchClass - (low % 12) + 12) % 12);
}

function writeBass(ctx: BuildContext, drums: DrumPattern, voice: BassVoice): void {
  const r = ctx.random.fork('bass');
  const { meter, groove } = ctx;
  const spb = meter.stepsPerBar;
  const rhythm = groove.bass.rhythm === 'kick' && !drums.kick ? 'long' : groove.bass.rhythm;
  const patterns: Record<Exclude<typeof rhythm, 'kick'>, Record<TimeSignature, string>> = {
    offbeat: { '4/4': '..x...x...x...x.', '3/4': '..x...x...x.', '6/8': '..x.x...x.x.' },
    long: { '4/4': 'x...............', '3/4': 'x...........', '6/8': 'x...........' },
    eighths: { '4/4': 'x.x.x.x.x.x.x.x.', '3/4': 'x.x.x.x.x.x.', '6/8': 'x.x.x.x.x.x.' },
    syncopated: { '4/4': 'x..x..x...x.x...', '3/4': 'x.....x.x...', '6/8': 'x....xx.....' },
  };
  const hitsPattern = rhythm === 'kick' ? drums.kick! : patterns[rhythm][meter.timeSignature];
  let previousMidi: number | undefined;
  for (let bar = 0; bar < ctx.bars; bar++) {
    if (!ctx.isActive('bass', bar)) {
      previousMidi = undefined;
      continue;
    }
    const onsets: number[] = [];
    for (let step = 0; step < spb; step++) if ((hitsPattern[step] ?? '.') !== '.') onsets.push(step);
    // Long notes restart on every chord change so the bass follows the harmony.
    if (rhythm === 'long' && ctx.chordsPerBar > 1) onsets.push(spb / 2);
    onsets.sort((a, b) => a - b);
    for (let i = 0; i < onsets.length; i++) {
      const step = onsets[i]!;
      const next = onsets[i + 1] ?? spb;
      const root = ctx.chordRoots[chordSlotAt(ctx, bar, step)]!;
      let midi = bassMidi(root, voice);
      // Melodic movement: octave jumps and fifths on the weaker hits.
      if (i > 0 && rhythm !== 'long') {
        const roll = r.next();
        if (roll < 0.18) midi += 12;
        else if (roll < 0.3) midi += 7;
      }
      const gateSteps = rhythm === 'offbeat' ? 1.5 : Math.max(1, next - step - (voice === '808' ? 0 : 0.25));
      const glide = voice === '808' && previousMidi !== undefined && previousMidi !== midi && r.chance(0.45);
      ctx.events.push({
        layer: 'bass',
        voice,
        start: stepToBeat(ctx, bar, step),
        duration: stepsToBeats(ctx, gateSteps),
        midi,
        velocity: step % meter.stepsPerBeat === 0 ? 1 : 0.85,
        ...(glide ? { glideFrom: previousMidi } : {}),
      });
      previousMidi = midi;
    }
  }
}

function writeChords(ctx: BuildContext, voice: ChordVoice): void {
  const { meter } = ctx;
  const spb = meter.stepsPerBar;
  const slotSteps = spb / ctx.chordsPerBar;
  const rhythms: Record<GrooveProfile['chords']['rhythm'], Record<TimeSignature, string>> = {
    sustain: { '4/4': 'x...............', '3/4': 'x...........', '6/8': 'x...........' },
    offbeat: { '4/4': '..x...x...x...x.', '3/4': '..x...x...x.', '6/8': '..x.x...x.x.' },
    comp: { '4/4': 'x.....x...x.....', '3/4': '....x...x...', '6/8': 'x.....x.....' },
    pulse: { '4/4': 'x...x...x...x...', '3/4': 'x...x...x...', '6/8': 'x.....x.....' },
  };
  const rhythm = rhythms[ctx.groove.chords.rhythm][meter.timeSignature];
  for (let bar = 0; bar < ctx.bars; bar++) {
    if (!ctx.isActive('chords', bar)) continue;
    const onsets: number[] = [];
    for (let step = 0; step < spb; step++) if ((rhythm[step] ?? '.') !== '.') onsets.push(step);
    // Sustained chords restart on every chord change.
    if (ctx.groove.chords.rhythm === 'sustain') {
      for (let s = slotSteps; s < spb; s += slotSteps) onsets.push(s);
    }
    onsets.sort((a, b) => a - b);
    for (let i = 0; i < onsets.length; i++) {
      const step = onsets[i]!;
      const slotEnd = (Math.floor(step / slotSteps) + 1) * slotSteps;
      const next = Math.min(onsets[i + 1] ?? spb, slotEnd);
      const gate = voice === 'stab' ? Math.min(1.5, next - step) : next - step;
      const chord = ctx.chords[chordSlotAt(ctx, bar, step)]!;
      for (const midi of chord) {
        ctx.events.push({
          layer: 'chords',
          voice,
          start: stepToBeat(ctx, bar, step),
          duration: stepsToBeats(ctx, gate),
          midi,
          velocity: step === 0 ? 0.9 : 0.75,
        });
      }
    }
  }
}

/** A melody: a one- or two-bar motif of pentatonic steps, repeated with a varied ending. */
function writeLead(ctx: BuildContext, voice: LeadVoice): void {
  const r = ctx.random.fork('lead');
  const { meter, key } = ctx;
  const spb = meter.stepsPerBar;
  const range: Record<LeadVoice, [number, number]> = { lead: [67, 86], pluck: [60, 81], bell: [72, 91] };
  const [low, high] = range[voice];
  const penta = PENTATONIC_INTERVALS[key.mode].map((i) => (key.root + i) % 12);
  const ladder: number[] = [];
  for (let m = low; m <= high; m++) if (penta.includes(m % 12)) ladder.push(m);
  const scale = new Set(scalePitchClasses(key));

  const density = ctx.groove.lead.density;
  const grid = density >= 0.4 && meter.timeSignature !== '6/8' ? 1 : 2;
  const motifBars = ctx.bars >= 2 ? 2 : 1;
  type MotifNote = { step: number; move: number };
  const motif: MotifNote[][] = [];
  for (let b = 0; b < motifBars; b++) {
    const notes: MotifNote[] = [];
    for (let step = 0; step < spb; step += grid) {
      const strong = step % meter.stepsPerBeat === 0;
      const p = step === 0 ? 0.75 : strong ? density + 0.15 : density * 0.8;
      if (r.chance(p)) notes.push({ step, move: r.pick([-2, -1, -1, 1, 1, 2, 0]) });
    }
    if (notes.length < 2) notes.push({ step: spb / 2, move: 1 });
    notes.sort((a, b2) => a.step - b2.step);
    motif.push(notes);
  }

  let index = Math.floor(ladder.length / 2);
  let previousMidi: number | undefined;
  for (let bar = 0; bar < ctx.bars; bar++) {
    if (!ctx.isActive('lead', bar)) {
      previousMidi = undefined;
      continue;
    }
    const notes = motif[bar % motifBars]!;
    const vary = bar % 4 === 3;
    if (bar % motifBars === 0) index = Math.floor(ladder.length / 2);
    for (let i = 0; i < notes.length; i++) {
      const note = notes[i]!;
      const move = vary && i >= notes.length - 2 ? r.pick([-2, -1, 1, 2]) : note.move;
      index = Math.max(0, Math.min(ladder.length - 1, index + move));
      let midi = ladder[index]!;
      // On the beat, land on a chord tone (always in the scale) when one is a step away.
      if (note.step % meter.stepsPerBeat === 0) {
        const chord = ctx.chords[chordSlotAt(ctx, bar, note.step)]!;
        const tones = new Set(chord.map((n) => n % 12));
        for (const delta of [0, -1, 1, -2, 2]) {
          const candidate = midi + delta;
          if (tones.has(candidate % 12) && scale.has(candidate % 12) && candidate >= low && candidate <= high) {
            midi = candidate;
            break;
          }
        }
      }
      const nextStep = notes[i + 1]?.step ?? spb;
      const gap = nextStep - note.step;
      const gate = voice === 'lead' ? gap * 0.9 : Math.min(gap, 4);
      const glide = voice === 'lead' && previousMidi !== undefined && Math.abs(previousMidi - midi) <= 5 && r.chance(0.25);
      ctx.events.push({
        layer: 'lead',
        voice,
        start: stepToBeat(ctx, bar, note.step),
        duration: stepsToBeats(ctx, gate),
        midi,
        velocity: note.step % meter.stepsPerBeat === 0 ? 0.95 : 0.8,
        ...(glide ? { glideFrom: previousMidi } : {}),
      });
      previousMidi = midi;
    }
  }
}

function writeFx(ctx: BuildContext, form: Form, wanted: ReadonlySet<Layer>): void {
  if (!wanted.has('fx')) return;
  const beatsPerBar = ctx.meter.beatsPerBar;
  const root = 48 + ctx.key.root;
  if (ctx.groove.crackle) {
    ctx.events.push({ layer: 'fx', voice: 'crackle', start: 0, duration: ctx.bars * beatsPerBar, midi: root, velocity: 0.8 });
  }
  if (form !== 'composition') return;
  const intro = Math.max(1, Math.floor(ctx.bars / 4));
  const outroStart = ctx.bars - Math.max(1, Math.floor(ctx.bars / 4));
  const riserBars = intro >= 2 ? 2 : 1;
  ctx.events.push({
    layer: 'fx',
    voice: 'riser',
    start: (intro - riserBars) * beatsPerBar,
    duration: riserBars * beatsPerBar,
    midi: root,
    velocity: 0.8,
  });
  ctx.events.push({ layer: 'fx', voice: 'impact', start: intro * beatsPerBar, duration: 2, midi: root, velocity: 1 });
  ctx.events.push({ layer: 'drums', voice: 'crash', start: intro * beatsPerBar, duration: 2, midi: GM_DRUM_NOTES.crash, velocity: 0.8 });
  ctx.events.push({
    layer: 'fx',
    voice: 'downlifter',
    start: outroStart * beatsPerBar,
    duration: Math.min(2, ctx.bars - outroStart) * beatsPerBar,
    midi: root + 12,
    velocity: 0.7,
  });
}
