import { describe, expect, it } from 'vitest';
import { PRESET_PLUGINS } from './catalogue-enums.ts';
import { PRESET_EXTENSIONS, classifyPackFile, classifyPackFiles, presetPluginFromPath } from './pack-file-kind.ts';

describe('classifyPackFile', () => {
  it.each([
    ['cover.jpg', 'Cover art'],
    ['Artwork/Cover.JPEG', 'Cover art'],
    ['art.png', 'Cover art'],
    ['art.webp', 'Cover art'],
    ['MIDI/Chords 01.mid', 'Midi'],
    ['Melody.MIDI', 'Midi'],
    ['Serum Presets/Growl.fxp', 'Preset'],
    ['Presets/Bank.fxb', 'Preset'],
    ['Presets/Warm.vstpreset', 'Preset'],
    ['Presets/Warm.aupreset', 'Preset'],
    ['Analog Lab/Keys.labx', 'Preset'],
    ['Serum 2/Lead.SerumPreset', 'Preset'],
    ['Vocal Chain.fst', 'Preset'],
    ['Drums/Kick 01.wav', 'Sample audio'],
    ['Kick.WAV', 'Sample audio'],
    ['Loops/Keys.aif', 'Sample audio'],
    ['Loops/Keys.aiff', 'Sample audio'],
    ['Loops/Keys.flac', 'Sample audio'],
    ['Loops/Keys.mp3', 'Sample audio'],
    ['Stems/Drums.wav', 'Stem audio'],
    ['Song 1/Stem - Bass.wav', 'Stem audio'],
    ['DrumStems/Kick.wav', 'Stem audio'],
    ['Song Starter/STEMS/Lead.flac', 'Stem audio'],
    ['Demo.mp3', 'Pack preview audio'],
    ['Pack Preview.wav', 'Pack preview audio'],
    ['Previews/Full Demo.mp3', 'Pack preview audio'],
    ['demo_mix.mp3', 'Pack preview audio'],
    ['Loops/Demo Loop.wav', 'Sample audio'],
    ['Systems Loop.wav', 'Sample audio'],
  ] as const)('%s → %s', (path, kind) => {
    expect(classifyPackFile(path)).toBe(kind);
  });

  it.each([
    '__MACOSX/Drums/._Kick.wav',
    'Drums/__MACOSX/Kick.wav',
    '.DS_Store',
    'Drums/.DS_Store',
    'Thumbs.db',
    'Drums/thumbs.db',
    'desktop.ini',
    'Icon\r',
    '._Kick.wav',
    '.hidden/Kick.wav',
    'Drums/',
    '',
    '../Kick.wav',
    'Drums/../../etc/passwd',
    'README.txt',
    'License.pdf',
    'Project.flp',
    'Kick.ogg',
    'Kick',
    'archive.zip',
  ])('%j is not a pack file', (path) => {
    expect(classifyPackFile(path)).toBeNull();
  });

  it('reads Windows paths and leading "./"', () => {
    expect(classifyPackFile('Stems\\Bass.wav')).toBe('Stem audio');
    expect(classifyPackFile('./cover.png')).toBe('Cover art');
    expect(classifyPackFile('Drums\\.DS_Store')).toBeNull();
  });
});

