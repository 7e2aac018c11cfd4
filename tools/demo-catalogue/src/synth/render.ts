/**
 * Renders an arrangement to audio: each layer into its own stereo buffer (the stems), summed into
 * the mix. Loops are exactly N bars long and seamless: whatever rings past the end (a pad's
 * release, a crash) wraps round to the start, as it would when the loop repeats. Compositions end
 * with a short fade instead. One master gain brings the mix to −1 dBFS and is applied to every stem
 * too, so the stems always add up to the mix.
 */
import { type StereoBuffer, createStereoBuffer, peakOf } from './dsp.ts';
import type { Arrangement, NoteEvent } from './arrangement.ts';
import { barsToSamples } from './meter.ts';
import { createRandom, seedToUint32 } from '../seeded-random.ts';
import {
  type Instrument,
  type Layer,
  type VoiceName,
  CHOKE_GROUPS,
  MAX_TAIL_SECONDS,
  createInstrument,
} from './voices.ts';

export const SAMPLE_RATE = 44100;

/** Relative level of each layer in the mix. */
const LAYER_GAIN: Record<Layer, number> = { drums: 1, bass: 0.9, chords: 0.8, lead: 0.7, fx: 0.6 };

/** −1 dBFS. */
export const MASTER_PEAK = 10 ** (-1 / 20);

export interface RenderedAudio {
  sampleRate: number;
  /** Mix, one array per channel (1 or 2). */
  channels: Float32Array[];
  /** Each layer rendered alone, same length and gain as the mix (when asked for). */
  stems: Partial<Record<Layer, Float32Array[]>>;
}

export interface RenderOptions {
  sampleRate?: number;
  channels?: 1 | 2;
  /** Return the stems too (layers are rendered separately anyway; this only keeps them). */
  stems?: boolean;
}

export function renderArrangement(arrangement: Arrangement, options: RenderOptions = {}): RenderedAudio {
  const sampleRate = options.sampleRate ?? SAMPLE_RATE;
  const length = barsToSamples(arrangement.bars, arrangement.bpm, arrangement.meter.timeSignature, sampleRate);
  const samplesPerBeat = (60 / arrangement.bpm) * sampleRate;
  const working = length + Math.ceil(MAX_TAIL_SECONDS * sampleRate);
  const timbres = createRandom(`${arrangement.seed}/timbre`);
  const instruments = new Map<VoiceName, Instrument>();
  const chokeLimits = chokeLimitsOf(arrangement.events, samplesPerBeat, sampleRate);
  // Without stems every layer renders straight into the mix (its level folded into velocity, all
  // voices being linear in velocity): one buffer, no extra passes.
  const keepStems = options.stems === true;
  const layerBuffers = new Map<Layer, StereoBuffer>();
  const bufferFor = (layer: Layer): StereoBuffer => {
    const key = keepStems ? layer : 'drums';
    let buffer = layerBuffers.get(key);
    if (!buffer) {
      buffer = createStereoBuffer(working);
      layerBuffers.set(key, buffer);
    }
    return buffer;
  };

  const baseNoise = seedToUint32(`${arrangement.seed}/noise`);
  // Repeated notes (every kick, every offbeat stab of the same chord) are rendered once at full
  // velocity and mixed in scaled, like a sampler playing back a hit: loops repeat a lot.
  const noteCache = new Map<string, StereoBuffer>();
  // One scratch buffer for rendering notes to cache; only the part a note wrote is cleared after.
  let scratch: StereoBuffer | undefined;
  for (let index = 0; index < arrangement.events.length; index++) {
    const event = arrangement.events[index]!;
    const startSample = Math.round(event.start * samplesPerBeat);
    if (startSample >= length) continue;
    let instrument = instruments.get(event.voice);
    if (!instrument) {
      instrument = createInstrument(event.voice, timbres.fork(event.voice));
      instruments.set(event.voice, instrument);
    }
    const buffer = bufferFor(event.layer);
    const velocity = event.velocity * (keepStems ? 1 : LAYER_GAIN[event.layer]);
    const maxSamples = chokeLimits[index];
    const gateSamples = Math.max(1, Math.round(event.duration * samplesPerBeat));
    const noiseSeed = (baseNoise + Math.imul(index + 1, 0x9e3779b1)) >>> 0;
    if (!instrument.cacheable) {
      // Always the same note shape: keeps the voices' hot loops monomorphic.
      const note = { startSample, gateSamples, midi: event.midi, velocity, glideFromMidi: event.glideFrom, maxSamples };
      instrument.render(note, { out: buffer, sampleRate, noiseSeed });
      continue;
    }
    const cacheKey = `${event.voice}|${event.midi}|${gateSamples}|${maxSamples}|${event.glideFrom}`;
    let snippet = noteCache.get(cacheKey);
    if (!snippet) {
      scratch ??= createStereoBuffer(working);
      const note = { startSample: 0, gateSamples, midi: event.midi, velocity: 1, glideFromMidi: event.glideFrom, maxSamples };
      const written = instrument.render(note, { out: scratch, sampleRate, noiseSeed });
      snippet = { left: scratch.left.slice(0, written), right: scratch.right.slice(0, written) };
      scratch.left.fill(0, 0, written);
      scratch.right.fill(0, 0, written);
      noteCache.set(cacheKey, snippet);
    }
    mixIn(buffer, startSample, snippet, velocity);
  }

  const finish = (buffer: StereoBuffer) =>
    arrangement.form === 'loop' ? wrapTail(buffer, length) : fadeOut(buffer, length, sampleRate);
  let mix: StereoBuffer;
  const stems = new Map<Layer, StereoBuffer>();
  if (keepStems) {
    mix = createStereoBuffer(length);
    for (const [layer, buffer] of layerBuffers) {
      const stem = finish(buffer);
      stems.set(layer, stem);
      mixIn(mix, 0, stem, LAYER_GAIN[layer]);
    }
  } else {
    mix = finish(layerBuffers.get('drums') ?? createStereoBuffer(working));
  }

  const peak = peakOf(mix);
  const master = peak > 0 ? MASTER_PEAK / peak : 1;
  const channels = options.channels ?? 2;
  const out: RenderedAudio = { sampleRate, channels: toChannels(mix, channels, master), stems: {} };
  for (const [layer, stem] of stems) out.stems[layer] = toChannels(stem, channels, master * LAYER_GAIN[layer]);
  return out;
}

