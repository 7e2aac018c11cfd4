import { Midi } from '@tonejs/midi';
import { MUSICAL_KEYS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { isInstrumentSlug } from '@crate/contract/taxonomy';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { bandEnergyRatio, chroma, mixToMono, peakFrequency, powerSpectrum } from '@crate/audio/spectrum';
import { createArrangement } from './arrangement.ts';
import { GROOVE_STYLES } from './grooves.ts';
import { barsToSeconds, meterOf } from './meter.ts';
import { midiToFrequency, parseMusicalKey, scalePitchClasses } from './music-theory.ts';
import { ONE_SHOT_SOUNDS, renderComposition, renderLoop, renderOneShot } from './sounds.ts';
import { decodeWav } from '@crate/audio/wav';

const A = 9;
const C = 0;
const E = 4;

function monoOf(wav: Buffer) {
  const decoded = decodeWav(wav);
  return { ...decoded, mono: mixToMono(decoded.channels) };
}

describe('WAV output', () => {
  it('is a valid 16-bit PCM 44.1 kHz RIFF/WAVE file that a real parser reads back', async () => {
    const loop = renderLoop({ seed: 'header', style: 'house', key: 'A minor', bpm: 120, bars: 2 });
    const wav = loop.wav;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(44100);
    expect(wav.readUInt32LE(28)).toBe(44100 * 4);
    expect(wav.readUInt16LE(32)).toBe(4);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);

    const { format } = await parseBuffer(wav, { mimeType: 'audio/wav' });
    expect(format.container).toBe('WAVE');
    expect(format.sampleRate).toBe(44100);
    expect(format.numberOfChannels).toBe(2);
    expect(format.bitsPerSample).toBe(16);
    expect(format.duration).toBeCloseTo(4, 3);
  });

  it('renders mono when asked and peaks at −1 dBFS', () => {
    const loop = renderLoop({ seed: 'mono', style: 'pop', key: 'C major', bpm: 100, bars: 1, channels: 1 });
    const decoded = decodeWav(loop.wav);
    expect(decoded.channels).toHaveLength(1);
    let peak = 0;
    for (const x of decoded.channels[0]!) peak = Math.max(peak, Math.abs(x));
    expect(peak).toBeGreaterThan(0.8);
    expect(peak).toBeLessThanOrEqual(10 ** (-1 / 20) + 1e-4);
  });
});

describe('loop length', () => {
  it.each([
    { bpm: 120, bars: 4, timeSignature: '4/4', seconds: 8 },
    { bpm: 90, bars: 2, timeSignature: '4/4', seconds: (2 * 4 * 60) / 90 },
    { bpm: 90, bars: 4, timeSignature: '3/4', seconds: 8 },
    { bpm: 60, bars: 2, timeSignature: '6/8', seconds: 4 },
    { bpm: 140, bars: 8, timeSignature: '6/8', seconds: (8 * 2 * 60) / 140 },
    { bpm: 173, bars: 1, timeSignature: '4/4', seconds: (4 * 60) / 173 },
  ] as const)('$bars bars of $timeSignature at $bpm BPM last N·beats·60/BPM seconds', ({ bpm, bars, timeSignature, seconds }) => {
    expect(barsToSeconds(bars, bpm, timeSignature)).toBeCloseTo(seconds, 9);
    const loop = renderLoop({ seed: `len-${bpm}-${timeSignature}`, style: 'boom-bap', key: 'D minor', bpm, bars, timeSignature });
    const frames = decodeWav(loop.wav).channels[0]!.length;
    expect(frames).toBe(Math.round(seconds * 44100));
    expect(Math.abs(loop.durationMs - seconds * 1000)).toBeLessThanOrEqual(1);
  });

  it('counts 6/8 as two dotted-quarter pulses and 3/4 as three quarters', () => {
    expect(meterOf('6/8')).toMatchObject({ beatsPerBar: 2, stepsPerBeat: 6, stepsPerBar: 12, quartersPerBeat: 1.5 });
    expect(meterOf('3/4')).toMatchObject({ beatsPerBar: 3, stepsPerBeat: 4, stepsPerBar: 12, quartersPerBeat: 1 });
    expect(meterOf('4/4')).toMatchObject({ beatsPerBar: 4, stepsPerBar: 16 });
  });

  it('keeps every note of a loop inside the loop', () => {
    for (const timeSignature of TIME_SIGNATURES) {
      const arrangement = createArrangement({ seed: 'inside', style: 'trap', key: 'E minor', bpm: 140, timeSignature, feel: 'swing', bars: 4, form: 'loop' });
      const beats = 4 * arrangement.meter.beatsPerBar;
      for (const event of arrangement.events) {
        expect(event.start).toBeGreaterThanOrEqual(0);
        expect(event.start).toBeLessThan(beats);
      }
    }
  });
});

