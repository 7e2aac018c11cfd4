/**
 * The instruments of the synth. Each voice draws a timbre (its sound-design parameters) from a
 * seeded random stream once per sound, so a loop keeps one kick, one bass, one pad throughout, and
 * renders notes additively into a stereo buffer.
 */
import { type StereoBuffer, Noise, StateVariableFilter, panGains } from './dsp.ts';
import type { Random } from '../seeded-random.ts';

// Per-sample helpers live in this module on purpose: module loaders (vitest, tsx) turn imported
// bindings into property getters, and a getter call per sample costs more than the maths.

function midiToFrequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** PolyBLEP correction for band-limited saw and square edges. */
function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

const SINE_SIZE = 4096;
const SINE_TABLE = Float64Array.from({ length: SINE_SIZE + 1 }, (_, i) => Math.sin((2 * Math.PI * i) / SINE_SIZE));
const INV_TWO_PI = 1 / (2 * Math.PI);

/** sin(2π·cycles) from a table with linear interpolation: several times cheaper than Math.sin. */
function sine(cycles: number): number {
  const x = (cycles - Math.floor(cycles)) * SINE_SIZE;
  const i = x | 0;
  const a = SINE_TABLE[i]!;
  return a + (SINE_TABLE[i + 1]! - a) * (x - i);
}

/** 1, falling linearly to 0 over the last 128 samples of a span: no click when a note is cut. */
function tailFade(i: number, n: number): number {
  const left = n - i;
  return left < 128 ? left / 128 : 1;
}