function mixIn(target: StereoBuffer, offset: number, source: StereoBuffer, gain: number): void {
  const n = Math.min(source.left.length, target.left.length - offset);
  const tl = target.left;
  const tr = target.right;
  const sl = source.left;
  const sr = source.right;
  for (let i = 0; i < n; i++) {
    tl[offset + i]! += sl[i]! * gain;
    tr[offset + i]! += sr[i]! * gain;
  }
}


/** For each event in a choke group, how many samples it may ring before the group's next note. */
function chokeLimitsOf(events: readonly NoteEvent[], samplesPerBeat: number, sampleRate: number): (number | undefined)[] {
  const limits: (number | undefined)[] = new Array(events.length);
  const nextStartByGroup = new Map<string, number>();
  // Events are sorted by start; walk backwards to know each group's next onset.
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    const choke = CHOKE_GROUPS[event.voice];
    if (!choke) continue;
    const group = `${event.layer}:${choke.group}`;
    const start = Math.round(event.start * samplesPerBeat);
    const next = nextStartByGroup.get(group);
    if (next !== undefined && next > start) limits[i] = next - start + Math.round(choke.overlap * sampleRate);
    nextStartByGroup.set(group, start);
  }
  return limits;
}

/** Folds everything past `length` back onto the start, so the loop repeats without a cut. */
function wrapTail(buffer: StereoBuffer, length: number): StereoBuffer {
  const { left, right } = buffer;
  for (let i = length, j = 0; i < left.length; i++, j++) {
    if (j === length) j = 0;
    left[j]! += left[i]!;
    right[j]! += right[i]!;
  }
  return { left: left.subarray(0, length), right: right.subarray(0, length) };
}

/** Cuts at `length` with a short fade so a composition ends without a click. */
function fadeOut(buffer: StereoBuffer, length: number, sampleRate: number): StereoBuffer {
  const out = { left: buffer.left.subarray(0, length), right: buffer.right.subarray(0, length) };
  const fade = Math.min(length, Math.round(0.5 * sampleRate));
  for (let k = 0; k < fade; k++) {
    const i = length - fade + k;
    const g = 1 - k / fade;
    out.left[i]! *= g;
    out.right[i]! *= g;
  }
  return out;
}

/** Applies the gain in place (the buffers are ours) and folds to mono when asked. */
function toChannels(buffer: StereoBuffer, channels: 1 | 2, gain: number): Float32Array[] {
  const { left, right } = buffer;
  if (channels === 1) {
    const mono = new Float32Array(left.length);
    const g = gain * 0.5;
    for (let i = 0; i < mono.length; i++) mono[i] = (left[i]! + right[i]!) * g;
    return [mono];
  }
  for (let i = 0; i < left.length; i++) {
    left[i]! *= gain;
    right[i]! *= gain;
  }
  return [left, right];
}
