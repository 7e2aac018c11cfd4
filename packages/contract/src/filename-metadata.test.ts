import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS } from './catalogue-enums.ts';
import { metadataFromFileName } from './filename-metadata.ts';
import { ITEM_EDIT_LIMITS } from './item-editing.ts';
import { isGenreSlug, isInstrumentSlug } from './taxonomy.ts';

describe('metadataFromFileName: names producers give their files', () => {
  it.each([
    ['Kick_120bpm_Cmin.wav', { name: 'Kick', bpm: 120, key: 'C minor', kind: 'One-Shot', instruments: ['kick'] }],
    ['CR_Loop 92 BPM F#m Keys.wav', { name: 'CR Loop Keys', bpm: 92, key: 'F#/Gb minor', kind: 'Loop', instruments: ['piano'] }],
    ['Snare 04.wav', { name: 'Snare 04', kind: 'One-Shot', instruments: ['snare'] }],
    ['Kick A.wav', { name: 'Kick A', kind: 'One-Shot', instruments: ['kick'] }],
    ['rain on a roof.wav', { name: 'Rain on a Roof' }],
    ['bass-loop-140-Am.aif', { name: 'Bass Loop', bpm: 140, key: 'A minor', kind: 'Loop', instruments: ['synth-bass'] }],
    ['Pad_Gmaj_85.wav', { name: 'Pad', bpm: 85, key: 'G major', instruments: ['pad'] }],
    ['Vox Chop (Eb minor) 128bpm.wav', { name: 'Vox Chop', bpm: 128, key: 'D#/Eb minor', instruments: ['vocal-chops'] }],
    ['01 - Hat Loop 174.flac', { name: 'Hat Loop', bpm: 174, kind: 'Loop', instruments: ['hi-hat'] }],
    ['Lo-Fi Keys Loop 85 C#min.wav', { name: 'Lo Fi Keys Loop', bpm: 85, key: 'C#/Db minor', kind: 'Loop', instruments: ['piano'], genres: ['lo-fi'] }],
    ['Trap_808_Bbm.wav', { name: 'Trap 808', key: 'A#/Bb minor', kind: 'One-Shot', instruments: ['808'], genres: ['trap'] }],
    ['Deep House Chord Loop 124 BPM Abmaj.wav', { name: 'Deep House Chord Loop', bpm: 124, key: 'G#/Ab major', kind: 'Loop', genres: ['deep-house'] }],
    ['Guitar Loop_90_C.wav', { name: 'Guitar Loop', bpm: 90, key: 'C major', kind: 'Loop', instruments: ['guitar'] }],
    ['Sub Bass One Shot E.wav', { name: 'Sub Bass One Shot E', kind: 'One-Shot', instruments: ['sub-bass'] }],
    ['open_hat_03.wav', { name: 'Open Hat 03', kind: 'One-Shot', instruments: ['open-hat'] }],
    ['Drum & Bass Full Song 172bpm.wav', { name: 'Drum & Bass Full Song', bpm: 172, kind: 'Composition', genres: ['drum-and-bass'] }],
    ['BPM 100 - Rhodes Loop - D minor.wav', { name: 'Rhodes Loop', bpm: 100, key: 'D minor', kind: 'Loop', instruments: ['rhodes'] }],
    ['Perc Loop 92.5bpm.wav', { name: 'Perc Loop', bpm: 92.5, kind: 'Loop', instruments: ['percussion'] }],
    ['Impact Hit.wav', { name: 'Impact Hit', kind: 'One-Shot', instruments: ['impact'] }],
    ['Ambient_Texture.ogg', { name: 'Ambient Texture', instruments: ['texture'], genres: ['ambient'] }],
  ] as const)('%s', (fileName, expected) => {
    expect(metadataFromFileName(fileName)).toEqual(expected);
  });
});

