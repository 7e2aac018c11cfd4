/**
 * Words the demo catalogue is written with: genres with the tempos and meters they are played in,
 * creators, pack and sound names, tags, preset names. Everything a shopper reads comes from here, so
 * the store reads like a real one ("Velvet Keys Loop 92 BPM Am", "Kick 04 Punchy").
 */
import type { MusicalKey, PresetPlugin, TimeSignature } from '@crate/contract/catalogue-enums';
import type { GenreSlug } from '@crate/contract/taxonomy';

export interface PackGenre {
  slug: GenreSlug;
  /** Tempo range the genre is produced at (inclusive). */
  bpm: readonly [number, number];
  /** Chance that a pack of the genre swings. */
  swing: number;
  /** The non-4/4 meter the genre is also written in, if any. */
  altMeter?: Exclude<TimeSignature, '4/4'>;
  /** Words for titles and tags. */
  moods: readonly string[];
}

/**
 * Genres the synth can honestly play (drums, bass, keys, pads, leads, FX: no guitars, no live vocals),
 * each with the tempo it is made at. Styles come from grooveForGenre.
 */
export const PACK_GENRES: readonly PackGenre[] = [
  { slug: 'trap', bpm: [130, 160], swing: 0.1, moods: ['dark', 'hard', '808', 'bouncy'] },
  { slug: 'drill', bpm: [138, 146], swing: 0, moods: ['dark', 'sliding 808', 'gritty'] },
  { slug: 'uk-drill', bpm: [138, 145], swing: 0, moods: ['dark', 'sliding 808', 'cold'] },
  { slug: 'boom-bap', bpm: [84, 96], swing: 0.7, moods: ['dusty', 'vintage', 'sampled'] },
  { slug: 'lo-fi-hip-hop', bpm: [70, 90], swing: 0.6, altMeter: '3/4', moods: ['chill', 'dusty', 'mellow', 'warm'] },
  { slug: 'jazz-hop', bpm: [80, 95], swing: 0.7, altMeter: '3/4', moods: ['jazzy', 'mellow', 'warm'] },
  { slug: 'phonk', bpm: [130, 150], swing: 0, moods: ['dark', 'cowbell', 'memphis'] },
  { slug: 'plugg', bpm: [140, 160], swing: 0, moods: ['dreamy', 'bouncy', 'melodic'] },
  { slug: 'rage', bpm: [150, 165], swing: 0, moods: ['distorted', 'aggressive', 'synth'] },
  { slug: 'cloud-rap', bpm: [130, 150], swing: 0, moods: ['dreamy', 'airy', 'melodic'] },
  { slug: 'jersey-club', bpm: [135, 145], swing: 0, moods: ['bouncy', 'club', 'energetic'] },
  { slug: 'rnb', bpm: [62, 78], swing: 0.3, altMeter: '6/8', moods: ['smooth', 'sensual', 'late night'] },
  { slug: 'neo-soul', bpm: [70, 90], swing: 0.5, altMeter: '3/4', moods: ['warm', 'soulful', 'jazzy'] },
  { slug: 'soul', bpm: [70, 100], swing: 0.3, altMeter: '6/8', moods: ['soulful', 'vintage', 'warm'] },
  { slug: 'gospel', bpm: [68, 90], swing: 0.4, altMeter: '6/8', moods: ['uplifting', 'soulful', 'organ'] },
  { slug: 'blues', bpm: [70, 100], swing: 0.7, altMeter: '6/8', moods: ['bluesy', 'gritty', 'vintage'] },
  { slug: 'pop', bpm: [96, 124], swing: 0, moods: ['bright', 'catchy', 'radio'] },
  { slug: 'dance-pop', bpm: [118, 126], swing: 0, moods: ['bright', 'club', 'uplifting'] },
  { slug: 'k-pop', bpm: [100, 128], swing: 0, moods: ['bright', 'glossy', 'energetic'] },
  { slug: 'funk', bpm: [96, 112], swing: 0.5, moods: ['groovy', 'funky', 'vintage'] },
  { slug: 'house', bpm: [120, 126], swing: 0.2, moods: ['groovy', 'club', 'warm'] },
  { slug: 'deep-house', bpm: [118, 124], swing: 0.3, moods: ['deep', 'warm', 'late night'] },
  { slug: 'tech-house', bpm: [124, 128], swing: 0.2, moods: ['rolling', 'club', 'percussive'] },
  { slug: 'afro-house', bpm: [118, 124], swing: 0.2, moods: ['percussive', 'hypnotic', 'warm'] },
  { slug: 'techno', bpm: [126, 135], swing: 0, moods: ['dark', 'hypnotic', 'driving'] },
  { slug: 'melodic-house', bpm: [118, 124], swing: 0, moods: ['melodic', 'emotional', 'hypnotic'] },
  { slug: 'trance', bpm: [136, 140], swing: 0, moods: ['euphoric', 'uplifting', 'driving'] },
  { slug: 'uk-garage', bpm: [128, 134], swing: 0.8, moods: ['shuffled', 'bouncy', 'club'] },
  { slug: 'drum-and-bass', bpm: [170, 176], swing: 0, moods: ['rolling', 'energetic', 'heavy'] },
  { slug: 'liquid-dnb', bpm: [170, 175], swing: 0, moods: ['smooth', 'melodic', 'rolling'] },
  { slug: 'jungle', bpm: [160, 170], swing: 0, moods: ['breakbeat', 'rolling', 'vintage'] },
  { slug: 'dubstep', bpm: [140, 140], swing: 0, moods: ['heavy', 'wobble', 'dark'] },
  { slug: 'future-bass', bpm: [140, 160], swing: 0, moods: ['euphoric', 'bright', 'chords'] },
  { slug: 'afrobeats', bpm: [98, 112], swing: 0.4, altMeter: '6/8', moods: ['sunny', 'percussive', 'bouncy'] },
  { slug: 'amapiano', bpm: [108, 114], swing: 0.3, moods: ['log drum', 'groovy', 'late night'] },
  { slug: 'reggaeton', bpm: [88, 98], swing: 0, moods: ['dembow', 'latin', 'club'] },
  { slug: 'dancehall', bpm: [90, 100], swing: 0, moods: ['riddim', 'bouncy', 'sunny'] },
  { slug: 'synthwave', bpm: [80, 118], swing: 0, moods: ['retro', 'neon', '80s'] },
  { slug: 'chillwave', bpm: [80, 100], swing: 0, moods: ['hazy', 'retro', 'dreamy'] },
  { slug: 'video-game', bpm: [110, 140], swing: 0, moods: ['retro', 'playful', '8-bit'] },
  { slug: 'ambient', bpm: [60, 90], swing: 0, altMeter: '3/4', moods: ['atmospheric', 'evolving', 'calm'] },
  { slug: 'downtempo', bpm: [85, 105], swing: 0.3, altMeter: '6/8', moods: ['chill', 'organic', 'warm'] },
  { slug: 'trip-hop', bpm: [80, 95], swing: 0.4, moods: ['moody', 'dusty', 'cinematic'] },
  { slug: 'cinematic', bpm: [70, 110], swing: 0, altMeter: '6/8', moods: ['epic', 'tense', 'emotional'] },
  { slug: 'orchestral', bpm: [70, 100], swing: 0, altMeter: '3/4', moods: ['epic', 'emotional', 'grand'] },
  { slug: 'trailer', bpm: [80, 120], swing: 0, moods: ['epic', 'tense', 'impacts'] },
  { slug: 'jazz', bpm: [80, 140], swing: 0.9, altMeter: '3/4', moods: ['jazzy', 'smoky', 'late night'] },
];