/** Soft saturation that keeps small signals nearly linear. */
function softClip(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

export const LAYERS = ['drums', 'bass', 'chords', 'lead', 'fx'] as const;
export type Layer = (typeof LAYERS)[number];

export const DRUM_VOICES = ['kick', 'snare', 'clap', 'hat', 'open-hat', 'rim', 'shaker', 'tom', 'crash'] as const;
export const BASS_VOICES = ['sub', '808', 'reese'] as const;
export const CHORD_VOICES = ['pad', 'keys', 'stab'] as const;
export const LEAD_VOICES = ['lead', 'pluck', 'bell'] as const;
export const FX_VOICES = ['riser', 'downlifter', 'impact', 'sweep', 'crackle'] as const;
export type DrumVoice = (typeof DRUM_VOICES)[number];
export type BassVoice = (typeof BASS_VOICES)[number];
export type ChordVoice = (typeof CHORD_VOICES)[number];
export type LeadVoice = (typeof LEAD_VOICES)[number];
export type FxVoice = (typeof FX_VOICES)[number];
export type VoiceName = DrumVoice | BassVoice | ChordVoice | LeadVoice | FxVoice;

/** General MIDI percussion notes (channel 10) for the drum voices. */
export const GM_DRUM_NOTES: Record<DrumVoice, number> = {
  kick: 36,
  snare: 38,
  clap: 39,
  hat: 42,
  'open-hat': 46,
  rim: 37,
  shaker: 70,
  tom: 45,
  crash: 49,
};

/** One note as the renderer sees it: sample positions, not beats. */
export interface VoiceNote {
  startSample: number;
  /** Gate length in samples (how long the note is held). */
  gateSamples: number;
  midi: number;
  velocity: number;
  /** For glides (808, lead): the pitch the note slides from. */
  glideFromMidi: number | undefined;
  /** Hard limit on rendered samples: the next note of the same choke group cuts this one. */
  maxSamples: number | undefined;
}

export interface RenderTarget {
  out: StereoBuffer;
  sampleRate: number;
  /** Seed for the note's noise source; derived per note so hits differ subtly but reproducibly. */
  noiseSeed: number;
}

interface VoiceDefinition<P> {
  layer: Layer;
  /**
   * False when the sound depends on where the note falls (an LFO on song time), so a rendered note
   * cannot be reused at another position. Every voice here is position-independent; FX are never
   * cached because each is a one-off.
   */
  cacheable?: false;
  timbre(random: Random): P;
  /** Renders additively into target.out; returns how many samples from startSample it touched. */
  render(timbre: P, note: VoiceNote, target: RenderTarget): number;
}

/**
 * Monophonic voices, as on a drum machine or a mono synth: a new note in the group cuts the ringing
 * one after `overlap` seconds (a closed hat chokes an open hat; an 808 never stacks on itself).
 */
export const CHOKE_GROUPS: Partial<Record<VoiceName, { group: string; overlap: number }>> = {
  kick: { group: 'kick', overlap: 0.005 },
  hat: { group: 'hat', overlap: 0.005 },
  'open-hat': { group: 'hat', overlap: 0.005 },
  sub: { group: 'bass', overlap: 0.01 },
  '808': { group: 'bass', overlap: 0.01 },
  reese: { group: 'bass', overlap: 0.01 },
  lead: { group: 'lead', overlap: 0.03 },
  pluck: { group: 'lead', overlap: 0.25 },
  bell: { group: 'lead', overlap: 0.4 },
};

/** Longest tail any voice rings past its gate, for buffer sizing. */
export const MAX_TAIL_SECONDS = 3;

function defineVoice<P>(definition: VoiceDefinition<P>): VoiceDefinition<P> {
  return definition;
}

/** Number of samples to render for a note, clipped to the buffer. */
function span(note: VoiceNote, seconds: number, target: RenderTarget): number {
  const wanted = Math.min(Math.ceil(seconds * target.sampleRate), note.maxSamples ?? Infinity);
  return Math.max(0, Math.min(wanted, target.out.left.length - note.startSample));
}

function gateSeconds(note: VoiceNote, target: RenderTarget): number {
  return note.gateSamples / target.sampleRate;
}

/** Per-sample multiplier that decays by 1/e every `tau` seconds. */
function decayFactor(tau: number, sampleRate: number): number {
  return Math.exp(-1 / (tau * sampleRate));
}

/**
 * An exponential decay from 1 that lands exactly on 0 after `samples`: e(i) = (k^i − k^n)/(1 − k^n).
 * Lets a voice stop rendering at −40 dB or so without an audible cut.
 */
class Decay {
  private value = 1;
  private readonly factor: number;
  private readonly floor: number;
  private readonly scale: number;
  constructor(tau: number, samples: number, sampleRate: number) {
    this.factor = decayFactor(tau, sampleRate);
    this.floor = this.factor ** Math.max(1, samples);
    this.scale = 1 / (1 - this.floor);
  }
  next(): number {
    const v = (this.value - this.floor) * this.scale;
    this.value *= this.factor;
    return v > 0 ? v : 0;
  }
}

/** Short linear fade at the very start of a hit, to avoid a click. */
function attackRamp(i: number, samples: number): number {
  return i < samples ? i / samples : 1;
}

// ───────────────────────────── drums ─────────────────────────────

const kick = defineVoice({
  layer: 'drums',
  timbre: (r) => ({
    startHz: r.range(150, 240),
    endHz: r.range(44, 58),
    pitchTau: r.range(0.025, 0.045),
    ampTau: r.range(0.16, 0.32),
    click: r.range(0.02, 0.12),
    drive: r.range(1.2, 2.6),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, Math.min(1, p.ampTau * 4.5), t);
    const noise = new Noise(t.noiseSeed);
    const { left, right } = t.out;
    const gain = note.velocity * 0.9;
    const norm = 1 / softClip(p.drive);
    let phase = 0;
    const amp = new Decay(p.ampTau, n, sr);
    let pitchEnv = 1;
    let clickEnv = p.click;
    const pitchK = decayFactor(p.pitchTau, sr);
    const clickK = decayFactor(0.002, sr);
    for (let i = 0; i < n; i++) {
      const f = p.endHz + (p.startHz - p.endHz) * pitchEnv;
      phase += f / sr;
      if (phase >= 1) phase -= 1;
      const body = sine(phase) * amp.next();
      const click = clickEnv > 1e-4 ? noise.next() * clickEnv : 0;
      const y = (softClip(body * p.drive) * norm + click) * gain * attackRamp(i, 20);
      left[note.startSample + i]! += y;
      right[note.startSample + i]! += y;
      pitchEnv *= pitchK;
      clickEnv *= clickK;
    }
    return n;
  },
});

const snare = defineVoice({
  layer: 'drums',
  timbre: (r) => ({
    toneHz: r.range(170, 240),
    toneTau: r.range(0.03, 0.06),
    noiseTau: r.range(0.07, 0.16),
    noiseHz: r.range(1200, 2600),
    tone: r.range(0.35, 0.6),
    pan: r.range(-0.1, 0.1),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, p.noiseTau * 4.5, t);
    const noise = new Noise(t.noiseSeed);
    const hp = new StateVariableFilter(sr, p.noiseHz, 0.8);
    const [gl, gr] = panGains(p.pan);
    const { left, right } = t.out;
    let phase = 0;
    let toneEnv = p.tone;
    const noiseLevel = 1 - p.tone * 0.5;
    const noiseEnv = new Decay(p.noiseTau, n, sr);
    const toneK = decayFactor(p.toneTau, sr);
    const gain = note.velocity * 0.7;
    for (let i = 0; i < n; i++) {
      phase += (p.toneHz * (1 + 0.3 * toneEnv)) / sr;
      if (phase >= 1) phase -= 1;
      hp.process(noise.next());
      const y = (sine(phase) * toneEnv + hp.high * noiseEnv.next() * noiseLevel) * gain * attackRamp(i, 10);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
      toneEnv *= toneK;
    }
    return n;
  },
});

const clap = defineVoice({
  layer: 'drums',
  timbre: (r) => ({
    centreHz: r.range(900, 1800),
    tailTau: r.range(0.08, 0.18),
    spacing: r.range(0.008, 0.014),
    pan: r.range(-0.15, 0.15),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, 3 * p.spacing + p.tailTau * 4.5, t);
    const noise = new Noise(t.noiseSeed);
    const bp = new StateVariableFilter(sr, p.centreHz, 1.4);
    const [gl, gr] = panGains(p.pan);
    const { left, right } = t.out;
    const gain = note.velocity * 1.4;
    for (let i = 0; i < n; i++) {
      const time = i / sr;
      // Three quick bursts (hands not quite together), then the room tail.
      const burst = Math.floor(time / p.spacing);
      const env =
        burst < 3 ? Math.exp(-(time - burst * p.spacing) / 0.004) : Math.exp(-(time - 3 * p.spacing) / p.tailTau) * 0.8;
      const end = n - i < 256 ? (n - i) / 256 : 1;
      bp.process(noise.next());
      const y = bp.band * env * end * gain * attackRamp(i, 8);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
    }
    return n;
  },
});

/** The 808 cymbal oscillator ratios: six square waves at inharmonic frequencies. */
const METALLIC_HZ = [205.3, 304.4, 369.6, 522.7, 540, 800];

function renderMetal(
  p: { cutoffHz: number; tau: number; metal: number; pan: number; scale: number },
  note: VoiceNote,
  t: RenderTarget,
  level: number,
): number {
  const sr = t.sampleRate;
  // A hat rings for its natural decay unless the next hat chokes it (the end of its gate).
  const n = span(note, Math.min(p.tau * 4.5, gateSeconds(note, t) + 0.03), t);
  const noise = new Noise(t.noiseSeed);
  // Two cascaded high-passes: 24 dB/octave keeps a hat's energy up in the air.
  const hp1 = new StateVariableFilter(sr, p.cutoffHz, 0.7);
  const hp2 = new StateVariableFilter(sr, p.cutoffHz, 0.7);
  const phases = new Float64Array(METALLIC_HZ.length);
  const incs = METALLIC_HZ.map((f) => (f * p.scale) / sr);
  const [gl, gr] = panGains(p.pan);
  const { left, right } = t.out;
  const env = new Decay(p.tau, n, sr);
  const gain = note.velocity * level;
  for (let i = 0; i < n; i++) {
    let metal = 0;
    for (let j = 0; j < phases.length; j++) {
      let ph = phases[j]! + incs[j]!;
      if (ph >= 1) ph -= 1;
      phases[j] = ph;
      metal += ph < 0.5 ? 1 : -1;
    }
    const x = noise.next() * (1 - p.metal) + (metal / 6) * p.metal;
    hp1.process(x);
    hp2.process(hp1.high);
    const choke = n - i < 256 ? (n - i) / 256 : 1;
    const y = hp2.high * env.next() * choke * gain * attackRamp(i, 4);
    left[note.startSample + i]! += y * gl;
    right[note.startSample + i]! += y * gr;
  }
  return n;
}

const hat = defineVoice({
  layer: 'drums',
  timbre: (r) => ({
    cutoffHz: r.range(7000, 9500),
    tau: r.range(0.015, 0.035),
    metal: r.range(0.2, 0.5),
    pan: r.range(-0.3, 0.3),
    scale: r.range(1.5, 2.2),
  }),
  render: (p, note, t) => renderMetal(p, note, t, 0.55),
});

const openHat = defineVoice({
  layer: 'drums',
  timbre: (r) => ({
    cutoffHz: r.range(6500, 8500),
    tau: r.range(0.12, 0.3),
    metal: r.range(0.25, 0.5),
    pan: r.range(-0.3, 0.3),
    scale: r.range(1.5, 2.2),
  }),
  render: (p, note, t) => renderMetal(p, note, t, 0.45),
});

const crash = defineVoice({
  layer: 'drums',
  timbre: (r) => ({
    cutoffHz: r.range(3500, 5500),
    tau: r.range(0.5, 0.9),
    metal: r.range(0.3, 0.5),
    pan: r.range(-0.4, 0.4),
    scale: r.range(1.8, 2.6),
  }),
  render: (p, note, t) => renderMetal(p, note, t, 0.4),
});

const rim = defineVoice({
  layer: 'drums',
  timbre: (r) => ({ toneHz: r.range(420, 560), tau: r.range(0.012, 0.025), pan: r.range(-0.3, 0.3) }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, p.tau * 5, t);
    const noise = new Noise(t.noiseSeed);
    const bp = new StateVariableFilter(sr, 3200, 2);
    const [gl, gr] = panGains(p.pan);
    const { left, right } = t.out;
    let phase = 0;
    const env = new Decay(p.tau, n, sr);
    const gain = note.velocity * 0.6;
    for (let i = 0; i < n; i++) {
      phase += p.toneHz / sr;
      if (phase >= 1) phase -= 1;
      bp.process(noise.next());
      const tri = 1 - 4 * Math.abs(phase - 0.5);
      const y = (tri * 0.7 + bp.band * 0.8) * env.next() * gain * attackRamp(i, 4);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
    }
    return n;
  },
});