describe('tempo', () => {
  it('reads a number named "bpm" from 40 to 250, joined or apart, before or after', () => {
    expect(metadataFromFileName('Loop 40bpm.wav').bpm).toBe(40);
    expect(metadataFromFileName('Loop 250 bpm.wav').bpm).toBe(250);
    expect(metadataFromFileName('Loop bpm120.wav').bpm).toBe(120);
    expect(metadataFromFileName('Loop 39bpm.wav').bpm).toBeUndefined();
    expect(metadataFromFileName('Loop 251 BPM.wav').bpm).toBeUndefined();
  });

  it('reads a bare number as the tempo only in a loop or beside a key, from 60 to 200', () => {
    expect(metadataFromFileName('Pad 85.wav')).toMatchObject({ name: 'Pad 85' });
    expect(metadataFromFileName('Pad 85.wav').bpm).toBeUndefined();
    expect(metadataFromFileName('Kick 100.wav').bpm).toBeUndefined();
    expect(metadataFromFileName('Pad 85 Dm.wav').bpm).toBe(85);
    expect(metadataFromFileName('Loop 59.wav').bpm).toBeUndefined();
    expect(metadataFromFileName('Loop 201.wav').bpm).toBeUndefined();
    expect(metadataFromFileName('Loop 2 140.wav')).toMatchObject({ name: 'Loop 2', bpm: 140 });
  });

  it('never takes a leading track number for a tempo, but a leading 140 in a loop is one', () => {
    expect(metadataFromFileName('07 Loop.wav')).toEqual({ name: 'Loop', kind: 'Loop' });
    expect(metadataFromFileName('003_Kick.wav')).toMatchObject({ name: 'Kick' });
    expect(metadataFromFileName('140 Trap Loop.wav')).toMatchObject({ name: 'Trap Loop', bpm: 140 });
  });

  it('prefers the named tempo to a bare number', () => {
    expect(metadataFromFileName('Loop 90 128bpm.wav')).toMatchObject({ name: 'Loop 90', bpm: 128 });
  });
});

describe('key', () => {
  it.each([
    ['Cmin', 'C minor'],
    ['Cm', 'C minor'],
    ['C#m', 'C#/Db minor'],
    ['Dbm', 'C#/Db minor'],
    ['Ebminor', 'D#/Eb minor'],
    ['F♯m', 'F#/Gb minor'],
    ['B♭maj', 'A#/Bb major'],
    ['Gmaj', 'G major'],
    ['GMAJ', 'G major'],
    ['A Major', 'A major'],
    ['a minor', 'A minor'],
    ['E m', 'E minor'],
    ['Cb major', 'B major'],
    ['E#m', 'F minor'],
  ])('%s → %s', (spelled, key) => {
    expect(metadataFromFileName(`Keys Loop ${spelled}.wav`).key).toBe(key);
  });

  it('always answers in the stored spelling', () => {
    for (const note of ['C', 'C#', 'Db', 'D', 'D#', 'Eb', 'E', 'F', 'F#', 'Gb', 'G', 'G#', 'Ab', 'A', 'A#', 'Bb', 'B']) {
      for (const mode of ['m', 'maj']) {
        const key = metadataFromFileName(`Chords ${note}${mode}.wav`).key;
        expect(MUSICAL_KEYS as readonly string[], `${note}${mode}`).toContain(key);
      }
    }
  });

  it('does not read words as keys: FM, a lone letter away from a tempo, "am" in lower case', () => {
    expect(metadataFromFileName('FM Bass.wav')).toEqual({ name: 'FM Bass', instruments: ['fm-bass'] });
    expect(metadataFromFileName('fm bass.wav').key).toBeUndefined();
    expect(metadataFromFileName('Vocal Take B.wav')).toMatchObject({ name: 'Vocal Take B' });
    expect(metadataFromFileName('Vocal Take B.wav').key).toBeUndefined();
    expect(metadataFromFileName('i am here.wav').key).toBeUndefined();
    expect(metadataFromFileName('Emaj7 Chord.wav').key).toBeUndefined();
  });
});

describe('kind', () => {
  it.each([
    ['Kick Loop.wav', 'Loop'],
    ['Drumloop 01.wav', 'Loop'],
    ['Top Loops.wav', 'Loop'],
    ['Kick.wav', 'One-Shot'],
    ['hihat_closed.wav', 'One-Shot'],
    ['Clap 2.wav', 'One-Shot'],
    ['Synth One-Shot.wav', 'One-Shot'],
    ['Synth OneShot.wav', 'One-Shot'],
    ['Brass Hits.wav', 'One-Shot'],
    ['Composition 1.wav', 'Composition'],
    ['Pad.wav', undefined],
    ['Vocal Phrase.wav', undefined],
  ])('%s → %s', (fileName, kind) => {
    expect(metadataFromFileName(fileName).kind).toBe(kind);
  });
});