describe('pitch: sounds are in their declared key', () => {
  it('an A-minor pad puts its energy on A, C and E', () => {
    const pad = renderLoop({
      seed: 'a-minor-pad',
      style: 'ambient',
      key: 'A minor',
      bpm: 90,
      bars: 2,
      layers: ['chords'],
      voices: { chords: 'pad' },
      progression: [0],
    });
    // The ambient style voices sevenths: the tonic chord is A C E G. Check the triad dominates
    // and the notes outside A minor stay near silent.
    const { mono, sampleRate } = monoOf(pad.wav);
    const bins = chroma(powerSpectrum(mono, sampleRate, 16384), 100, 2000);
    const triad = bins[A]! + bins[C]! + bins[E]!;
    expect(triad).toBeGreaterThan(0.6);
    const offKey = [1, 3, 6, 8, 10].map((pc) => bins[pc]!); // C#, D#, F#, G#, A#
    for (const share of offKey) expect(share).toBeLessThan(0.05);
    const ranked = bins.map((share, pc) => ({ share, pc })).sort((a, b) => b.share - a.share);
    expect(ranked.slice(0, 4).map((r) => r.pc).sort((a, b) => a - b)).toEqual([0, 4, 7, 9]);
  });

  it('a full loop keeps its spectral energy inside the key’s scale', () => {
    for (const [style, key] of [
      ['house', 'F major'],
      ['lo-fi', 'C#/Db minor'],
      ['trap', 'G minor'],
    ] as const) {
      const loop = renderLoop({ seed: `scale-${style}`, style, key, bars: 4, layers: ['bass', 'chords', 'lead'] });
      const { mono, sampleRate } = monoOf(loop.wav);
      const bins = chroma(powerSpectrum(mono, sampleRate, 16384), 100, 2500);
      const scale = new Set(scalePitchClasses(parseMusicalKey(key)));
      const inScale = bins.reduce((sum, share, pc) => (scale.has(pc) ? sum + share : sum), 0);
      expect(inScale, `${style} in ${key}`).toBeGreaterThan(0.85);
    }
  });

  it('writes only in-scale notes for every key, style and meter', () => {
    for (const key of MUSICAL_KEYS) {
      const scale = new Set(scalePitchClasses(parseMusicalKey(key)));
      for (const style of GROOVE_STYLES) {
        const timeSignature = TIME_SIGNATURES[(key.length + style.length) % 3]!;
        const arrangement = createArrangement({ seed: `${key}-${style}`, style, key, timeSignature, feel: 'straight', bars: 4, form: 'loop' });
        for (const event of arrangement.events) {
          if (event.layer === 'bass' || event.layer === 'chords' || event.layer === 'lead') {
            expect(scale.has(event.midi % 12), `${key} ${style} ${event.voice} ${event.midi}`).toBe(true);
          }
        }
      }
    }
  });

  it('tunes tonal one-shots to the key root (808 in A → 55 Hz)', () => {
    const eightOhEight = monoOf(renderOneShot({ seed: '808', sound: '808', key: 'A minor' }).wav);
    const f808 = peakFrequency(powerSpectrum(eightOhEight.mono, 44100, 16384), 30, 200);
    expect(Math.abs(12 * Math.log2(f808 / midiToFrequency(33)))).toBeLessThan(0.5);

    const pluck = monoOf(renderOneShot({ seed: 'pluck', sound: 'pluck', key: 'D major' }).wav);
    const fPluck = peakFrequency(powerSpectrum(pluck.mono, 44100, 16384), 200, 450);
    expect(Math.abs(12 * Math.log2(fPluck / midiToFrequency(62)))).toBeLessThan(0.5);
  });
});