const shaker = defineVoice({
  layer: 'drums',
  timbre: (r) => ({ centreHz: r.range(5000, 7500), tau: r.range(0.03, 0.06), pan: r.range(-0.5, 0.5) }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, 0.012 + p.tau * 4.5, t);
    const noise = new Noise(t.noiseSeed);
    const bp = new StateVariableFilter(sr, p.centreHz, 1.2);
    const [gl, gr] = panGains(p.pan);
    const { left, right } = t.out;
    const attack = Math.floor(0.012 * sr);
    const env = new Decay(p.tau, n - attack, sr);
    const gain = note.velocity * 0.45;
    for (let i = 0; i < n; i++) {
      bp.process(noise.next());
      const a = i < attack ? (i / attack) ** 2 : env.next();
      const y = bp.band * a * gain;
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
    }
    return n;
  },
});

const tom = defineVoice({
  layer: 'drums',
  timbre: (r) => ({ tau: r.range(0.18, 0.32), bend: r.range(1.3, 1.7), pan: r.range(-0.4, 0.4) }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, p.tau * 4.5, t);
    const f = midiToFrequency(note.midi);
    const [gl, gr] = panGains(p.pan);
    const { left, right } = t.out;
    let phase = 0;
    const amp = new Decay(p.tau, n, sr);
    let bend = 1;
    const bendK = decayFactor(0.04, sr);
    const gain = note.velocity * 0.8;
    for (let i = 0; i < n; i++) {
      phase += (f * (1 + (p.bend - 1) * bend)) / sr;
      if (phase >= 1) phase -= 1;
      const y = softClip(sine(phase) * amp.next() * 1.5) * gain * attackRamp(i, 20);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
      bend *= bendK;
    }
    return n;
  },
});