describe('display name', () => {
  it('drops the extension, tempo, key and track number, turns _ and - into spaces and tidies capitals', () => {
    expect(metadataFromFileName('02_dark_PIANO_loop_Am_90bpm.wav').name).toBe('Dark Piano Loop');
    expect(metadataFromFileName('VOX chop of the night.wav').name).toBe('VOX Chop of the Night');
    expect(metadataFromFileName('McCoy TR909 groove.wav').name).toBe('McCoy TR909 Groove');
    expect(metadataFromFileName('Vol. 2 Kick.wav').name).toBe('Vol 2 Kick');
    expect(metadataFromFileName('  spaced   out  .wav').name).toBe('Spaced Out');
  });

  it('keeps a name that is only metadata rather than leaving it empty', () => {
    expect(metadataFromFileName('120bpm.wav')).toEqual({ name: '120bpm', bpm: 120 });
    expect(metadataFromFileName('Am_120bpm.wav').name).toBe('Am 120bpm');
    expect(metadataFromFileName('01.wav').name).toBe('01');
  });

  it('takes the last part of a path', () => {
    expect(metadataFromFileName('Pack/Drums/Kick_01.wav').name).toBe('Kick 01');
    expect(metadataFromFileName('Pack\\Drums\\Snare.wav').name).toBe('Snare');
  });
});

describe('hostile names', () => {
  it('never returns an empty name', () => {
    for (const fileName of ['', '.wav', '   ', '___.wav', '-.-', '()[]{}.aif', '\u0000\u0001.wav', '...']) {
      expect(metadataFromFileName(fileName).name, JSON.stringify(fileName)).toBe('Untitled');
    }
  });

  it('removes control characters, bidi overrides and zero-width characters', () => {
    expect(metadataFromFileName('\u0000Kick\u202e\u0007 \u200bHard\r\n.wav').name).toBe('Kick Hard');
    expect(metadataFromFileName('Snare\u0000\u001f.wav').name).toBe('Snare');
  });

  it('caps a 500-character name at the item name limit, on a word boundary', () => {
    const words = metadataFromFileName(`${'Kick '.repeat(100)}.wav`).name;
    expect(words.length).toBeLessThanOrEqual(ITEM_EDIT_LIMITS.nameMax);
    expect(words.endsWith('Kick')).toBe(true);
    const oneWord = metadataFromFileName(`${'x'.repeat(500)}.wav`).name;
    expect(oneWord).toBe(`X${'x'.repeat(ITEM_EDIT_LIMITS.nameMax - 1)}`);
  });

  it('is fast on long names full of would-be tags', () => {
    const started = performance.now();
    const result = metadataFromFileName(`${'Deep House Sub Bass Loop 120 Am '.repeat(20)}.wav`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result).toMatchObject({ bpm: 120, key: 'A minor', kind: 'Loop' });
  });

  it('keeps letters of any script and emoji, and tidies their capitals', () => {
    expect(metadataFromFileName('синт пэд Am 90 Loop.wav')).toMatchObject({ name: 'Синт Пэд Loop', bpm: 90, key: 'A minor' });
    expect(metadataFromFileName('ドラム ループ 🔥.wav').name).toBe('ドラム ループ 🔥');
    expect(metadataFromFileName('Cafe\u0301 Keys.wav').name).toBe('Café Keys');
  });

  it('returns only taxonomy slugs', () => {
    const result = metadataFromFileName('Afrobeats Log Drum Shaker Tambourine Conga Sax Strings Loop.wav');
    for (const slug of result.instruments ?? []) expect(isInstrumentSlug(slug), slug).toBe(true);
    for (const slug of result.genres ?? []) expect(isGenreSlug(slug), slug).toBe(true);
    expect(result.instruments).toEqual(expect.arrayContaining(['log-drum', 'shaker', 'tambourine', 'conga', 'saxophone', 'string-section']));
  });
});