describe('timbre: drums have the spectrum of drums', () => {
  it('a kick’s energy is mostly below 150 Hz', () => {
    for (const seed of ['k1', 'k2', 'k3']) {
      const { mono } = monoOf(renderOneShot({ seed, sound: 'kick' }).wav);
      expect(bandEnergyRatio(powerSpectrum(mono, 44100, 8192), 0, 150), seed).toBeGreaterThan(0.7);
    }
  });

  it('a hi-hat’s energy is mostly above 5 kHz', () => {
    for (const seed of ['h1', 'h2', 'h3']) {
      const { mono } = monoOf(renderOneShot({ seed, sound: 'hi-hat' }).wav);
      expect(bandEnergyRatio(powerSpectrum(mono, 44100, 1024), 5000, 22050), seed).toBeGreaterThan(0.8);
    }
  });

  it('a snare is body and noise above the kick, and a sub bass sits below 100 Hz', () => {
    const snare = monoOf(renderOneShot({ seed: 's', sound: 'snare' }).wav).mono;
    const snareSpectrum = powerSpectrum(snare, 44100, 2048);
    expect(bandEnergyRatio(snareSpectrum, 150, 22050)).toBeGreaterThan(0.9);
    expect(bandEnergyRatio(snareSpectrum, 1000, 22050)).toBeGreaterThan(0.5);
    const sub = monoOf(renderOneShot({ seed: 'b', sound: 'sub-bass', key: 'E minor' }).wav).mono;
    expect(bandEnergyRatio(powerSpectrum(sub, 44100, 8192), 0, 100)).toBeGreaterThan(0.8);
  });

  it('renders every one-shot as real, non-silent audio tagged with taxonomy slugs', () => {
    for (const sound of ONE_SHOT_SOUNDS) {
      const shot = renderOneShot({ seed: `all-${sound}`, sound, key: 'F#/Gb minor' });
      const { mono } = monoOf(shot.wav);
      let energy = 0;
      for (const x of mono) energy += x * x;
      expect(Math.sqrt(energy / mono.length), sound).toBeGreaterThan(0.005);
      expect(shot.durationMs, sound).toBeGreaterThan(50);
      expect(shot.durationMs, sound).toBeLessThanOrEqual(5000);
      for (const tag of shot.instruments) expect(isInstrumentSlug(tag), tag).toBe(true);
    }
  });

  it('times FX one-shots to the tempo when given (a riser is two bars)', () => {
    const riser = renderOneShot({ seed: 'r', sound: 'riser', bpm: 120 });
    expect(riser.durationMs).toBe(4000);
  });
});