// ───────────────────────────── bass ─────────────────────────────

/** Pitch in MIDI at time `time` of a note that glides from glideFrom over `glideTime` seconds. */
function glidePitch(note: VoiceNote, time: number, glideTime: number): number {
  if (note.glideFromMidi === undefined || time >= glideTime) return note.midi;
  const x = time / glideTime;
  const eased = 1 - (1 - x) * (1 - x);
  return note.glideFromMidi + (note.midi - note.glideFromMidi) * eased;
}

const sub = defineVoice({
  layer: 'bass',
  timbre: (r) => ({ release: r.range(0.04, 0.09), harmonic: r.range(0.05, 0.2) }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, gate + p.release * 4, t);
    const { left, right } = t.out;
    let phase = 0;
    const gain = note.velocity * 0.75;
    const gateSamples = Math.min(n, note.gateSamples);
    const rel = new Decay(p.release, n - gateSamples, sr);
    const glideSamples = note.glideFromMidi === undefined ? 0 : Math.round(0.06 * sr);
    let inc = midiToFrequency(note.midi) / sr;
    for (let i = 0; i < n; i++) {
      if (i < glideSamples) inc = midiToFrequency(glidePitch(note, i / sr, 0.06)) / sr;
      else if (i === glideSamples) inc = midiToFrequency(note.midi) / sr;
      phase += inc;
      if (phase >= 1) phase -= 1;
      const env = i < gateSamples ? 1 : rel.next();
      const y = (sine(phase) + p.harmonic * sine(2 * phase)) * gain * attackRamp(i, 200) * env * tailFade(i, n);
      left[note.startSample + i]! += y;
      right[note.startSample + i]! += y;
    }
    return n;
  },
});

const bass808 = defineVoice({
  layer: 'bass',
  timbre: (r) => ({
    decayTau: r.range(0.45, 1.1),
    drive: r.range(1.5, 4),
    punchSemitones: r.range(3, 9),
    glideTime: r.range(0.06, 0.14),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, Math.min(gate, p.decayTau * 5) + 0.05 * 4, t);
    const { left, right } = t.out;
    let phase = 0;
    let amp = 1;
    let punch = 1;
    const gateSamples = Math.min(n, note.gateSamples);
    const rel = new Decay(0.05, n - gateSamples, sr);
    const ampK = decayFactor(p.decayTau, sr);
    const punchK = decayFactor(0.012, sr);
    const norm = 1 / softClip(p.drive);
    const gain = note.velocity * 0.8;
    // Pitch moves only during the punch (~12 ms) and the glide; after that the increment is fixed.
    const movingSamples = Math.round(Math.max(0.1, note.glideFromMidi === undefined ? 0 : p.glideTime) * sr);
    const steadyInc = midiToFrequency(note.midi) / sr;
    for (let i = 0; i < n; i++) {
      const inc =
        i < movingSamples ? midiToFrequency(glidePitch(note, i / sr, p.glideTime) + p.punchSemitones * punch) / sr : steadyInc;
      phase += inc;
      if (phase >= 1) phase -= 1;
      const env = i < gateSamples ? 1 : rel.next();
      const y = softClip(sine(phase) * p.drive) * norm * amp * env * gain * attackRamp(i, 40) * tailFade(i, n);
      left[note.startSample + i]! += y;
      right[note.startSample + i]! += y;
      amp *= ampK;
      punch *= punchK;
    }
    return n;
  },
});

