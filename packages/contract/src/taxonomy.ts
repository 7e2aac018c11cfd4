/**
 * Tagging vocabulary (docs/product-overview.md §3): a fixed list of genres, in families, and a fixed
 * list of instruments and sound types in eight groups (drums, vocals, keys, brass, woodwind, strings,
 * FX, bass). The lists are ours: the ones a producer browsing a sample store expects.
 *
 * Slugs are stored in the database (items.genres, items.instruments, packs.genres) and used in URLs
 * (/genres/{slug}), so they never change once shipped: rename a label freely, never a slug.
 * Order is display order.
 *
 * No zod here: the web app's cards show genre labels from this module on the landing page, and a
 * schema defined beside them would bring zod into its first load. The slug schemas are in
 * taxonomy-schemas.ts.
 */

/** The two label kinds of the taxonomy (search matches their labels as well as their slugs). */
export const TAXONOMY_KINDS = ['genre', 'instrument'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

// ───────────────────────────── genres ─────────────────────────────

/** Broad families, used to group the Genres screen; not stored on items. */
export const GENRE_FAMILIES = [
  { slug: 'hip-hop', label: 'Hip Hop & Rap' },
  { slug: 'electronic', label: 'Electronic' },
  { slug: 'bass-music', label: 'Bass Music' },
  { slug: 'pop', label: 'Pop' },
  { slug: 'rnb-soul', label: 'R&B, Soul & Funk' },
  { slug: 'world', label: 'Latin, Afro & Caribbean' },
  { slug: 'rock', label: 'Rock & Metal' },
  { slug: 'jazz-blues', label: 'Jazz, Blues & Gospel' },
  { slug: 'chill', label: 'Chill & Ambient' },
  { slug: 'score', label: 'Cinematic & Score' },
] as const;
export type GenreFamilySlug = (typeof GENRE_FAMILIES)[number]['slug'];

export interface Genre {
  slug: string;
  label: string;
  family: GenreFamilySlug;
}

const genre = (slug: string, label: string, family: GenreFamilySlug): Genre => ({ slug, label, family });

export const GENRES = [
  // hip hop & rap
  genre('hip-hop', 'Hip Hop', 'hip-hop'),
  genre('trap', 'Trap', 'hip-hop'),
  genre('drill', 'Drill', 'hip-hop'),
  genre('uk-drill', 'UK Drill', 'hip-hop'),
  genre('ny-drill', 'NY Drill', 'hip-hop'),
  genre('boom-bap', 'Boom Bap', 'hip-hop'),
  genre('lo-fi-hip-hop', 'Lo-Fi Hip Hop', 'hip-hop'),
  genre('phonk', 'Phonk', 'hip-hop'),
  genre('rage', 'Rage', 'hip-hop'),
  genre('plugg', 'Plugg', 'hip-hop'),
  genre('pluggnb', 'PluggnB', 'hip-hop'),
  genre('detroit', 'Detroit', 'hip-hop'),
  genre('west-coast', 'West Coast', 'hip-hop'),
  genre('g-funk', 'G-Funk', 'hip-hop'),
  genre('memphis', 'Memphis', 'hip-hop'),
  genre('cloud-rap', 'Cloud Rap', 'hip-hop'),
  genre('emo-rap', 'Emo Rap', 'hip-hop'),
  genre('grime', 'Grime', 'hip-hop'),
  genre('jersey-club', 'Jersey Club', 'hip-hop'),
  genre('baltimore-club', 'Baltimore Club', 'hip-hop'),
  // electronic
  genre('house', 'House', 'electronic'),
  genre('deep-house', 'Deep House', 'electronic'),
  genre('tech-house', 'Tech House', 'electronic'),
  genre('progressive-house', 'Progressive House', 'electronic'),
  genre('afro-house', 'Afro House', 'electronic'),
  genre('melodic-house', 'Melodic House & Techno', 'electronic'),
  genre('future-house', 'Future House', 'electronic'),
  genre('bass-house', 'Bass House', 'electronic'),
  genre('disco-house', 'Disco House', 'electronic'),
  genre('techno', 'Techno', 'electronic'),
  genre('hard-techno', 'Hard Techno', 'electronic'),
  genre('minimal', 'Minimal', 'electronic'),
  genre('trance', 'Trance', 'electronic'),
  genre('psytrance', 'Psytrance', 'electronic'),
  genre('edm', 'EDM', 'electronic'),
  genre('big-room', 'Big Room', 'electronic'),
  genre('electro', 'Electro', 'electronic'),
  genre('hardstyle', 'Hardstyle', 'electronic'),
  genre('hyperpop', 'Hyperpop', 'electronic'),
  genre('synthwave', 'Synthwave', 'electronic'),
  genre('idm', 'IDM', 'electronic'),
  genre('breakbeat', 'Breakbeat', 'electronic'),
  genre('uk-garage', 'UK Garage', 'electronic'),
  genre('future-garage', 'Future Garage', 'electronic'),
  genre('footwork', 'Footwork', 'electronic'),
  // bass music
  genre('drum-and-bass', 'Drum & Bass', 'bass-music'),
  genre('liquid-dnb', 'Liquid Drum & Bass', 'bass-music'),
  genre('jungle', 'Jungle', 'bass-music'),
  genre('dubstep', 'Dubstep', 'bass-music'),
  genre('riddim', 'Riddim', 'bass-music'),
  genre('future-bass', 'Future Bass', 'bass-music'),
  genre('trap-edm', 'Trap (EDM)', 'bass-music'),
  genre('wave', 'Wave', 'bass-music'),
  genre('uk-bass', 'UK Bass', 'bass-music'),
  genre('bassline', 'Bassline', 'bass-music'),
  // pop
  genre('pop', 'Pop', 'pop'),
  genre('k-pop', 'K-Pop', 'pop'),
  genre('j-pop', 'J-Pop', 'pop'),
  genre('dance-pop', 'Dance Pop', 'pop'),
  genre('electropop', 'Electropop', 'pop'),
  genre('indie-pop', 'Indie Pop', 'pop'),
  genre('synth-pop', 'Synth-Pop', 'pop'),
  genre('city-pop', 'City Pop', 'pop'),
  genre('bedroom-pop', 'Bedroom Pop', 'pop'),
  // r&b, soul & funk
  genre('rnb', 'R&B', 'rnb-soul'),
  genre('contemporary-rnb', 'Contemporary R&B', 'rnb-soul'),
  genre('neo-soul', 'Neo Soul', 'rnb-soul'),
  genre('soul', 'Soul', 'rnb-soul'),
  genre('funk', 'Funk', 'rnb-soul'),
  genre('disco', 'Disco', 'rnb-soul'),
  genre('nu-disco', 'Nu Disco', 'rnb-soul'),
  genre('motown', 'Motown', 'rnb-soul'),
  // latin, afro & caribbean
  genre('afrobeats', 'Afrobeats', 'world'),
  genre('afroswing', 'Afroswing', 'world'),
  genre('amapiano', 'Amapiano', 'world'),
  genre('gqom', 'Gqom', 'world'),
  genre('reggaeton', 'Reggaeton', 'world'),
  genre('latin', 'Latin', 'world'),
  genre('latin-trap', 'Latin Trap', 'world'),
  genre('dembow', 'Dembow', 'world'),
  genre('baile-funk', 'Baile Funk', 'world'),
  genre('brazilian-phonk', 'Brazilian Phonk', 'world'),
  genre('cumbia', 'Cumbia', 'world'),
  genre('salsa', 'Salsa', 'world'),
  genre('bossa-nova', 'Bossa Nova', 'world'),
  genre('dancehall', 'Dancehall', 'world'),
  genre('reggae', 'Reggae', 'world'),
  genre('dub', 'Dub', 'world'),
  genre('soca', 'Soca', 'world'),
  genre('middle-eastern', 'Middle Eastern', 'world'),
  genre('indian', 'Indian', 'world'),
  genre('asian', 'East Asian', 'world'),
  // rock & metal
  genre('rock', 'Rock', 'rock'),
  genre('indie-rock', 'Indie Rock', 'rock'),
  genre('alternative', 'Alternative', 'rock'),
  genre('pop-punk', 'Pop Punk', 'rock'),
  genre('punk', 'Punk', 'rock'),
  genre('metal', 'Metal', 'rock'),
  genre('shoegaze', 'Shoegaze', 'rock'),
  genre('country', 'Country', 'rock'),
  genre('folk', 'Folk', 'rock'),
  // jazz, blues & gospel
  genre('jazz', 'Jazz', 'jazz-blues'),
  genre('jazz-hop', 'Jazz Hop', 'jazz-blues'),
  genre('blues', 'Blues', 'jazz-blues'),
  genre('gospel', 'Gospel', 'jazz-blues'),
  // chill & ambient
  genre('lo-fi', 'Lo-Fi', 'chill'),
  genre('chillout', 'Chillout', 'chill'),
  genre('chillwave', 'Chillwave', 'chill'),
  genre('downtempo', 'Downtempo', 'chill'),
  genre('trip-hop', 'Trip Hop', 'chill'),
  genre('ambient', 'Ambient', 'chill'),
  genre('experimental', 'Experimental', 'chill'),
  // cinematic & score
  genre('cinematic', 'Cinematic', 'score'),
  genre('orchestral', 'Orchestral', 'score'),
  genre('trailer', 'Trailer', 'score'),
  genre('video-game', 'Video Game', 'score'),
  genre('chiptune', 'Chiptune', 'score'),
  genre('classical', 'Classical', 'score'),
] as const satisfies readonly Genre[];

export type GenreSlug = (typeof GENRES)[number]['slug'];
export const GENRE_SLUGS = GENRES.map((g) => g.slug) as [GenreSlug, ...GenreSlug[]];

// ───────────────────────────── instruments and sound types ─────────────────────────────

/** docs/product-overview.md §3 groups, in display order. */
export const INSTRUMENT_GROUPS = [
  { slug: 'drums', label: 'Drums' },
  { slug: 'vocals', label: 'Vocals' },
  { slug: 'keys', label: 'Keys' },
  { slug: 'brass', label: 'Brass' },
  { slug: 'woodwind', label: 'Woodwind' },
  { slug: 'strings', label: 'Strings' },
  { slug: 'fx', label: 'FX' },
  { slug: 'bass', label: 'Bass' },
] as const;
export type InstrumentGroupSlug = (typeof INSTRUMENT_GROUPS)[number]['slug'];

export interface Instrument {
  slug: string;
  label: string;
  group: InstrumentGroupSlug;
}

const inst = (slug: string, label: string, group: InstrumentGroupSlug): Instrument => ({ slug, label, group });

export const INSTRUMENTS = [
  // drums
  inst('kick', 'Kick', 'drums'),
  inst('snare', 'Snare', 'drums'),
  inst('clap', 'Clap', 'drums'),
  inst('snap', 'Snap', 'drums'),
  inst('hi-hat', 'Hi-Hat', 'drums'),
  inst('open-hat', 'Open Hat', 'drums'),
  inst('cymbal', 'Cymbal', 'drums'),
  inst('crash', 'Crash', 'drums'),
  inst('ride', 'Ride', 'drums'),
  inst('808', '808', 'drums'),
  inst('toms', 'Toms', 'drums'),
  inst('rim', 'Rim', 'drums'),
  inst('percussion', 'Percussion', 'drums'),
  inst('shaker', 'Shaker', 'drums'),
  inst('tambourine', 'Tambourine', 'drums'),
  inst('cowbell', 'Cowbell', 'drums'),
  inst('conga', 'Conga', 'drums'),
  inst('bongo', 'Bongo', 'drums'),
  inst('log-drum', 'Log Drum', 'drums'),
  inst('woodblock', 'Woodblock', 'drums'),
  inst('drum-loop', 'Drum Loop', 'drums'),
  inst('top-loop', 'Top Loop', 'drums'),
  inst('break', 'Breakbeat', 'drums'),
  inst('drum-fill', 'Drum Fill', 'drums'),
  inst('live-drums', 'Live Drums', 'drums'),
  inst('drum-machine', 'Drum Machine', 'drums'),
  // vocals
  inst('vocal-chops', 'Vocal Chops', 'vocals'),
  inst('adlibs', 'Adlibs', 'vocals'),
  inst('vocal-phrase', 'Vocal Phrase', 'vocals'),
  inst('vocal-hook', 'Vocal Hook', 'vocals'),
  inst('acapella', 'Acapella', 'vocals'),
  inst('vocal-shout', 'Vocal Shout', 'vocals'),
  inst('spoken-word', 'Spoken Word', 'vocals'),
  inst('choir', 'Choir', 'vocals'),
  inst('harmonies', 'Harmonies', 'vocals'),
  inst('male-vocals', 'Male Vocals', 'vocals'),
  inst('female-vocals', 'Female Vocals', 'vocals'),
  inst('vocal-fx', 'Vocal FX', 'vocals'),
  inst('vocoder', 'Vocoder', 'vocals'),
  inst('humming', 'Humming', 'vocals'),
  inst('whistle', 'Whistle', 'vocals'),
  inst('beatbox', 'Beatbox', 'vocals'),
  // keys (and the synth voices producers file next to them)
  inst('piano', 'Piano', 'keys'),
  inst('grand-piano', 'Grand Piano', 'keys'),
  inst('upright-piano', 'Upright Piano', 'keys'),
  inst('rhodes', 'Rhodes', 'keys'),
  inst('wurlitzer', 'Wurlitzer', 'keys'),
  inst('electric-piano', 'Electric Piano', 'keys'),
  inst('organ', 'Organ', 'keys'),
  inst('clavinet', 'Clavinet', 'keys'),
  inst('harpsichord', 'Harpsichord', 'keys'),
  inst('celesta', 'Celesta', 'keys'),
  inst('music-box', 'Music Box', 'keys'),
  inst('bells', 'Bells', 'keys'),
  inst('mallets', 'Mallets', 'keys'),
  inst('marimba', 'Marimba', 'keys'),
  inst('vibraphone', 'Vibraphone', 'keys'),
  inst('kalimba', 'Kalimba', 'keys'),
  inst('synth-keys', 'Synth Keys', 'keys'),
  inst('synth-lead', 'Synth Lead', 'keys'),
  inst('pluck', 'Pluck', 'keys'),
  inst('pad', 'Pad', 'keys'),
  inst('arp', 'Arp', 'keys'),
  inst('chords', 'Chords', 'keys'),
  inst('stab', 'Stab', 'keys'),
  // brass
  inst('trumpet', 'Trumpet', 'brass'),
  inst('flugelhorn', 'Flugelhorn', 'brass'),
  inst('trombone', 'Trombone', 'brass'),
  inst('french-horn', 'French Horn', 'brass'),
  inst('tuba', 'Tuba', 'brass'),
  inst('horn-section', 'Horn Section', 'brass'),
  inst('brass-stab', 'Brass Stab', 'brass'),
  inst('synth-brass', 'Synth Brass', 'brass'),
  // woodwind
  inst('flute', 'Flute', 'woodwind'),
  inst('pan-flute', 'Pan Flute', 'woodwind'),
  inst('piccolo', 'Piccolo', 'woodwind'),
  inst('recorder', 'Recorder', 'woodwind'),
  inst('saxophone', 'Saxophone', 'woodwind'),
  inst('alto-sax', 'Alto Sax', 'woodwind'),
  inst('tenor-sax', 'Tenor Sax', 'woodwind'),
  inst('clarinet', 'Clarinet', 'woodwind'),
  inst('oboe', 'Oboe', 'woodwind'),
  inst('bassoon', 'Bassoon', 'woodwind'),
  inst('shakuhachi', 'Shakuhachi', 'woodwind'),
  inst('duduk', 'Duduk', 'woodwind'),
  inst('ocarina', 'Ocarina', 'woodwind'),
  inst('harmonica', 'Harmonica', 'woodwind'),
  // strings
  inst('violin', 'Violin', 'strings'),
  inst('viola', 'Viola', 'strings'),
  inst('cello', 'Cello', 'strings'),
  inst('double-bass', 'Double Bass', 'strings'),
  inst('string-section', 'String Section', 'strings'),
  inst('pizzicato', 'Pizzicato', 'strings'),
  inst('staccato-strings', 'Staccato Strings', 'strings'),
  inst('acoustic-guitar', 'Acoustic Guitar', 'strings'),
  inst('electric-guitar', 'Electric Guitar', 'strings'),
  inst('nylon-guitar', 'Nylon Guitar', 'strings'),
  inst('guitar', 'Guitar', 'strings'),
  inst('harp', 'Harp', 'strings'),
  inst('banjo', 'Banjo', 'strings'),
  inst('mandolin', 'Mandolin', 'strings'),
  inst('ukulele', 'Ukulele', 'strings'),
  inst('sitar', 'Sitar', 'strings'),
  inst('koto', 'Koto', 'strings'),
  inst('oud', 'Oud', 'strings'),
  inst('erhu', 'Erhu', 'strings'),
  // fx
  inst('riser', 'Riser', 'fx'),
  inst('uplifter', 'Uplifter', 'fx'),
  inst('downlifter', 'Downlifter', 'fx'),
  inst('impact', 'Impact', 'fx'),
  inst('sweep', 'Sweep', 'fx'),
  inst('whoosh', 'Whoosh', 'fx'),
  inst('reverse', 'Reverse', 'fx'),
  inst('transition', 'Transition', 'fx'),
  inst('noise', 'Noise', 'fx'),
  inst('white-noise', 'White Noise', 'fx'),
  inst('vinyl-crackle', 'Vinyl Crackle', 'fx'),
  inst('tape-stop', 'Tape Stop', 'fx'),
  inst('glitch', 'Glitch', 'fx'),
  inst('foley', 'Foley', 'fx'),
  inst('field-recording', 'Field Recording', 'fx'),
  inst('atmosphere', 'Atmosphere', 'fx'),
  inst('drone', 'Drone', 'fx'),
  inst('texture', 'Texture', 'fx'),
  inst('sub-drop', 'Sub Drop', 'fx'),
  inst('siren', 'Siren', 'fx'),
  inst('gunshot', 'Gunshot', 'fx'),
  inst('laser', 'Laser', 'fx'),
  inst('scratch', 'Scratch', 'fx'),
  inst('dj-tag', 'DJ Tag', 'fx'),
  // bass
  inst('sub-bass', 'Sub Bass', 'bass'),
  inst('808-bass', '808 Bass', 'bass'),
  inst('reese', 'Reese', 'bass'),
  inst('synth-bass', 'Synth Bass', 'bass'),
  inst('bass-guitar', 'Bass Guitar', 'bass'),
  inst('slap-bass', 'Slap Bass', 'bass'),
  inst('upright-bass', 'Upright Bass', 'bass'),
  inst('acid-bass', 'Acid Bass', 'bass'),
  inst('wobble-bass', 'Wobble Bass', 'bass'),
  inst('growl-bass', 'Growl Bass', 'bass'),
  inst('fm-bass', 'FM Bass', 'bass'),
  inst('moog-bass', 'Moog Bass', 'bass'),
  inst('pluck-bass', 'Pluck Bass', 'bass'),
  inst('distorted-bass', 'Distorted Bass', 'bass'),
] as const satisfies readonly Instrument[];

export type InstrumentSlug = (typeof INSTRUMENTS)[number]['slug'];
export const INSTRUMENT_SLUGS = INSTRUMENTS.map((i) => i.slug) as [InstrumentSlug, ...InstrumentSlug[]];

// ───────────────────────────── lookups ─────────────────────────────

const genresBySlug = new Map<string, Genre>(GENRES.map((g) => [g.slug, g]));
const instrumentsBySlug = new Map<string, Instrument>(INSTRUMENTS.map((i) => [i.slug, i]));

export function isGenreSlug(value: string): value is GenreSlug {
  return genresBySlug.has(value);
}

export function isInstrumentSlug(value: string): value is InstrumentSlug {
  return instrumentsBySlug.has(value);
}

export function findGenre(slug: string): Genre | undefined {
  return genresBySlug.get(slug);
}

export function findInstrument(slug: string): Instrument | undefined {
  return instrumentsBySlug.get(slug);
}

/** The label for a stored slug; an unknown slug (e.g. one retired in the future) is shown as-is. */
export function genreLabel(slug: string): string {
  return genresBySlug.get(slug)?.label ?? slug;
}

export function instrumentLabel(slug: string): string {
  return instrumentsBySlug.get(slug)?.label ?? slug;
}

export function genresInFamily(family: GenreFamilySlug): Genre[] {
  return GENRES.filter((g) => g.family === family);
}

export function instrumentsInGroup(group: InstrumentGroupSlug): Instrument[] {
  return INSTRUMENTS.filter((i) => i.group === group);
}

/**
 * Finds a genre or instrument by what a person typed or a file was tagged with: slug, label, or a
 * loose spelling ("Drum and Bass", "dnb", "hihat", "R & B"). Used when importing creator tags.
 */
export function matchGenre(text: string): Genre | undefined {
  return matchLoose(text, genresBySlug, GENRE_ALIASES);
}

export function matchInstrument(text: string): Instrument | undefined {
  return matchLoose(text, instrumentsBySlug, INSTRUMENT_ALIASES);
}

const GENRE_ALIASES: Record<string, GenreSlug> = {
  dnb: 'drum-and-bass',
  'd-and-b': 'drum-and-bass',
  'drum-n-bass': 'drum-and-bass',
  'r-and-b': 'rnb',
  'r-b': 'rnb',
  lofi: 'lo-fi',
  'lofi-hip-hop': 'lo-fi-hip-hop',
  hiphop: 'hip-hop',
  'hip-hop-and-rap': 'hip-hop',
  rap: 'hip-hop',
  ukg: 'uk-garage',
  garage: 'uk-garage',
  '2-step': 'uk-garage',
  kpop: 'k-pop',
  jpop: 'j-pop',
  afrobeat: 'afrobeats',
  'synth-wave': 'synthwave',
  'future-funk': 'nu-disco',
  'trap-soul': 'contemporary-rnb',
  'video-game-music': 'video-game',
  '8-bit': 'chiptune',
};

const INSTRUMENT_ALIASES: Record<string, InstrumentSlug> = {
  hihat: 'hi-hat',
  hihats: 'hi-hat',
  hat: 'hi-hat',
  hats: 'hi-hat',
  'closed-hat': 'hi-hat',
  'open-hihat': 'open-hat',
  kicks: 'kick',
  snares: 'snare',
  claps: 'clap',
  perc: 'percussion',
  percs: 'percussion',
  rimshot: 'rim',
  'rim-click': 'rim',
  stick: 'rim',
  'side-stick': 'rim',
  sidestick: 'rim',
  tom: 'toms',
  'floor-tom': 'toms',
  floortom: 'toms',
  'bass-drum': 'kick',
  bassdrum: 'kick',
  'hand-clap': 'clap',
  handclap: 'clap',
  snaps: 'snap',
  fingersnap: 'snap',
  'finger-snap': 'snap',
  'finger-snaps': 'snap',
  maraca: 'shaker',
  maracas: 'shaker',
  china: 'cymbal',
  splash: 'cymbal',
  cymbals: 'cymbal',
  cowbells: 'cowbell',
  tamb: 'tambourine',
  clave: 'woodblock',
  claves: 'woodblock',
  'wood-block': 'woodblock',
  // Hand percussion the taxonomy has no entry of its own for.
  agogo: 'percussion',
  cajon: 'percussion',
  djembe: 'percussion',
  dunun: 'percussion',
  dununba: 'percussion',
  sangban: 'percussion',
  kenkeni: 'percussion',
  waterglass: 'percussion',
  sax: 'saxophone',
  keys: 'piano',
  ep: 'electric-piano',
  strings: 'string-section',
  horns: 'horn-section',
  vox: 'vocal-chops',
  vocal: 'vocal-chops',
  vocals: 'vocal-chops',
  chops: 'vocal-chops',
  lead: 'synth-lead',
  leads: 'synth-lead',
  synth: 'synth-keys',
  pads: 'pad',
  plucks: 'pluck',
  sub: 'sub-bass',
  bass: 'synth-bass',
  fx: 'transition',
  sfx: 'transition',
  vinyl: 'vinyl-crackle',
  crackle: 'vinyl-crackle',
  risers: 'riser',
  impacts: 'impact',
};

/** Lower-case, "&"/"n" → "and", anything else non-alphanumeric → single dashes. */
export function toTaxonomySlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s*&\s*|\s+'?n'?\s+/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function matchLoose<T extends { label: string }>(
  text: string,
  bySlug: Map<string, T>,
  aliases: Record<string, string>,
): T | undefined {
  const slug = toTaxonomySlug(text);
  if (!slug) return undefined;
  const direct = bySlug.get(slug);
  if (direct) return direct;
  const alias = aliases[slug];
  if (alias) return bySlug.get(alias);
  for (const entry of bySlug.values()) {
    if (toTaxonomySlug(entry.label) === slug) return entry;
  }
  return undefined;
}