describe('swing', () => {
  const HOP = 44;
  /** High-frequency energy in ~1 ms frames (44 samples): hats and snares light it up at their onsets. */
  function highEnvelope(mono: Float32Array): Float64Array {
    const hop = HOP;
    const env = new Float64Array(Math.floor(mono.length / hop));
    for (let f = 0; f < env.length; f++) {
      let e = 0;
      for (let i = f * hop + 1; i < (f + 1) * hop; i++) {
        const d = mono[i]! - mono[i - 1]!;
        e += d * d;
      }
      env[f] = e;
    }
    return env;
  }

  function onsetNear(env: Float64Array, seconds: number, before: number, after: number): number {
    const framesPerSecond = 44100 / HOP;
    const from = Math.max(1, Math.round((seconds - before) * framesPerSecond));
    const to = Math.min(env.length - 1, Math.round((seconds + after) * framesPerSecond));
    let best = from;
    let bestRise = -Infinity;
    for (let f = from; f <= to; f++) {
      const rise = env[f]! - env[f - 1]!;
      if (rise > bestRise) {
        bestRise = rise;
        best = f;
      }
    }
    return best / framesPerSecond;
  }

  it('delays the off-beat sixteenths, in the events and in the audio', () => {
    const spec = { seed: 'swing', style: 'techno', key: 'A minor', bpm: 120, bars: 2, layers: ['drums'] } as const;
    const straight = renderLoop({ ...spec, feel: 'straight' });
    const swung = renderLoop({ ...spec, feel: 'swing' });
    const step = 60 / 120 / 4;
    const expectedDelay = (0.62 - 0.5) * 2 * step; // 30 ms at 120 BPM

    const straightHats = straight.arrangement!.events.filter((e) => e.voice === 'hat' || e.voice === 'open-hat');
    const swungHats = swung.arrangement!.events.filter((e) => e.voice === 'hat' || e.voice === 'open-hat');
    expect(swungHats).toHaveLength(straightHats.length);
    let offBeats = 0;
    straightHats.forEach((hat, i) => {
      const stepIndex = Math.round(hat.start * 4);
      const shift = (swungHats[i]!.start - hat.start) * (60 / 120);
      if (stepIndex % 2 === 1) {
        offBeats++;
        expect(shift).toBeCloseTo(expectedDelay, 6);
      } else {
        expect(shift).toBeCloseTo(0, 9);
      }
    });
    expect(offBeats).toBeGreaterThan(4);

    const envStraight = highEnvelope(monoOf(straight.wav).mono);
    const envSwung = highEnvelope(monoOf(swung.wav).mono);
    for (const hat of straightHats) {
      if (Math.round(hat.start * 4) % 2 !== 1) continue;
      const t = hat.start * 0.5;
      // Onsets are read on a ~1 ms grid.
      expect(Math.abs(onsetNear(envStraight, t, 0.01, 0.04) - t)).toBeLessThan(0.002);
      expect(Math.abs(onsetNear(envSwung, t, 0.01, 0.04) - (t + expectedDelay))).toBeLessThan(0.002);
    }
  });

  it('swings sixteenths in 6/8 and eighths in a jazz-feel 4/4 groove', () => {
    const sixEight = createArrangement({ seed: 'six', style: 'pop', key: 'C major', bpm: 60, timeSignature: '6/8', feel: 'swing', bars: 1, form: 'loop' });
    expect(sixEight.swing).toEqual({ unit: 'sixteenth', ratio: 0.62 });
    const ambient = createArrangement({ seed: 'amb', style: 'ambient', key: 'C major', bpm: 60, timeSignature: '4/4', feel: 'swing', bars: 1, form: 'loop' });
    expect(ambient.swing.unit).toBe('eighth');
    expect(ambient.swing.ratio).toBeCloseTo(2 / 3);
  });
});

describe('determinism, stems and compositions', () => {
  it('renders the same bytes from the same seed and different ones from another', () => {
    const a = renderLoop({ seed: 'same', style: 'drill', key: 'B minor', bars: 2 });
    const b = renderLoop({ seed: 'same', style: 'drill', key: 'B minor', bars: 2 });
    const c = renderLoop({ seed: 'other', style: 'drill', key: 'B minor', bars: 2 });
    expect(a.wav.equals(b.wav)).toBe(true);
    expect(a.wav.equals(c.wav)).toBe(false);
  });

  it('renders each layer as a stem, and the stems add up to the mix', () => {
    const loop = renderLoop({ seed: 'stems', style: 'afrobeats', key: 'G major', bars: 2, stems: true });
    expect(loop.stems.map((s) => s.layer)).toEqual(['drums', 'bass', 'chords', 'lead']);
    const mix = decodeWav(loop.wav).channels;
    const stems = loop.stems.map((s) => decodeWav(s.wav).channels);
    let worst = 0;
    for (let c = 0; c < 2; c++) {
      for (let i = 0; i < mix[c]!.length; i++) {
        let sum = 0;
        for (const stem of stems) sum += stem[c]![i]!;
        worst = Math.max(worst, Math.abs(sum - mix[c]![i]!));
      }
    }
    // Within 16-bit rounding of five files.
    expect(worst).toBeLessThan(5 / 32768);
    for (const stem of stems) expect(Math.max(...stem[0]!.subarray(0, 44100).map(Math.abs))).toBeGreaterThan(0);
  });

  it('arranges a composition into intro, main and outro with a riser into the drop', () => {
    const piece = renderComposition({ seed: 'song', style: 'house', key: 'F major', bpm: 124, bars: 16 });
    const events = piece.arrangement!.events;
    const beatsPerBar = 4;
    const drumBars = new Set(events.filter((e) => e.layer === 'drums').map((e) => Math.floor(e.start / beatsPerBar)));
    expect(drumBars.has(0)).toBe(false);
    expect(drumBars.has(8)).toBe(true);
    expect(drumBars.has(15)).toBe(false);
    const riser = events.find((e) => e.voice === 'riser')!;
    expect(riser.start + riser.duration).toBeCloseTo(4 * beatsPerBar);
    expect(events.some((e) => e.voice === 'impact' && e.start === 4 * beatsPerBar)).toBe(true);
    expect(piece.durationMs).toBe(Math.round(barsToSeconds(16, 124, '4/4') * 1000));
  });
});

