/**
 * Standard MIDI File writer for an arrangement: format 1 (a conductor track with tempo, time and
 * key signature, then one track per layer) or format 0 (everything in one track). Drums go on
 * channel 10 with General MIDI note numbers. Times are written with swing applied, exactly as
 * the audio was rendered. Beats become quarter-note ticks: a 6/8 beat is a dotted quarter.
 */
import type { Arrangement, NoteEvent } from './arrangement.ts';
import { keySignature } from './music-theory.ts';
import type { Layer } from './voices.ts';

export const MIDI_PPQ = 480;

interface MidiLayer {
  name: string;
  channel: number;
  /** General MIDI program (0-based), ignored for drums. */
  program: number;
}

const MIDI_LAYERS: Partial<Record<Layer, MidiLayer>> = {
  drums: { name: 'Drums', channel: 9, program: 0 },
  bass: { name: 'Bass', channel: 0, program: 38 },
  chords: { name: 'Chords', channel: 1, program: 89 },
  lead: { name: 'Lead', channel: 2, program: 81 },
};

export interface MidiWriteOptions {
  format?: 0 | 1;
  /** Only these layers (default: every pitched/drum layer; FX are not notes and are skipped). */
  layers?: readonly Layer[];
  title?: string;
}

type TimedBytes = { tick: number; order: number; bytes: number[] };

export function writeMidiFile(arrangement: Arrangement, options: MidiWriteOptions = {}): Buffer {
  const format = options.format ?? 1;
  const layers = (options.layers ?? arrangement.layers).filter((l) => MIDI_LAYERS[l]);
  const ticksPerBeat = MIDI_PPQ * arrangement.meter.quartersPerBeat;
  const toTick = (beats: number) => Math.round(beats * ticksPerBeat);
  const endTick = toTick(arrangement.bars * arrangement.meter.beatsPerBar);

  const conductor: TimedBytes[] = [];
  if (options.title) conductor.push(meta(0, 0x03, Buffer.from(options.title, 'utf8')));
  const microsPerQuarter = Math.round(60_000_000 / (arrangement.bpm * arrangement.meter.quartersPerBeat));
  conductor.push(meta(0, 0x51, [(microsPerQuarter >> 16) & 0xff, (microsPerQuarter >> 8) & 0xff, microsPerQuarter & 0xff]));
  const denominatorPower = Math.log2(arrangement.meter.midiDenominator);
  const clocksPerClick = arrangement.meter.timeSignature === '6/8' ? 36 : 24;
  conductor.push(meta(0, 0x58, [arrangement.meter.midiNumerator, denominatorPower, clocksPerClick, 8]));
  const ks = keySignature(arrangement.key);
  conductor.push(meta(0, 0x59, [ks.sharpsOrFlats & 0xff, ks.minor ? 1 : 0]));

  const layerTracks = layers.map((layer) => {
    const info = MIDI_LAYERS[layer]!;
    const events: TimedBytes[] = [meta(0, 0x03, Buffer.from(info.name, 'ascii'))];
    if (info.channel !== 9) events.push({ tick: 0, order: 1, bytes: [0xc0 | info.channel, info.program] });
    for (const note of arrangement.events) {
      if (note.layer === layer) events.push(...noteBytes(note, info.channel, toTick, endTick));
    }
    return events;
  });

  const tracks = format === 1 ? [conductor, ...layerTracks] : [[...conductor, ...layerTracks.flat()]];
  const chunks = tracks.map((events) => trackChunk(events, endTick));
  const header = Buffer.alloc(14);
  header.write('MThd', 0, 'ascii');
  header.writeUInt32BE(6, 4);
  header.writeUInt16BE(format, 8);
  header.writeUInt16BE(chunks.length, 10);
  header.writeUInt16BE(MIDI_PPQ, 12);
  return Buffer.concat([header, ...chunks]);
}

function meta(tick: number, type: number, data: number[] | Buffer): TimedBytes {
  const payload = [...data];
  return { tick, order: 0, bytes: [0xff, type, ...variableLength(payload.length), ...payload] };
}

function noteBytes(note: NoteEvent, channel: number, toTick: (b: number) => number, endTick: number): TimedBytes[] {
  const on = toTick(note.start);
  if (on >= endTick) return [];
  const off = Math.min(endTick, Math.max(on + 1, toTick(note.start + note.duration)));
  const velocity = Math.max(1, Math.min(127, Math.round(note.velocity * 127)));
  const key = Math.max(0, Math.min(127, note.midi));
  // Note-offs sort before note-ons on the same tick so repeated notes retrigger cleanly.
  return [
    { tick: on, order: 3, bytes: [0x90 | channel, key, velocity] },
    { tick: off, order: 2, bytes: [0x80 | channel, key, 0] },
  ];
}

function trackChunk(events: TimedBytes[], endTick: number): Buffer {
  const sorted = [...events].sort((a, b) => a.tick - b.tick || a.order - b.order);
  const bytes: number[] = [];
  let last = 0;
  for (const e of sorted) {
    bytes.push(...variableLength(e.tick - last), ...e.bytes);
    last = e.tick;
  }
  bytes.push(...variableLength(Math.max(0, endTick - last)), 0xff, 0x2f, 0x00);
  const header = Buffer.alloc(8);
  header.write('MTrk', 0, 'ascii');
  header.writeUInt32BE(bytes.length, 4);
  return Buffer.concat([header, Buffer.from(bytes)]);
}

function variableLength(value: number): number[] {
  let v = Math.max(0, Math.floor(value));
  const out = [v & 0x7f];
  v >>= 7;
  while (v > 0) {
    out.unshift((v & 0x7f) | 0x80);
    v >>= 7;
  }
  return out;
}
