/**
 * Groove styles: how a genre's drums, bass, chords and lead are played. Drum patterns are one bar
 * of sixteenth steps per voice: `x` hit, `o` ghost (softer), `=` two 32nds, `r` a three-hit roll,
 * `.` rest. 4/4 patterns are 16 steps; 3/4 and 6/8 patterns are 12 (see meter.ts).
 */
import type { TimeSignature } from '@crate/contract/catalogue-enums';
import type { BassVoice, ChordVoice, DrumVoice, LeadVoice } from './voices.ts';

export const GROOVE_STYLES = [
  'trap',
  'drill',
  'boom-bap',
  'lo-fi',
  'rnb',
  'pop',
  'house',
  'techno',
  'drum-and-bass',
  'dubstep',
  'afrobeats',
  'reggaeton',
  'synthwave',
  'ambient',
  'cinematic',
] as const;
export type GrooveStyle = (typeof GROOVE_STYLES)[number];

export type DrumPattern = Partial<Record<DrumVoice, string>>;
export type BassRhythm = 'kick' | 'offbeat' | 'long' | 'eighths' | 'syncopated';
export type ChordRhythm = 'sustain' | 'offbeat' | 'comp' | 'pulse';

export interface GrooveProfile {
  bpm: [number, number];
  /** Alternatives per time signature; one is chosen per sound. Missing meters use GENERIC_DRUMS. */
  drums: Partial<Record<TimeSignature, DrumPattern[]>>;
  /** Drum density for the generic 3/4 and 6/8 patterns. */
  energy: 'none' | 'low' | 'mid' | 'high';
  bass: { voice: BassVoice; rhythm: BassRhythm };
  chords: { voice: ChordVoice; rhythm: ChordRhythm; sevenths: boolean };
  lead: { voice: LeadVoice; density: number };
  swingUnit: 'eighth' | 'sixteenth';
  /** Hat rolls and stutters at random (trap, drill). */
  rolls: boolean;
  crackle: boolean;
}

const FOUR_ON_FLOOR = 'x...x...x...x...';
const BACKBEAT = '....x.......x...';
const EIGHTHS = 'x.x.x.x.x.x.x.x.';