describe('MIDI files', () => {
  it('writes a format-1 file with tempo, meter, key and every note of the pattern', () => {
    const loop = renderLoop({ seed: 'midi', style: 'boom-bap', key: 'E minor', bpm: 90, bars: 4, feel: 'swing', midi: true });
    const arrangement = loop.arrangement!;
    expect(loop.midi!.toString('ascii', 0, 4)).toBe('MThd');
    expect(loop.midi!.readUInt16BE(8)).toBe(1);
    expect(loop.midi!.readUInt16BE(10)).toBe(5); // conductor + one track per layer
    const midi = new Midi(loop.midi!);
    expect(midi.header.ppq).toBe(480);
    expect(midi.header.tempos[0]!.bpm).toBeCloseTo(90, 3);
    expect(midi.header.timeSignatures[0]!.timeSignature).toEqual([4, 4]);
    expect(midi.header.keySignatures[0]).toMatchObject({ key: 'G', scale: 'minor' });
    // The parser folds the conductor track (tempo, meter, key) into its header.
    expect(midi.tracks.map((t) => t.name)).toEqual(['Drums', 'Bass', 'Chords', 'Lead']);
    const drums = midi.tracks.find((t) => t.name === 'Drums')!;
    expect(drums.channel).toBe(9);
    const notes = midi.tracks.flatMap((t) => t.notes);
    const expected = arrangement.events.filter((e) => e.layer !== 'fx');
    expect(notes).toHaveLength(expected.length);
    // Swing is written into the file: note times match the rendered events to the tick.
    const seconds = (beats: number) => beats * (60 / 90);
    const byTime = [...notes].sort((a, b) => a.time - b.time || a.midi - b.midi);
    const events = [...expected].sort((a, b) => a.start - b.start || a.midi - b.midi);
    byTime.forEach((note, i) => {
      expect(note.time).toBeCloseTo(seconds(events[i]!.start), 2);
      expect(note.midi).toBe(events[i]!.midi);
    });
    // Tempo is stored in whole microseconds per quarter note.
    expect(midi.duration).toBeLessThanOrEqual(seconds(16) + 1e-4);
  });

  it('writes 6/8 with a dotted-quarter beat and format 0 as a single track', () => {
    const loop = renderLoop({ seed: 'six-eight', style: 'pop', key: 'A#/Bb major', bpm: 60, timeSignature: '6/8', bars: 2, midi: { format: 0 } });
    expect(loop.midi!.readUInt16BE(8)).toBe(0);
    expect(loop.midi!.readUInt16BE(10)).toBe(1);
    const midi = new Midi(loop.midi!);
    expect(midi.header.timeSignatures[0]!.timeSignature).toEqual([6, 8]);
    // 60 dotted quarters a minute = 90 quarter notes a minute.
    expect(midi.header.tempos[0]!.bpm).toBeCloseTo(90, 3);
    expect(midi.header.keySignatures[0]).toMatchObject({ key: 'Bb', scale: 'major' });
    // Two bars of 6/8 = 6 quarter notes = 4 s at this tempo.
    expect(midi.durationTicks).toBeLessThanOrEqual(6 * 480);
    expect(midi.header.ticksToSeconds(6 * 480)).toBeCloseTo(4, 4);
  });
});

describe('tags', () => {
  it('tags loops with taxonomy instruments that match what plays', () => {
    const loop = renderLoop({ seed: 'tags', style: 'trap', key: 'C minor', bars: 2 });
    for (const tag of loop.instruments) expect(isInstrumentSlug(tag), tag).toBe(true);
    expect(loop.instruments).toEqual(expect.arrayContaining(['drum-loop', 'kick', '808-bass']));
  });
});