const reese = defineVoice({
  layer: 'bass',
  timbre: (r) => ({
    detuneCents: r.range(10, 22),
    cutoffHz: r.range(350, 900),
    lfoHz: r.range(0.2, 1.2),
    sub: r.range(0.3, 0.6),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, gate + 0.08 * 4, t);
    const { left, right } = t.out;
    const f = midiToFrequency(note.midi);
    const gateSamples = Math.min(n, note.gateSamples);
    const rel = new Decay(0.08, n - gateSamples, sr);
    const detune = 2 ** (p.detuneCents / 1200);
    const incs = [f / detune / sr, f / sr, (f * detune) / sr];
    const phases = [0, 0.33, 0.66];
    const lpL = new StateVariableFilter(sr, p.cutoffHz, 1.1);
    const lpR = new StateVariableFilter(sr, p.cutoffHz, 1.1);
    let subPhase = 0;
    const gain = note.velocity * 0.45;
    for (let i = 0; i < n; i++) {
      if ((i & 31) === 0) {
        const c = p.cutoffHz * (1 + 0.5 * sine((p.lfoHz * i) / sr));
        lpL.set(c, 1.1);
        lpR.set(c, 1.1);
      }
      let l = 0;
      let r = 0;
      for (let j = 0; j < 3; j++) {
        let ph = phases[j]! + incs[j]!;
        if (ph >= 1) ph -= 1;
        phases[j] = ph;
        const saw = 2 * ph - 1 - polyBlep(ph, incs[j]!);
        if (j === 0) l += saw;
        else if (j === 2) r += saw;
        else {
          l += saw * 0.7;
          r += saw * 0.7;
        }
      }
      subPhase += f / sr;
      if (subPhase >= 1) subPhase -= 1;
      const s = sine(subPhase) * p.sub;
      const env = attackRamp(i, 100) * (i < gateSamples ? 1 : rel.next()) * gain * tailFade(i, n);
      left[note.startSample + i]! += (lpL.process(l) + s) * env;
      right[note.startSample + i]! += (lpR.process(r) + s) * env;
    }
    return n;
  },
});

// ───────────────────────────── chords ─────────────────────────────

const pad = defineVoice({
  layer: 'chords',
  timbre: (r) => ({
    attack: r.range(0.15, 0.6),
    release: r.range(0.25, 0.5),
    detuneCents: r.range(5, 12),
    cutoffHz: r.range(900, 2200),
    lfoHz: r.range(0.1, 0.5),
    width: r.range(0.5, 0.9),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, gate + p.release * 4, t);
    const { left, right } = t.out;
    const f = midiToFrequency(note.midi);
    const gateSamples = Math.min(n, note.gateSamples);
    const rel = new Decay(p.release, n - gateSamples, sr);
    const detune = 2 ** (p.detuneCents / 1200);
    const incA = f / detune / sr;
    const incB = (f * detune) / sr;
    let phA = (note.midi * 0.137) % 1;
    let phB = (note.midi * 0.291) % 1;
    // One filter per note on the detuned pair; the stereo image comes from spreading the chord's
    // notes across the field by pitch (half the cost of filtering each oscillator).
    const lp = new StateVariableFilter(sr, p.cutoffHz, 0.9);
    const [gl, gr] = panGains(p.width * Math.sin(note.midi * 2.3));
    const attackSamples = Math.max(1, Math.floor(p.attack * sr));
    const gain = note.velocity * 0.22;
    for (let i = 0; i < n; i++) {
      if ((i & 31) === 0) {
        // The filter LFO runs from the note's start (phase spread by pitch), so a rendered note can
        // be reused wherever the same note recurs.
        const c = p.cutoffHz * (1 + 0.35 * sine((p.lfoHz * i) / sr + note.midi * 0.13));
        lp.set(c, 0.9);
      }
      phA += incA;
      if (phA >= 1) phA -= 1;
      phB += incB;
      if (phB >= 1) phB -= 1;
      const y = lp.process(2 * phA - 1 - polyBlep(phA, incA) + 2 * phB - 1 - polyBlep(phB, incB));
      const env = (i < attackSamples ? i / attackSamples : 1) * (i < gateSamples ? 1 : rel.next()) * gain * tailFade(i, n);
      left[note.startSample + i]! += y * gl * env;
      right[note.startSample + i]! += y * gr * env;
    }
    return n;
  },
});