/** A second genre a pack of this genre is often also filed under. */
export const RELATED_GENRE: Partial<Record<GenreSlug, GenreSlug>> = {
  trap: 'hip-hop',
  drill: 'hip-hop',
  'uk-drill': 'drill',
  'boom-bap': 'hip-hop',
  'lo-fi-hip-hop': 'lo-fi',
  'jazz-hop': 'lo-fi-hip-hop',
  phonk: 'trap',
  plugg: 'trap',
  rage: 'trap',
  'cloud-rap': 'hip-hop',
  rnb: 'contemporary-rnb',
  'neo-soul': 'rnb',
  'dance-pop': 'pop',
  'k-pop': 'pop',
  'deep-house': 'house',
  'tech-house': 'house',
  'afro-house': 'house',
  'melodic-house': 'techno',
  'liquid-dnb': 'drum-and-bass',
  jungle: 'drum-and-bass',
  'future-bass': 'edm',
  amapiano: 'afrobeats',
  reggaeton: 'latin',
  chillwave: 'synthwave',
  orchestral: 'cinematic',
  trailer: 'cinematic',
  ambient: 'chillout',
};

export interface CreatorProfile {
  name: string;
  location: string;
  bio: string;
  website: string | null;
  featured: boolean;
  /** Genres the creator makes, in order of preference. */
  genres: readonly GenreSlug[];
}

