/**
 * Renders the planned sounds with the project's synth, in the pack's key, tempo, meter and feel, and
 * writes the preset files of preset packs.
 */
import type { InstrumentSlug } from '@crate/contract/taxonomy';
import { type RenderedSound, renderComposition, renderLoop, renderOneShot } from '../synth/sounds.ts';
import { createRandom } from '../seeded-random.ts';
import type { Layer } from '../synth/voices.ts';
import type { PackMusic, PlannedItem, PlannedPack, SoundRecipe } from './catalogue-plan.ts';

export interface RenderedCatalogueSound {
  wav: Buffer;
  durationMs: number;
  instruments: InstrumentSlug[];
  stems: { layer: Layer; wav: Buffer }[];
  midi: Buffer | null;
}

/** Sounds sample packs ship in mono: centred drum hits and bass. */
const MONO_ONE_SHOTS = new Set<string>(['kick', 'snare', 'clap', 'rim', 'toms', '808', 'sub-bass', 'reese']);

export function renderRecipe(recipe: SoundRecipe, music: PackMusic, extras: { stems?: boolean; midi?: boolean } = {}): RenderedCatalogueSound {
  let sound: RenderedSound;
  if (recipe.form === 'one-shot') {
    const channels = MONO_ONE_SHOTS.has(recipe.sound) ? 1 : 2;
    sound = renderOneShot({ seed: recipe.seed, sound: recipe.sound, key: music.key, channels, ...(recipe.timed ? { bpm: music.bpm } : {}) });
  } else {
    const bassOnly = recipe.layers?.length === 1 && recipe.layers[0] === 'bass';
    const spec = {
      seed: recipe.seed,
      style: music.style,
      key: music.key,
      bpm: music.bpm,
      timeSignature: music.timeSignature,
      feel: music.feel,
      bars: recipe.bars,
      ...(recipe.layers ? { layers: recipe.layers } : {}),
      ...(recipe.voices ? { voices: recipe.voices } : {}),
      channels: bassOnly ? (1 as const) : (2 as const),
      stems: extras.stems ?? false,
      midi: extras.midi ?? false,
    };
    sound = recipe.form === 'loop' ? renderLoop(spec) : renderComposition(spec);
  }
  return { wav: sound.wav, durationMs: sound.durationMs, instruments: sound.instruments, stems: sound.stems, midi: sound.midi ?? null };
}

/**
 * A preset pack's preset file. We cannot write Serum's or Portal's own binary formats honestly, so the
 * file is a settings sheet: plain JSON that names the plugin and lists the values that make the sound,
 * to be dialled in by hand, and says so.
 */
export function presetSheet(item: PlannedItem, pack: Pick<PlannedPack, 'title' | 'music'>, creatorName: string): Buffer {
  if (item.role.group !== 'preset') throw new Error('not a preset');
  const { plugin, presetName } = item.role;
  const r = createRandom(`${item.recipe.seed}/sheet`);
  const pct = () => Math.round(r.range(5, 95));
  const ms = (lo: number, hi: number) => Math.round(r.range(lo, hi));
  const settings: Record<string, unknown> = (() => {
    switch (plugin) {
      case 'Serum':
        return {
          oscA: { wavetable: r.pick(['Basic Shapes', 'Analog_BD_Sin', 'Digital_Saw', 'Spectral Glass']), position: pct(), unison: r.int(1, 7), detune: pct() },
          oscB: { enabled: r.chance(0.6), wavetable: r.pick(['Basic Shapes', 'Sub Square', 'Vowel Formants']), octave: r.int(-1, 1) },
          sub: { enabled: r.chance(0.5), shape: r.pick(['sine', 'triangle']) },
          filter: { type: r.pick(['MG Low 24', 'Low 12', 'Band 12', 'Comb +']), cutoffHz: ms(300, 12000), resonance: pct() },
          env1: { attackMs: ms(0, 400), decayMs: ms(80, 1200), sustain: pct(), releaseMs: ms(40, 2000) },
          fx: r.pick([['Chorus', 'Reverb'], ['Distortion', 'Delay'], ['Hyper/Dimension', 'Reverb'], ['Compressor', 'EQ']]),
        };
      case 'Analog Lab':
        return {
          instrument: r.pick(['poly synth', 'electric piano', 'string machine', 'mono bass synth']),
          macros: { brightness: pct(), timbre: pct(), time: pct(), movement: pct() },
          effects: r.pick([['Chorus', 'Plate Reverb'], ['Phaser', 'Tape Delay'], ['Overdrive', 'Room']]),
        };
      case 'Gross Beat':
        return {
          timeEnvelope: r.pick(['half speed', 'tape stop', '1/16 repeat', 'triplet repeat', 'reverse']),
          volumeEnvelope: r.pick(['1/8 gate', '1/16 gate', 'sidechain pump', 'swell']),
          smoothMs: ms(0, 30),
          mix: pct(),
        };
      case 'Portal':
        return {
          grainSizeMs: ms(10, 400),
          density: pct(),
          pitchSemitones: r.pick([-12, -5, 0, 7, 12]),
          spread: pct(),
          reverb: pct(),
          mix: pct(),
        };
      case 'RC20':
        return { noise: pct(), wobble: pct(), distortion: pct(), digital: pct(), space: pct(), magnetic: pct(), magnitude: pct() };
      case 'SoundToys':
        return {
          chain: r.pick([['tape echo', 'saturation'], ['dub delay', 'filter'], ['chorus', 'tape echo'], ['saturation', 'crusher']]),
          delayTime: r.pick(['1/8', '1/8 dotted', '1/4', '1/16']),
          feedback: pct(),
          drive: pct(),
          mix: pct(),
        };
      case 'FL Mixer Presets':
        return {
          slots: [
            { effect: 'Fruity Parametric EQ 2', lowCutHz: ms(20, 180), presenceDb: Math.round(r.range(-2, 4) * 10) / 10 },
            { effect: 'Fruity Compressor', thresholdDb: -Math.round(r.range(6, 24)), ratio: r.pick(['2:1', '4:1', '6:1']), attackMs: ms(1, 30) },
            { effect: 'Fruity Reeverb 2', decayS: Math.round(r.range(0.6, 3.5) * 10) / 10, wet: pct() },
          ],
        };
    }
  })();
  const sheet = {
    format: 'crate-preset-sheet',
    version: 1,
    plugin,
    name: presetName,
    pack: pack.title,
    creator: creatorName,
    preview: { key: pack.music.key, bpm: pack.music.bpm, timeSignature: pack.music.timeSignature },
    settings,
    note: `A settings sheet from the Crate demo catalogue: the values describe the sound; dial them into ${plugin} by hand. It is not a ${plugin} file format.`,
  };
  return Buffer.from(`${JSON.stringify(sheet, null, 2)}\n`);
}