/** Two-operator FM electric piano: a bright attack that mellows as the modulation index decays. */
const keys = defineVoice({
  layer: 'chords',
  timbre: (r) => ({
    index: r.range(1.2, 2.6),
    indexTau: r.range(0.15, 0.4),
    decayTau: r.range(0.6, 1.4),
    tremoloHz: r.range(3, 5.5),
    pan: r.range(-0.25, 0.25),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, Math.min(gate, p.decayTau * 3.5) + 0.2 * 4, t);
    const { left, right } = t.out;
    const f = midiToFrequency(note.midi);
    const inc = f / sr;
    let phC = 0;
    let phM = 0;
    let index = p.index;
    let amp = 1;
    const gateSamples = Math.min(n, note.gateSamples);
    const rel = new Decay(0.2, n - gateSamples, sr);
    const indexK = decayFactor(p.indexTau, sr);
    const ampK = decayFactor(p.decayTau, sr);
    const tremInc = p.tremoloHz / sr;
    let tremPh = 0;
    let trem = 1;
    const pan = p.pan + ((note.midi % 12) - 6) * 0.03;
    const [gl, gr] = panGains(pan);
    const gain = note.velocity * 0.3;
    for (let i = 0; i < n; i++) {
      phM += inc;
      if (phM >= 1) phM -= 1;
      const mod = sine(phM) * index * INV_TWO_PI;
      phC += inc;
      if (phC >= 1) phC -= 1;
      if ((i & 31) === 0) {
        tremPh += tremInc * 32;
        if (tremPh >= 1) tremPh -= 1;
        trem = 1 - 0.06 * (1 + sine(tremPh));
      }
      const env = i < gateSamples ? 1 : rel.next();
      const y = sine(phC + mod) * amp * env * trem * gain * attackRamp(i, 60) * tailFade(i, n);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
      index *= indexK;
      amp *= ampK;
    }
    return n;
  },
});

const stab = defineVoice({
  layer: 'chords',
  timbre: (r) => ({
    envHz: r.range(2500, 6000),
    baseHz: r.range(400, 900),
    envTau: r.range(0.05, 0.12),
    decayTau: r.range(0.08, 0.2),
    resonance: r.range(1.2, 3),
    pan: r.range(-0.2, 0.2),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, Math.min(gate, p.decayTau * 2) + p.decayTau * 3, t);
    const { left, right } = t.out;
    const f = midiToFrequency(note.midi);
    const inc = f / sr;
    const inc2 = inc * 1.004;
    const lp = new StateVariableFilter(sr, p.baseHz + p.envHz, p.resonance);
    let ph = 0;
    let ph2 = 0.25;
    let fenv = 1;
    const amp = new Decay(p.decayTau, n, sr);
    const fK = decayFactor(p.envTau, sr);
    const [gl, gr] = panGains(p.pan);
    const gain = note.velocity * 0.3;
    for (let i = 0; i < n; i++) {
      if ((i & 15) === 0) lp.set(p.baseHz + p.envHz * fenv, p.resonance);
      ph += inc;
      if (ph >= 1) ph -= 1;
      ph2 += inc2;
      if (ph2 >= 1) ph2 -= 1;
      const saws = 2 * ph - 1 - polyBlep(ph, inc) + 2 * ph2 - 1 - polyBlep(ph2, inc2);
      const y = lp.process(saws * 0.5) * amp.next() * gain * attackRamp(i, 30);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
      fenv *= fK;
    }
    return n;
  },
});

// ───────────────────────────── lead ─────────────────────────────