/** The first creators of every catalogue: a small label's roster. */
export const CREATOR_PROFILES: readonly CreatorProfile[] = [
  {
    name: 'Nightfall Audio',
    location: 'Atlanta, GA, USA',
    bio: 'Atlanta producer collective behind dark, hard-hitting trap and drill kits. Every 808 is tuned, every hat roll is played in.',
    website: 'https://nightfall-audio.example',
    featured: true,
    genres: ['trap', 'drill', 'uk-drill', 'phonk', 'rage', 'plugg'],
  },
  {
    name: 'Mara Voss',
    location: 'Berlin, Germany',
    bio: 'Berlin techno and house producer. Warehouse-tested drums, hypnotic synth lines and long, rolling grooves.',
    website: null,
    featured: true,
    genres: ['techno', 'melodic-house', 'tech-house', 'house', 'trance'],
  },
  {
    name: 'Cassette Culture',
    location: 'Osaka, Japan',
    bio: 'Tape-saturated lo-fi, jazz-hop and chillwave from a one-room studio in Osaka: dusty drums, warm keys, vinyl crackle.',
    website: 'https://cassette-culture.example',
    featured: true,
    genres: ['lo-fi-hip-hop', 'jazz-hop', 'chillwave', 'boom-bap', 'jazz'],
  },
  {
    name: 'Kelvin Rhodes',
    location: 'London, UK',
    bio: 'Keys player and producer from South London. UK garage shuffles, R&B chords and neo-soul voicings played by hand.',
    website: null,
    featured: false,
    genres: ['uk-garage', 'rnb', 'neo-soul', 'soul', 'gospel'],
  },
  {
    name: 'Lagos Lines',
    location: 'Lagos, Nigeria',
    bio: 'Afrobeats, amapiano and afro house from Lagos: log drums, shakers and sunny chords for records that move a room.',
    website: 'https://lagoslines.example',
    featured: true,
    genres: ['afrobeats', 'amapiano', 'afro-house', 'dancehall', 'reggaeton'],
  },
  {
    name: 'Orbit Sound Co.',
    location: 'Los Angeles, CA, USA',
    bio: 'Sound designers for film and games. Synthwave arps, cinematic risers and impacts, analog pads.',
    website: 'https://orbitsound.example',
    featured: false,
    genres: ['synthwave', 'cinematic', 'trailer', 'video-game', 'future-bass'],
  },
  {
    name: 'Sable Keys',
    location: 'Toronto, Canada',
    bio: 'Toronto producer making moody R&B and pop: lush chords, late-night melodies and drums that sit back.',
    website: null,
    featured: false,
    genres: ['rnb', 'pop', 'dance-pop', 'k-pop', 'cloud-rap'],
  },
  {
    name: 'Hollow Grain',
    location: 'Reykjavík, Iceland',
    bio: 'Ambient and downtempo textures recorded through old gear: evolving pads, granular drones, soft pulses.',
    website: 'https://hollowgrain.example',
    featured: false,
    genres: ['ambient', 'downtempo', 'trip-hop', 'orchestral', 'drum-and-bass', 'liquid-dnb', 'jungle', 'dubstep'],
  },
];

/** For catalogues with more creators than profiles. */
export const CREATOR_FIRST_NAMES = ['Aria', 'Dante', 'Nova', 'Kai', 'Lena', 'Marcus', 'Zuri', 'Theo', 'Ines', 'Jalen', 'Yuki', 'Omar', 'Freya', 'Luca', 'Amara', 'Rafael', 'Mei', 'Soren', 'Talia', 'Xavier'];
export const CREATOR_LAST_WORDS = ['Beats', 'Audio', 'Sounds', 'Records', 'Studio', 'Collective', 'Works', 'Labs', 'Music', 'Samples', 'Tapes', 'Kits'];
export const CREATOR_CITIES = [
  'Atlanta, GA, USA',
  'Chicago, IL, USA',
  'New York, NY, USA',
  'Houston, TX, USA',
  'Miami, FL, USA',
  'Toronto, Canada',
  'Montréal, Canada',
  'London, UK',
  'Manchester, UK',
  'Paris, France',
  'Amsterdam, Netherlands',
  'Stockholm, Sweden',
  'Berlin, Germany',
  'Lisbon, Portugal',
  'Johannesburg, South Africa',
  'Lagos, Nigeria',
  'Seoul, South Korea',
  'Tokyo, Japan',
  'Melbourne, Australia',
  'São Paulo, Brazil',
  'Mexico City, Mexico',
  'Medellín, Colombia',
];