describe('classifyPackFiles', () => {
  it('tells preset previews from samples by a preset of the same name in the same folder', () => {
    const result = classifyPackFiles([
      'Serum Presets/Growl Bass.fxp',
      'Serum Presets/Growl Bass.mp3',
      'Serum Presets/growl bass (preview).wav',
      'Serum Presets/Other.mp3',
      'Loops/Growl Bass.wav',
    ]);
    expect(result.map((r) => r.kind)).toEqual(['Preset', 'Preset preview audio', 'Preset preview audio', 'Sample audio', 'Sample audio']);
  });

  it('looks for the preset one folder up when the audio sits in a previews folder', () => {
    const result = classifyPackFiles([
      'Presets/Serum/Pluck 1.fxp',
      'Presets/Serum/Previews/Pluck 1.mp3',
      'Presets/Serum/Previews/Pluck 2.mp3',
    ]);
    expect(result.map((r) => r.kind)).toEqual(['Preset', 'Preset preview audio', 'Sample audio']);
  });

  it('does not count the one folder wrapping a whole zip as a level', () => {
    const result = classifyPackFiles([
      'Midnight Pack/Demo.mp3',
      'Midnight Pack/Cover.jpg',
      'Midnight Pack/Previews/Track Demo.mp3',
      'Midnight Pack/Loops/Demo Loop.wav',
      'Midnight Pack/__MACOSX/._Demo.mp3',
      'Midnight Pack/.DS_Store',
    ]);
    expect(result).toEqual([
      { path: 'Midnight Pack/Demo.mp3', kind: 'Pack preview audio' },
      { path: 'Midnight Pack/Cover.jpg', kind: 'Cover art' },
      { path: 'Midnight Pack/Previews/Track Demo.mp3', kind: 'Pack preview audio' },
      { path: 'Midnight Pack/Loops/Demo Loop.wav', kind: 'Sample audio' },
      { path: 'Midnight Pack/__MACOSX/._Demo.mp3', kind: null },
      { path: 'Midnight Pack/.DS_Store', kind: null },
    ]);
  });

  it('keeps a first folder that is not wrapping everything, and copes with an empty list', () => {
    expect(classifyPackFiles(['Demo.mp3', 'Extras/Demo.mp3']).map((r) => r.kind)).toEqual(['Pack preview audio', 'Sample audio']);
    expect(classifyPackFiles([])).toEqual([]);
    expect(classifyPackFiles(['.DS_Store'])).toEqual([{ path: '.DS_Store', kind: null }]);
  });
});

describe('presetPluginFromPath', () => {
  it.each([
    ['Serum Presets/Growl.fxp', 'Serum'],
    ['SERUM_Bass.fxp', 'Serum'],
    ['Serum2/Lead.fxp', 'Serum'],
    ['Leads/Lead.SerumPreset', 'Serum'],
    ['Keys/Rhodes.labx', 'Analog Lab'],
    ['Arturia/Pad.vstpreset', null],
    ['Analog Lab V/Pad.labx', 'Analog Lab'],
    ['Gross Beat/Half Time.fst', 'Gross Beat'],
    ['GrossBeat Presets/Stutter.fst', 'Gross Beat'],
    ['FL Mixer Presets/Vocal Chain.fst', 'FL Mixer Presets'],
    ['Mixer Presets/Wide.fst', 'FL Mixer Presets'],
    ['Vocal Chain.fst', 'FL Mixer Presets'],
    ['RC-20/Dusty.fxp', 'RC20'],
    ['RC20 Presets/Tape.vstpreset', 'RC20'],
    ['Retro Color/Warm.aupreset', 'RC20'],
    ['Portal/Granular Wash.fxp', 'Portal'],
    ['Soundtoys/EchoBoy/Slap.fxp', 'SoundToys'],
    ['Decapitator Drive.vstpreset', 'SoundToys'],
    ['Presets/Unknown.fxp', null],
    ['Serum Presets/Previews/Growl.mp3', 'Serum'],
    ['Loops/Kick.wav', null],
  ] as const)('%s → %s', (path, plugin) => {
    expect(presetPluginFromPath(path)).toBe(plugin);
  });

  it('only names a plugin that opens the file: a Serum folder holding an .fst is not Serum', () => {
    expect(presetPluginFromPath('Serum Presets/Mixer.fst')).toBe('FL Mixer Presets');
  });

  it('has an extension list for every plugin, every one a preset kind', () => {
    expect(Object.keys(PRESET_EXTENSIONS).sort()).toEqual([...PRESET_PLUGINS].sort());
    for (const plugin of PRESET_PLUGINS) {
      for (const extension of PRESET_EXTENSIONS[plugin]) expect(classifyPackFile(`x.${extension}`), extension).toBe('Preset');
    }
  });
});