const lead = defineVoice({
  layer: 'lead',
  timbre: (r) => ({
    cutoffHz: r.range(1800, 4200),
    resonance: r.range(0.8, 2),
    squareMix: r.range(0.2, 0.6),
    vibratoCents: r.range(8, 22),
    vibratoHz: r.range(4.5, 6),
    release: r.range(0.08, 0.2),
    pan: r.range(-0.1, 0.1),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const gate = gateSeconds(note, t);
    const n = span(note, gate + p.release * 4, t);
    const { left, right } = t.out;
    const lp = new StateVariableFilter(sr, p.cutoffHz, p.resonance);
    let ph = 0;
    let ph2 = 0;
    const gateSamples = Math.min(n, note.gateSamples);
    const rel = new Decay(p.release, n - gateSamples, sr);
    const [gl, gr] = panGains(p.pan);
    const gain = note.velocity * 0.28;
    let inc = 0;
    for (let i = 0; i < n; i++) {
      const time = i / sr;
      if ((i & 15) === 0) {
        const vib = time > 0.15 ? (p.vibratoCents / 100) * Math.sin(2 * Math.PI * p.vibratoHz * time) : 0;
        inc = midiToFrequency(glidePitch(note, time, 0.05) + vib) / sr;
      }
      ph += inc;
      if (ph >= 1) ph -= 1;
      ph2 += inc;
      if (ph2 >= 1) ph2 -= 1;
      const saw = 2 * ph - 1 - polyBlep(ph, inc);
      let sq = ph2 < 0.5 ? 1 : -1;
      sq += polyBlep(ph2, inc);
      sq -= polyBlep((ph2 + 0.5) % 1, inc);
      const env = i < gateSamples ? 1 : rel.next();
      const y = lp.process(saw * (1 - p.squareMix) + sq * p.squareMix) * env * gain * attackRamp(i, 150) * tailFade(i, n);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
    }
    return n;
  },
});

/** Karplus–Strong plucked string: a noise burst circulating in a tuned, damped delay line. */
const pluck = defineVoice({
  layer: 'lead',
  timbre: (r) => ({
    brightness: r.range(0.35, 0.8),
    sustain: r.range(0.35, 1.1),
    pan: r.range(-0.3, 0.3),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const f = midiToFrequency(note.midi);
    const n = span(note, p.sustain, t);
    const { left, right } = t.out;
    // The two-point average adds half a sample of delay.
    const delay = sr / f - 0.5;
    const size = Math.ceil(delay) + 2;
    const line = new Float32Array(size);
    const noise = new Noise(t.noiseSeed);
    const excite = new StateVariableFilter(sr, 800 + 8000 * p.brightness, 0.7);
    for (let i = 0; i < size; i++) line[i] = excite.process(noise.next());
    // Loop gain so the string decays by 60 dB over roughly `sustain` seconds.
    const loopGain = 10 ** (-3 / (p.sustain * f));
    let write = 0;
    let prev = 0;
    const [gl, gr] = panGains(p.pan);
    const gain = note.velocity * 0.6;
    const frac = delay - Math.floor(delay);
    const whole = Math.floor(delay);
    for (let i = 0; i < n; i++) {
      let r0 = write - whole;
      if (r0 < 0) r0 += size;
      let r1 = r0 - 1;
      if (r1 < 0) r1 += size;
      const delayed = line[r0]! * (1 - frac) + line[r1]! * frac;
      const y = loopGain * 0.5 * (delayed + prev);
      prev = delayed;
      line[write] = y;
      write++;
      if (write >= size) write = 0;
      const end = n - i < 256 ? (n - i) / 256 : 1;
      const out = y * gain * end * attackRamp(i, 10);
      left[note.startSample + i]! += out * gl;
      right[note.startSample + i]! += out * gr;
    }
    return n;
  },
});

/** FM bell: modulator at three times the carrier gives harmonic partials with a glassy attack. */
const bell = defineVoice({
  layer: 'lead',
  timbre: (r) => ({ index: r.range(1.5, 3.5), decayTau: r.range(0.4, 0.9), pan: r.range(-0.35, 0.35) }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, p.decayTau * 4, t);
    const { left, right } = t.out;
    const inc = midiToFrequency(note.midi) / sr;
    let phC = 0;
    let phM = 0;
    const amp = new Decay(p.decayTau, n, sr);
    let index = p.index;
    const indexK = decayFactor(p.decayTau * 0.35, sr);
    const [gl, gr] = panGains(p.pan);
    const gain = note.velocity * 0.3;
    for (let i = 0; i < n; i++) {
      phC += inc;
      if (phC >= 1) phC -= 1;
      phM += 3 * inc;
      if (phM >= 1) phM -= 1;
      const y = sine(phC + index * INV_TWO_PI * sine(phM)) * amp.next() * gain * attackRamp(i, 30);
      left[note.startSample + i]! += y * gl;
      right[note.startSample + i]! += y * gr;
      index *= indexK;
    }
    return n;
  },
});

// ───────────────────────────── fx ─────────────────────────────

/** Noise through a band-pass whose centre sweeps exponentially, with a pitched tone along. */
function renderSweep(
  note: VoiceNote,
  t: RenderTarget,
  fromHz: number,
  toHz: number,
  shape: (x: number) => number,
  toneSemitones: number,
  level: number,
): number {
  const sr = t.sampleRate;
  const n = span(note, gateSeconds(note, t), t);
  const { left, right } = t.out;
  const noise = new Noise(t.noiseSeed);
  const noise2 = new Noise(t.noiseSeed ^ 0x5bd1e995);
  const bpL = new StateVariableFilter(sr, fromHz, 2.2);
  const bpR = new StateVariableFilter(sr, fromHz, 2.2);
  const ratio = toHz / fromHz;
  let ph = 0;
  let inc = 0;
  for (let i = 0; i < n; i++) {
    const x = i / Math.max(1, n);
    if ((i & 31) === 0) {
      const c = fromHz * ratio ** x;
      bpL.set(c, 2.2);
      bpR.set(c, 2.2);
      inc = midiToFrequency(note.midi + toneSemitones * x) / sr;
    }
    ph += inc;
    if (ph >= 1) ph -= 1;
    const tone = (2 * ph - 1 - polyBlep(ph, inc)) * 0.12;
    bpL.process(noise.next());
    bpR.process(noise2.next());
    const env = shape(x) * note.velocity * level;
    const fadeOut = n - i < 200 ? (n - i) / 200 : 1;
    left[note.startSample + i]! += (bpL.band + tone) * env * fadeOut;
    right[note.startSample + i]! += (bpR.band + tone) * env * fadeOut;
  }
  return n;
}

const riser = defineVoice({
  layer: 'fx',
  timbre: (r) => ({ fromHz: r.range(200, 400), toHz: r.range(6000, 11000), curve: r.range(1.5, 3) }),
  render: (p, note, t) => renderSweep(note, t, p.fromHz, p.toHz, (x) => x ** p.curve, 24, 0.9),
});

const downlifter = defineVoice({
  layer: 'fx',
  timbre: (r) => ({ fromHz: r.range(5000, 9000), toHz: r.range(150, 300), curve: r.range(1.5, 3) }),
  render: (p, note, t) => renderSweep(note, t, p.fromHz, p.toHz, (x) => (1 - x) ** p.curve, -24, 0.9),
});

const sweep = defineVoice({
  layer: 'fx',
  timbre: (r) => ({ fromHz: r.range(250, 500), toHz: r.range(7000, 12000) }),
  render: (p, note, t) =>
    renderSweep(note, t, p.fromHz, p.toHz, (x) => Math.sin(Math.PI * x) ** 1.5, 12, 0.8),
});

const impact = defineVoice({
  layer: 'fx',
  timbre: (r) => ({
    boomHz: r.range(48, 62),
    boomTau: r.range(0.5, 0.9),
    tailTau: r.range(0.5, 0.9),
    noiseHz: r.range(2500, 5000),
  }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, Math.max(p.boomTau, p.tailTau) * 4.5, t);
    const { left, right } = t.out;
    const noise = new Noise(t.noiseSeed);
    const noise2 = new Noise(t.noiseSeed ^ 0x27d4eb2d);
    const lpL = new StateVariableFilter(sr, p.noiseHz, 0.7);
    const lpR = new StateVariableFilter(sr, p.noiseHz, 0.7);
    let ph = 0;
    let boom = 1;
    let bend = 1;
    let crack = 1;
    let tail = 0.35;
    const boomK = decayFactor(p.boomTau, sr);
    const bendK = decayFactor(0.08, sr);
    const crackK = decayFactor(0.05, sr);
    const tailK = decayFactor(p.tailTau, sr);
    const gain = note.velocity * 0.9;
    for (let i = 0; i < n; i++) {
      ph += (p.boomHz * (1 + 1.2 * bend)) / sr;
      if (ph >= 1) ph -= 1;
      const b = softClip(sine(ph) * boom * 2);
      lpL.process(noise.next());
      lpR.process(noise2.next());
      const nz = crack + tail;
      const ramp = attackRamp(i, 30) * (n - i < 2048 ? (n - i) / 2048 : 1);
      left[note.startSample + i]! += (b * 0.8 + lpL.low * nz) * gain * ramp;
      right[note.startSample + i]! += (b * 0.8 + lpR.low * nz) * gain * ramp;
      boom *= boomK;
      bend *= bendK;
      crack *= crackK;
      tail *= tailK;
    }
    return n;
  },
});