export const TITLE_ADJECTIVES = [
  'Velvet', 'Midnight', 'Golden', 'Neon', 'Hollow', 'Crystal', 'Smoke', 'Silk', 'Analog', 'Concrete',
  'Lunar', 'Solar', 'Static', 'Faded', 'Electric', 'Cold', 'Amber', 'Cobalt', 'Paper', 'Glass',
  'Ghost', 'Wild', 'Deep', 'Late Night', 'Sunday', 'Rooftop', 'Basement', 'Chrome', 'Vapor', 'Crimson',
  'Jade', 'Pastel', 'Dusty', 'Warm', 'Liquid', 'Broken', 'Heavy', 'Soft', 'Lost', 'Sacred',
];
export const TITLE_NOUNS = [
  'Keys', 'Dreams', 'Tapes', 'Hours', 'Streets', 'Waves', 'Echoes', 'Signals', 'Textures', 'Grooves',
  'Nights', 'Motion', 'Horizons', 'Circuits', 'Memories', 'Skyline', 'Bloom', 'Rituals', 'Voltage', 'Frequencies',
  'Stories', 'Gardens', 'Diaries', 'Pulse', 'Heat', 'Rain', 'Gold', 'Satellites', 'Mirrors', 'Currents',
];
/** For composition names ("Velvet Skyline Composition 92 BPM Am"). */
export const COMPOSITION_NOUNS = ['Skyline', 'Dream', 'Horizon', 'Memory', 'Signal', 'Ritual', 'Garden', 'Mirror', 'Current', 'Satellite', 'Afterglow', 'Voyage', 'Reverie', 'Nocturne', 'Promise'];
export const TITLE_SUFFIXES = ['Sessions', 'Essentials', 'Toolkit', 'Kit', 'Collection', 'Sounds'];

/** Drum one-shot labels and the words producers put after their number. */
export const DRUM_NAMES: Record<string, { label: string; descriptors: readonly string[] }> = {
  kick: { label: 'Kick', descriptors: ['Punchy', 'Deep', 'Tight', 'Boomy', 'Dusty', 'Hard', 'Round', 'Clicky'] },
  snare: { label: 'Snare', descriptors: ['Crack', 'Snappy', 'Fat', 'Dusty', 'Tight', 'Crispy', 'Room'] },
  clap: { label: 'Clap', descriptors: ['Wide', 'Layered', 'Tight', 'Roomy', 'Crisp', 'Vintage'] },
  'hi-hat': { label: 'Hi-Hat', descriptors: ['Crisp', 'Tight', 'Shiny', 'Dusty', 'Closed', 'Ticky'] },
  'open-hat': { label: 'Open Hat', descriptors: ['Sizzle', 'Washy', 'Bright', 'Short', 'Airy'] },
  rim: { label: 'Rim', descriptors: ['Wood', 'Click', 'Dry', 'Knock'] },
  shaker: { label: 'Shaker', descriptors: ['Soft', 'Bright', 'Grainy', 'Live'] },
  crash: { label: 'Crash', descriptors: ['Wash', 'Bright', 'Dark', 'Long'] },
  toms: { label: 'Tom', descriptors: ['Low', 'Mid', 'Boomy', 'Tight'] },
};

export const TONAL_NAMES: Record<string, { label: string; descriptors: readonly string[] }> = {
  '808': { label: '808', descriptors: ['Long', 'Glide', 'Distorted', 'Clean', 'Boomy'] },
  'sub-bass': { label: 'Sub Bass', descriptors: ['Clean', 'Round', 'Warm', 'Deep'] },
  reese: { label: 'Reese Bass', descriptors: ['Gritty', 'Wide', 'Dark', 'Moving'] },
  pad: { label: 'Pad Chord', descriptors: ['Lush', 'Airy', 'Warm', 'Evolving'] },
  'electric-piano': { label: 'Keys Chord', descriptors: ['Warm', 'Mellow', 'Soft', 'Tape'] },
  stab: { label: 'Chord Stab', descriptors: ['Bright', 'Short', 'Punchy', 'Plucked'] },
  'synth-lead': { label: 'Lead', descriptors: ['Bright', 'Saw', 'Soaring', 'Gritty'] },
  pluck: { label: 'Pluck', descriptors: ['Glass', 'Soft', 'Bright', 'Wooden'] },
  bells: { label: 'Bell', descriptors: ['Glass', 'Music Box', 'Shimmer', 'Soft'] },
};