export const GROOVES: Record<GrooveStyle, GrooveProfile> = {
  trap: {
    bpm: [130, 160],
    drums: {
      '4/4': [
        { kick: 'x......x..x.....', clap: '........x.......', hat: 'x.x.x.x.x.x.x.x.' },
        { kick: 'x.....x...x..x..', clap: '........x.......', hat: 'x.xxx.x.x.x.xxx.' },
        { kick: 'x..x......x.....', clap: '........x.......', hat: 'x.x.x.x.x.x.x.x.', 'open-hat': '..............x.' },
      ],
    },
    energy: 'high',
    bass: { voice: '808', rhythm: 'kick' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: false },
    lead: { voice: 'bell', density: 0.45 },
    swingUnit: 'sixteenth',
    rolls: true,
    crackle: false,
  },
  drill: {
    bpm: [138, 146],
    drums: {
      '4/4': [
        { kick: 'x.........x.....', snare: '........x....x..', hat: 'x..x..x.x..x..x.' },
        { kick: 'x......x...x....', snare: '........x.....x.', hat: 'x..x..x...x..x..' },
      ],
    },
    energy: 'high',
    bass: { voice: '808', rhythm: 'kick' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: false },
    lead: { voice: 'pluck', density: 0.4 },
    swingUnit: 'sixteenth',
    rolls: true,
    crackle: false,
  },
  'boom-bap': {
    bpm: [84, 96],
    drums: {
      '4/4': [
        { kick: 'x......xx.x.....', snare: BACKBEAT, hat: EIGHTHS },
        { kick: 'x.x.......x..x..', snare: BACKBEAT, hat: 'x.xox.x.x.xox.x.' },
      ],
    },
    energy: 'mid',
    bass: { voice: 'sub', rhythm: 'kick' },
    chords: { voice: 'keys', rhythm: 'comp', sevenths: true },
    lead: { voice: 'pluck', density: 0.3 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  'lo-fi': {
    bpm: [70, 90],
    drums: {
      '4/4': [
        { kick: 'x.........x.....', snare: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.' },
        { kick: 'x......x..x.....', rim: BACKBEAT, hat: 'x.o.x.o.x.o.x.oo' },
      ],
    },
    energy: 'low',
    bass: { voice: 'sub', rhythm: 'long' },
    chords: { voice: 'keys', rhythm: 'sustain', sevenths: true },
    lead: { voice: 'pluck', density: 0.25 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: true,
  },
  rnb: {
    bpm: [62, 78],
    drums: {
      '4/4': [
        { kick: 'x......x..x.....', snare: BACKBEAT, hat: 'x.xxx.x.x.xxx.x.' },
        { kick: 'x.....x...x.....', clap: BACKBEAT, hat: 'x.x.x.x=x.x.x.x.' },
      ],
    },
    energy: 'mid',
    bass: { voice: 'sub', rhythm: 'syncopated' },
    chords: { voice: 'keys', rhythm: 'sustain', sevenths: true },
    lead: { voice: 'lead', density: 0.3 },
    swingUnit: 'sixteenth',
    rolls: true,
    crackle: false,
  },
  pop: {
    bpm: [96, 124],
    drums: {
      '4/4': [
        { kick: 'x.......x.x.....', clap: BACKBEAT, hat: EIGHTHS },
        { kick: 'x...x...x...x...', clap: BACKBEAT, hat: 'x.x.x.x.x.x.x.x.', shaker: 'oxoxoxoxoxoxoxox' },
      ],
    },
    energy: 'mid',
    bass: { voice: 'sub', rhythm: 'syncopated' },
    chords: { voice: 'stab', rhythm: 'comp', sevenths: false },
    lead: { voice: 'lead', density: 0.4 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  house: {
    bpm: [120, 128],
    drums: {
      '4/4': [
        { kick: FOUR_ON_FLOOR, clap: BACKBEAT, 'open-hat': '..x...x...x...x.', hat: 'oxo.oxo.oxo.oxo.' },
        { kick: FOUR_ON_FLOOR, clap: BACKBEAT, 'open-hat': '..x...x...x...x.', shaker: 'oxoxoxoxoxoxoxox' },
      ],
    },
    energy: 'high',
    bass: { voice: 'sub', rhythm: 'offbeat' },
    chords: { voice: 'stab', rhythm: 'offbeat', sevenths: true },
    lead: { voice: 'pluck', density: 0.35 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  techno: {
    bpm: [126, 140],
    drums: {
      '4/4': [
        { kick: FOUR_ON_FLOOR, 'open-hat': '..x...x...x...x.', rim: '...x..x....x..x.', hat: 'xxxxxxxxxxxxxxxx' },
        { kick: FOUR_ON_FLOOR, clap: BACKBEAT, 'open-hat': '..x...x...x...x.', hat: 'x.oxx.oxx.oxx.ox' },
      ],
    },
    energy: 'high',
    bass: { voice: 'reese', rhythm: 'eighths' },
    chords: { voice: 'stab', rhythm: 'offbeat', sevenths: false },
    lead: { voice: 'lead', density: 0.3 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  'drum-and-bass': {
    bpm: [170, 176],
    drums: {
      '4/4': [
        { kick: 'x.........x.....', snare: BACKBEAT, hat: EIGHTHS },
        { kick: 'x.x.......x.....', snare: '....x..o.o..x...', hat: 'x.xxx.x.x.xxx.x.' },
      ],
    },
    energy: 'high',
    bass: { voice: 'reese', rhythm: 'long' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: true },
    lead: { voice: 'pluck', density: 0.3 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  dubstep: {
    bpm: [138, 150],
    drums: {
      '4/4': [
        { kick: 'x.........x.....', snare: '........x.......', hat: EIGHTHS },
        { kick: 'x.....x.........', snare: '........x.......', hat: 'x.x.x.xxx.x.x.x.' },
      ],
    },
    energy: 'high',
    bass: { voice: 'reese', rhythm: 'syncopated' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: false },
    lead: { voice: 'lead', density: 0.25 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  afrobeats: {
    bpm: [98, 112],
    drums: {
      '4/4': [
        { kick: 'x.....x.x.....x.', rim: '..x..x....x..x..', clap: BACKBEAT, shaker: 'oxooxoooxoooxoox' },
        { kick: 'x..x..x...x..x..', rim: '...x..x....x..x.', clap: BACKBEAT, shaker: 'xoxoxoxoxoxoxoxo' },
      ],
    },
    energy: 'mid',
    bass: { voice: 'sub', rhythm: 'syncopated' },
    chords: { voice: 'keys', rhythm: 'comp', sevenths: true },
    lead: { voice: 'pluck', density: 0.45 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  reggaeton: {
    bpm: [88, 100],
    drums: {
      '4/4': [
        { kick: FOUR_ON_FLOOR, snare: '...x..x....x..x.', hat: EIGHTHS },
        { kick: FOUR_ON_FLOOR, clap: '...x..x....x..x.', hat: 'x.x.x.x.x.x.x.x.', shaker: 'oxoxoxoxoxoxoxox' },
      ],
    },
    energy: 'high',
    bass: { voice: '808', rhythm: 'kick' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: false },
    lead: { voice: 'pluck', density: 0.4 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  synthwave: {
    bpm: [84, 118],
    drums: {
      '4/4': [
        { kick: 'x.......x.......', snare: BACKBEAT, hat: EIGHTHS },
        { kick: FOUR_ON_FLOOR, snare: BACKBEAT, hat: 'xxxxxxxxxxxxxxxx' },
      ],
    },
    energy: 'mid',
    bass: { voice: 'sub', rhythm: 'eighths' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: false },
    lead: { voice: 'lead', density: 0.35 },
    swingUnit: 'sixteenth',
    rolls: false,
    crackle: false,
  },
  ambient: {
    bpm: [60, 90],
    drums: { '4/4': [{ shaker: 'o...o...o...o...' }] },
    energy: 'none',
    bass: { voice: 'sub', rhythm: 'long' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: true },
    lead: { voice: 'bell', density: 0.2 },
    swingUnit: 'eighth',
    rolls: false,
    crackle: false,
  },
  cinematic: {
    bpm: [70, 110],
    drums: {
      '4/4': [
        { kick: 'x.......x.......', tom: '......x...x.x.x.' },
        { kick: 'x.....x...x.....', tom: 'x.....x.....x.x.' },
      ],
    },
    energy: 'low',
    bass: { voice: 'reese', rhythm: 'long' },
    chords: { voice: 'pad', rhythm: 'sustain', sevenths: false },
    lead: { voice: 'bell', density: 0.25 },
    swingUnit: 'eighth',
    rolls: false,
    crackle: false,
  },
};

/**
 * 3/4 and 6/8 patterns shared by every style, by drum density. 3/4 groups its 12 steps 4+4+4
 * (three quarter beats); 6/8 groups them 6+6 (two dotted-quarter pulses of three eighths).
 */
export const GENERIC_DRUMS: Record<'3/4' | '6/8', Record<GrooveProfile['energy'], DrumPattern[]>> = {
  '3/4': {
    none: [{ shaker: 'o...o...o...' }],
    low: [{ kick: 'x...........', rim: '....x...x...', hat: 'x.x.x.x.x.x.' }],
    mid: [
      { kick: 'x.......x...', snare: '....x.......', hat: 'x.x.x.x.x.x.' },
      { kick: 'x.....x.....', snare: '........x...', hat: 'x.xox.x.xox.' },
    ],
    high: [{ kick: 'x.....x.x...', snare: '....x.......', hat: 'xxxxxxxxxxxx', 'open-hat': '..........x.' }],
  },
  '6/8': {
    none: [{ shaker: 'o.o.o.o.o.o.' }],
    low: [{ kick: 'x...........', rim: '......x.....', hat: 'x.o.o.x.o.o.' }],
    mid: [
      { kick: 'x.....x.....', snare: '......x.....', hat: 'x.x.x.x.x.x.' },
      { kick: 'x........x..', snare: '......x.....', hat: 'x.o.o.x.o.o.', shaker: 'oxoxoxoxoxox' },
    ],
    high: [{ kick: 'x.....x..x..', snare: '......x.....', hat: 'xxxxxxxxxxxx', 'open-hat': '....x.....x.' }],
  },
};

/** Which groove a genre is played with; unknown genres fall back to pop. */
const GENRE_GROOVES: Record<string, GrooveStyle> = {
  'hip-hop': 'boom-bap',
  trap: 'trap',
  drill: 'drill',
  'uk-drill': 'drill',
  'ny-drill': 'drill',
  'boom-bap': 'boom-bap',
  'lo-fi-hip-hop': 'lo-fi',
  'lo-fi': 'lo-fi',
  'jazz-hop': 'lo-fi',
  phonk: 'trap',
  rage: 'trap',
  plugg: 'trap',
  pluggnb: 'rnb',
  detroit: 'trap',
  'west-coast': 'boom-bap',
  'g-funk': 'boom-bap',
  memphis: 'trap',
  'cloud-rap': 'trap',
  'emo-rap': 'trap',
  grime: 'drill',
  'jersey-club': 'house',
  'baltimore-club': 'house',
  house: 'house',
  'deep-house': 'house',
  'tech-house': 'house',
  'progressive-house': 'house',
  'afro-house': 'house',
  'melodic-house': 'techno',
  'future-house': 'house',
  'bass-house': 'house',
  'disco-house': 'house',
  techno: 'techno',
  'hard-techno': 'techno',
  minimal: 'techno',
  trance: 'techno',
  psytrance: 'techno',
  edm: 'house',
  'big-room': 'house',
  electro: 'techno',
  hardstyle: 'techno',
  hyperpop: 'pop',
  synthwave: 'synthwave',
  'synth-pop': 'synthwave',
  chillwave: 'synthwave',
  idm: 'techno',
  breakbeat: 'drum-and-bass',
  'uk-garage': 'house',
  'future-garage': 'drum-and-bass',
  footwork: 'drum-and-bass',
  'drum-and-bass': 'drum-and-bass',
  'liquid-dnb': 'drum-and-bass',
  jungle: 'drum-and-bass',
  dubstep: 'dubstep',
  riddim: 'dubstep',
  'future-bass': 'trap',
  'trap-edm': 'trap',
  wave: 'trap',
  'uk-bass': 'dubstep',
  bassline: 'house',
  rnb: 'rnb',
  'contemporary-rnb': 'rnb',
  'neo-soul': 'rnb',
  soul: 'rnb',
  funk: 'pop',
  disco: 'house',
  'nu-disco': 'house',
  afrobeats: 'afrobeats',
  afroswing: 'afrobeats',
  amapiano: 'afrobeats',
  gqom: 'house',
  reggaeton: 'reggaeton',
  'latin-trap': 'trap',
  dembow: 'reggaeton',
  dancehall: 'reggaeton',
  'baile-funk': 'reggaeton',
  'brazilian-phonk': 'trap',
  ambient: 'ambient',
  chillout: 'ambient',
  downtempo: 'lo-fi',
  'trip-hop': 'boom-bap',
  experimental: 'ambient',
  cinematic: 'cinematic',
  orchestral: 'cinematic',
  trailer: 'cinematic',
  'video-game': 'synthwave',
  chiptune: 'synthwave',
  classical: 'ambient',
  jazz: 'lo-fi',
  blues: 'rnb',
  gospel: 'rnb',
};

export function grooveForGenre(genreSlug: string): GrooveStyle {
  return GENRE_GROOVES[genreSlug] ?? 'pop';
}