/** Vinyl: sparse clicks and pops over a soft, band-limited hiss. */
const crackle = defineVoice({
  layer: 'fx',
  timbre: (r) => ({ density: r.range(8, 25), hiss: r.range(0.02, 0.05) }),
  render(p, note, t) {
    const sr = t.sampleRate;
    const n = span(note, gateSeconds(note, t), t);
    const { left, right } = t.out;
    const noise = new Noise(t.noiseSeed);
    const hissFilter = new StateVariableFilter(sr, 5000, 0.7);
    const clickFilter = new StateVariableFilter(sr, 2500, 0.9);
    const clickChance = p.density / sr;
    let click = 0;
    const clickK = decayFactor(0.0006, sr);
    const gain = note.velocity;
    for (let i = 0; i < n; i++) {
      const u = (noise.next() + 1) / 2;
      if (u < clickChance) click = (noise.next() > 0 ? 1 : -1) * (0.2 + 0.6 * Math.abs(noise.next()));
      hissFilter.process(noise.next());
      clickFilter.process(click);
      click *= clickK;
      const y = (hissFilter.band * p.hiss + clickFilter.high) * gain;
      left[note.startSample + i]! += y;
      right[note.startSample + i]! += y * 0.9;
    }
    return n;
  },
});

export const VOICES = {
  kick,
  snare,
  clap,
  hat,
  'open-hat': openHat,
  rim,
  shaker,
  tom,
  crash,
  sub,
  '808': bass808,
  reese,
  pad,
  keys,
  stab,
  lead,
  pluck,
  bell,
  riser,
  downlifter,
  impact,
  sweep,
  crackle,
} satisfies Record<VoiceName, VoiceDefinition<unknown>>;

/** A voice with its timbre fixed, ready to render notes. */
export interface Instrument {
  voice: VoiceName;
  /** Whether a rendered note can be reused at another position (see VoiceDefinition.cacheable). */
  cacheable: boolean;
  render(note: VoiceNote, target: RenderTarget): number;
}

export function createInstrument(voice: VoiceName, random: Random): Instrument {
  const definition: VoiceDefinition<unknown> = VOICES[voice];
  const timbre = definition.timbre(random);
  return {
    voice,
    cacheable: definition.cacheable !== false && definition.layer !== 'fx',
    render: (note, target) => definition.render(timbre, note, target),
  };
}