describe('drum names as kits write them (Debian hydrogen-drumkits, issue 34)', () => {
  it.each([
    // Abbreviations, with digits glued on or not.
    ['BD_03.aiff', { name: 'BD 03', kind: 'One-Shot', instruments: ['kick'] }],
    ['SN3_04.aiff', { name: 'SN 3 04', kind: 'One-Shot', instruments: ['snare'] }],
    ['HH2_08.aiff', { name: 'HH 2 08', kind: 'One-Shot', instruments: ['hi-hat'] }],
    ['TM2_01.aiff', { name: 'TM 2 01', kind: 'One-Shot', instruments: ['toms'] }],
    ['RD_06.aiff', { name: 'RD 06', kind: 'One-Shot', instruments: ['ride'] }],
    ['PowR_BD_1.flac', { name: 'PowR BD 1', kind: 'One-Shot', instruments: ['kick'] }],
    ['Hard_CHH_01.flac', { name: 'Hard CHH 01', kind: 'One-Shot', instruments: ['hi-hat'] }],
    ['Hard_Hse_OHH_1.flac', { name: 'Hard Hse OHH 1', kind: 'One-Shot', instruments: ['open-hat'] }],
    ['bd_01.flac', { name: 'Bd 01', kind: 'One-Shot', instruments: ['kick'] }],
    ['cc_02.flac', { name: 'Cc 02', kind: 'One-Shot', instruments: ['crash'] }],
    ['mc_cb.flac', { name: 'Mc Cb', kind: 'One-Shot', instruments: ['cowbell'] }],
    ['hh_p.flac', { name: 'Hh P', kind: 'One-Shot', instruments: ['hi-hat'] }],
    ['bd1.flac', { name: 'Bd 1', kind: 'One-Shot', instruments: ['kick'] }],
    // Camel case, split into words where a piece names a drum.
    ['HiHatClosed-0.wav', { name: 'Hi Hat Closed 0', kind: 'One-Shot', instruments: ['hi-hat'] }],
    ['HiHatOpen-2.wav', { name: 'Hi Hat Open 2', kind: 'One-Shot', instruments: ['open-hat'] }],
    ['AgogoLow-0.wav', { name: 'Agogo Low 0', kind: 'One-Shot', instruments: ['percussion'] }],
    ['CrashRide18Bell-0.wav', { name: 'Crash Ride 18 Bell 0', kind: 'One-Shot', instruments: ['crash', 'ride'] }],
    ['Splash10-3.wav', { name: 'Splash 10 3', kind: 'One-Shot', instruments: ['cymbal'] }],
    ['RimClick-1.wav', { name: 'Rim Click 1', kind: 'One-Shot', instruments: ['rim'] }],
    ['PearlSideStick-Soft.wav', { name: 'Pearl Side Stick Soft', kind: 'One-Shot', instruments: ['rim'] }],
    ['SabianHatSemiOpen-Hard.wav', { name: 'Sabian Hat Semi Open Hard', kind: 'One-Shot', instruments: ['open-hat'] }],
    ['WoodBlock-Med.wav', { name: 'WoodBlock Med', kind: 'One-Shot', instruments: ['woodblock'] }],
    ['HandClap.wav', { name: 'Hand Clap', kind: 'One-Shot', instruments: ['clap'] }],
    ['Fingersnap-Soft.wav', { name: 'Fingersnap Soft', kind: 'One-Shot', instruments: ['snap'] }],
    // Words glued in lower case, and a drum's low stroke.
    ['closehihat3.flac', { name: 'Closehihat 3', kind: 'One-Shot', instruments: ['hi-hat'] }],
    ['hhopen_00.flac', { name: 'Hhopen 00', kind: 'One-Shot', instruments: ['open-hat'] }],
    ['floortom_01.flac', { name: 'Floortom 01', kind: 'One-Shot', instruments: ['toms'] }],
    ['Djembe1 Bass.wav', { name: 'Djembe 1 Bass', kind: 'One-Shot', instruments: ['percussion'] }],
    ['EE_Hat_Op_Dirty.flac', { name: 'EE Hat Op Dirty', kind: 'One-Shot', instruments: ['open-hat'] }],
  ] as const)('%s', (fileName, expected) => {
    expect(metadataFromFileName(fileName)).toEqual(expected);
  });

  it('reads an abbreviation only when no whole word names an instrument, and "OH" only in capitals', () => {
    expect(metadataFromFileName('CR_Loop 92 BPM F#m Keys.wav').instruments).toEqual(['piano']);
    expect(metadataFromFileName('Oh Yeah.wav').instruments).toBeUndefined();
    expect(metadataFromFileName('OH_01.wav').instruments).toEqual(['open-hat']);
  });

  it('keeps a word whole when no piece of it names a drum', () => {
    expect(metadataFromFileName('McCoy TR909 groove.wav').name).toBe('McCoy TR909 Groove');
    expect(metadataFromFileName('DnB iPhone Loop 174.wav').name).toBe('DnB iPhone Loop');
  });
});