export const FX_NAMES: Record<string, { label: string; descriptors: readonly string[] }> = {
  riser: { label: 'Riser', descriptors: ['Tension', 'White Noise', 'Build', 'Sweep Up'] },
  downlifter: { label: 'Downlifter', descriptors: ['Falling', 'Drop', 'Release'] },
  impact: { label: 'Impact', descriptors: ['Sub Boom', 'Hit', 'Thunder', 'Slam'] },
  sweep: { label: 'Sweep', descriptors: ['Filter', 'Air', 'Noise', 'Wash'] },
  'vinyl-crackle': { label: 'Vinyl Crackle', descriptors: ['Warm', 'Dusty', 'Old Record'] },
};

/** Words in front of loop names ("Velvet Keys Loop 92 BPM Am"). */
export const LOOP_WORDS = [
  'Velvet', 'Midnight', 'Golden', 'Neon', 'Hazy', 'Crystal', 'Smoky', 'Silky', 'Dusty', 'Cold',
  'Amber', 'Cobalt', 'Glassy', 'Ghost', 'Deep', 'Sunset', 'Rooftop', 'Chrome', 'Vapor', 'Crimson',
  'Jade', 'Pastel', 'Warm', 'Liquid', 'Heavy', 'Soft', 'Lost', 'Faded', 'Lunar', 'Static',
];

export const TAG_WORDS = ['analog', 'processed', 'dry', 'wet', 'layered', 'punchy', 'wide', 'mono', 'saturated', 'clean', 'live', 'tape'];

/** Synth preset names per part, with the synth voice their preview is played on. */
export const SYNTH_PRESETS: Record<'bass' | 'chords' | 'lead', readonly { name: string; voice: string }[]> = {
  bass: [
    { name: 'Reese Growl', voice: 'reese' },
    { name: 'Sub Anchor', voice: 'sub' },
    { name: 'Rubber 808', voice: '808' },
    { name: 'Fat Mono Bass', voice: 'sub' },
    { name: 'Dirty Reese', voice: 'reese' },
    { name: 'Glide 808', voice: '808' },
  ],
  chords: [
    { name: 'Warm Pad', voice: 'pad' },
    { name: 'Velvet Keys', voice: 'keys' },
    { name: 'Dream Chords', voice: 'pad' },
    { name: 'Stab Stack', voice: 'stab' },
    { name: 'Tape Keys', voice: 'keys' },
    { name: 'House Stab', voice: 'stab' },
  ],
  lead: [
    { name: 'Glass Pluck', voice: 'pluck' },
    { name: 'Supersaw Lead', voice: 'lead' },
    { name: 'Bell Garden', voice: 'bell' },
    { name: 'Chrome Arp', voice: 'pluck' },
    { name: 'Neon Lead', voice: 'lead' },
    { name: 'Music Box', voice: 'bell' },
  ],
};

export const FX_PRESET_NAMES: Record<Exclude<PresetPlugin, 'Serum' | 'Analog Lab'>, readonly string[]> = {
  'Gross Beat': ['Half-Time Glide', 'Tape Stop', 'Stutter Gate 1/16', 'Trance Gate', 'Reverse Swell', 'Triplet Chop'],
  Portal: ['Granular Haze', 'Shimmer Cloud', 'Frozen Glass', 'Pitch Scatter', 'Rhythmic Grains', 'Dust Storm'],
  RC20: ['Worn Cassette', 'Dusty Vinyl', 'Lo-Fi Radio', 'Warm Tape', 'Broken VHS', 'Old Sampler'],
  SoundToys: ['Slapback Echo', 'Dub Delay Throw', 'Tape Saturation', 'Wide Chorus', 'Filter Sweep', 'Crushed Drums'],
  'FL Mixer Presets': ['Vocal Chain Clean', 'Drum Bus Glue', '808 Punch Chain', 'Master Warmth', 'Lead Vocal Air', 'Parallel Crush'],
};

export const KEY_SHORT_NAMES: Record<string, string> = {
  A: 'A',
  'A#/Bb': 'Bb',
  B: 'B',
  C: 'C',
  'C#/Db': 'C#',
  D: 'D',
  'D#/Eb': 'Eb',
  E: 'E',
  F: 'F',
  'F#/Gb': 'F#',
  G: 'G',
  'G#/Ab': 'G#',
};

/** "A minor" → "Am", "A#/Bb major" → "Bb": how producers write keys in file names. */
export function shortKey(key: MusicalKey): string {
  const space = key.lastIndexOf(' ');
  const note = KEY_SHORT_NAMES[key.slice(0, space)] ?? key.slice(0, space);
  return key.endsWith('minor') ? `${note}m` : note;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, '-sharp')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
