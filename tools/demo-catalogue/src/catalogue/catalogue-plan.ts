/**
 * The demo catalogue as a plan: creators, packs and their items, every name, price, date and musical
 * property, and the recipe of every sound — decided from the seed alone, before anything is rendered or
 * stored. The same seed gives the same catalogue.
 *
 * Every pack has one musical identity (genre, key, BPM, time signature, feel) and its loops,
 * compositions and tonal one-shots are rendered in it. Past the first `distinctItems` items, packs
 * are "echoes": new titles, creators, names and prices over the sounds (and covers) of an earlier
 * pack, with that pack's musical identity, so what an item declares is still what it plays.
 */
import type { Feel, ItemKind, LicenceType, MusicalKey, PresetPlugin, TimeSignature } from '@crate/contract/catalogue-enums';
import { KEY_NOTES } from '@crate/contract/catalogue-enums';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import { genreLabel, type GenreSlug } from '@crate/contract/taxonomy';
import { GROOVES, grooveForGenre, type GrooveStyle } from '../synth/grooves.ts';
import { barsToSeconds } from '../synth/meter.ts';
import { createRandom, type Random } from '../seeded-random.ts';
import type { OneShotSound } from '../synth/sounds.ts';
import type { BassVoice, ChordVoice, Layer, LeadVoice } from '../synth/voices.ts';
import {
  CREATOR_CITIES,
  CREATOR_FIRST_NAMES,
  CREATOR_LAST_WORDS,
  COMPOSITION_NOUNS,
  CREATOR_PROFILES,
  DRUM_NAMES,
  FX_NAMES,
  FX_PRESET_NAMES,
  LOOP_WORDS,
  PACK_GENRES,
  type PackGenre,
  RELATED_GENRE,
  shortKey,
  slugify,
  SYNTH_PRESETS,
  TAG_WORDS,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
  TITLE_SUFFIXES,
  TONAL_NAMES,
} from './catalogue-vocabulary.ts';

export const DEFAULT_CATALOGUE_SEED = 'crate';
export const DEFAULT_ITEMS_PER_PACK = 20;
/** Items with sounds of their own; later items share these (and their derivatives). */
export const DEFAULT_DISTINCT_ITEMS = 2000;

export interface CatalogueOptions {
  seed?: string;
  /** Published packs (the demo creator's unpublished packs come on top). */
  packs: number;
  itemsPerPack?: number;
  distinctItems?: number;
  /** "Now" for publication dates and play history (default: the current time). */
  now?: Date;
}

export interface PackMusic {
  genre: GenreSlug;
  style: GrooveStyle;
  key: MusicalKey;
  bpm: number;
  timeSignature: TimeSignature;
  feel: Feel;
}

/** How to render one sound with the synth (the pack's music supplies key, BPM, meter and feel). */
export type SoundRecipe =
  | { form: 'one-shot'; sound: OneShotSound; tonal: boolean; timed: boolean; seed: string }
  | {
      form: 'loop' | 'composition';
      /** undefined: every layer. */
      layers?: Layer[];
      voices?: { bass?: BassVoice; chords?: ChordVoice; lead?: LeadVoice };
      bars: number;
      seed: string;
    };

/** What an item is, for naming it (echo packs name the same sounds afresh). */
export type ItemRole =
  | { group: 'drum' | 'tonal' | 'fx'; sound: OneShotSound }
  | { group: 'loop'; layer: 'full' | Layer; voiceLabel: string }
  | { group: 'composition' }
  | { group: 'preset'; plugin: PresetPlugin; presetName: string };

export interface PlannedItem {
  position: number;
  name: string;
  type: 'sample' | 'preset';
  kind: ItemKind | null;
  key: MusicalKey | null;
  bpm: number | null;
  timeSignature: TimeSignature | null;
  feel: Feel | null;
  tags: string[];
  description: string;
  creditCost: number;
  plugin: PresetPlugin | null;
  role: ItemRole;
  recipe: SoundRecipe;
  /** A stem file per layer (loops and compositions of stem packs). */
  stems: boolean;
  /** A MIDI file of the notes (tonal loops and compositions of MIDI packs). */
  midi: boolean;
}

export interface PlannedPack {
  index: number;
  slug: string;
  title: string;
  description: string;
  /** Index into the plan's creators, or 'demo' for the demo creator's unpublished packs. */
  creator: number | 'demo';
  status: PackStatus;
  genres: GenreSlug[];
  tags: string[];
  licenceType: LicenceType;
  priceCents: number | null;
  creditCost: number;
  isFree: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  music: PackMusic;
  archetype: 'samples' | 'presets';
  plugins: PresetPlugin[];
  hasStems: boolean;
  hasMidi: boolean;
  items: PlannedItem[];
  coverSeed: string;
  /** The pack whose sounds and cover this one uses: itself unless it is an echo. */
  soundSource: number;
  /** A pack demo to render as the pack preview; null: the composition item is the preview. */
  demo: SoundRecipe | null;
  /** Relative popularity in [0, 1], for the play history. */
  popularity: number;
}

export interface PlannedCreator {
  index: number;
  slug: string;
  name: string;
  bio: string;
  location: string;
  website: string | null;
  featured: boolean;
  /** The creator whose avatar this one shows (itself for the first AVATAR_POOL creators). */
  avatarSource: number;
}

/** Distinct generated avatars; larger catalogues reuse them. */
export const AVATAR_POOL = 16;

/** Which plugins each preset pack targets, in order: the first four preset packs cover all of docs/product-overview.md §1. */
const PRESET_GROUPS: readonly (readonly PresetPlugin[])[] = [['Serum'], ['Gross Beat', 'Portal'], ['FL Mixer Presets', 'SoundToys', 'RC20'], ['Analog Lab']];

const ONE_SHOT_FOR_VOICE: Record<string, OneShotSound> = {
  sub: 'sub-bass',
  '808': '808',
  reese: 'reese',
  pad: 'pad',
  keys: 'electric-piano',
  stab: 'stab',
  lead: 'synth-lead',
  pluck: 'pluck',
  bell: 'bells',
};

const LAYER_LABELS: Record<string, string> = {
  sub: 'Bass',
  '808': '808',
  reese: 'Reese',
  pad: 'Pad',
  keys: 'Keys',
  stab: 'Chords',
  lead: 'Melody',
  pluck: 'Pluck',
  bell: 'Bells',
};

type Slot =
  | { group: 'drum'; sound: 'kick' | 'snare-or-clap' | 'clap-or-snare' | 'hi-hat' | 'open-hat' | 'perc' }
  | { group: 'tonal'; part: 'bass' | 'chords' | 'lead' }
  | { group: 'loop'; layer: 'full' | Layer }
  | { group: 'composition' }
  | { group: 'fx'; sound: 'riser' | 'other' };

/** A sample pack's items in order of importance: any prefix is a sensible small pack. */
const SAMPLE_SLOTS: readonly Slot[] = [
  { group: 'drum', sound: 'kick' },
  { group: 'loop', layer: 'full' },
  { group: 'tonal', part: 'bass' },
  { group: 'loop', layer: 'drums' },
  { group: 'composition' },
  { group: 'drum', sound: 'snare-or-clap' },
  { group: 'loop', layer: 'chords' },
  { group: 'fx', sound: 'riser' },
  { group: 'drum', sound: 'hi-hat' },
  { group: 'loop', layer: 'lead' },
  { group: 'drum', sound: 'clap-or-snare' },
  { group: 'loop', layer: 'bass' },
  { group: 'drum', sound: 'open-hat' },
  { group: 'tonal', part: 'chords' },
  { group: 'drum', sound: 'kick' },
  { group: 'drum', sound: 'perc' },
  { group: 'tonal', part: 'lead' },
  { group: 'drum', sound: 'hi-hat' },
  { group: 'fx', sound: 'other' },
  { group: 'drum', sound: 'snare-or-clap' },
];
const GROUP_ORDER = { drum: 0, tonal: 1, loop: 2, composition: 3, fx: 4, preset: 5 } as const;

const pad2 = (n: number) => String(n).padStart(2, '0');
const DAY = 24 * 60 * 60 * 1000;

/** Loops last 4 bars, or 2 when 4 would run past ~11 s (slow tempos). */
export function loopBars(music: Pick<PackMusic, 'bpm' | 'timeSignature'>): number {
  return barsToSeconds(4, music.bpm, music.timeSignature) <= 11 ? 4 : 2;
}

export interface CataloguePlanner {
  readonly seed: string;
  /** Ends every slug of a non-default seed's catalogue ('' for the default), so catalogues can share a database. */
  readonly slugSuffix: string;
  readonly itemsPerPack: number;
  readonly packCount: number;
  /** Packs with sounds of their own (the rest echo them). */
  readonly distinctPacks: number;
  readonly creators: PlannedCreator[];
  /** Call in increasing index order (titles are kept unique across the catalogue). */
  pack(index: number): PlannedPack;
  /** The demo creator's unpublished packs: a draft and one awaiting approval. */
  demoCreatorPacks(): PlannedPack[];
}

export function createCataloguePlanner(options: CatalogueOptions): CataloguePlanner {
  const seed = options.seed ?? DEFAULT_CATALOGUE_SEED;
  const itemsPerPack = Math.max(1, Math.floor(options.itemsPerPack ?? DEFAULT_ITEMS_PER_PACK));
  const packCount = Math.max(0, Math.floor(options.packs));
  const distinctItems = Math.max(itemsPerPack, Math.floor(options.distinctItems ?? DEFAULT_DISTINCT_ITEMS));
  const distinctPacks = Math.min(packCount, Math.max(1, Math.ceil(distinctItems / itemsPerPack)));
  const now = options.now ?? new Date();
  const root = createRandom(`catalogue/${seed}`);
  // A seed other than the default marks its slugs, so several catalogues can live in one database.
  const slugSuffix = seed === DEFAULT_CATALOGUE_SEED ? '' : `-${slugify(seed)}`;
  const creatorCount = packCount <= 40 ? CREATOR_PROFILES.length : Math.max(CREATOR_PROFILES.length, Math.ceil(packCount / 40));
  const creators = planCreators(root.fork('creators'), creatorCount, slugSuffix);
  // Catalogue span: a demo of 20 packs was published over ~10 weeks, a big one over two years.
  const spanDays = Math.min(730, 30 + packCount * 2);

  const genreOrder = shuffled(root.fork('genres'), PACK_GENRES);
  let genreCursor = 0;
  const nextGenre = (accept: (g: PackGenre) => boolean): PackGenre => {
    for (let tries = 0; tries < genreOrder.length; tries++) {
      const genre = genreOrder[genreCursor++ % genreOrder.length]!;
      if (accept(genre)) return genre;
    }
    return genreOrder[genreCursor++ % genreOrder.length]!;
  };

  const titles = new Map<string, number>();
  const uniqueTitle = (title: string) => {
    const seen = titles.get(title) ?? 0;
    titles.set(title, seen + 1);
    return seen === 0 ? title : `${title} Vol. ${seen + 1}`;
  };

  const sources: PlannedPack[] = [];
  let presetOrdinal = 0;

  function isPresetSlot(index: number): boolean {
    return index === 1 || index === 3 || index === 5 || index === 7 || (index > 8 && index % 8 === 7);
  }

  function planSourcePack(index: number, r: Random): PlannedPack {
    const preset = isPresetSlot(index);
    // The first packs show every meter and feel; later ones follow their genre.
    let timeSignature: TimeSignature = '4/4';
    let feel: Feel | null = null;
    if (!preset && index === 2) timeSignature = '3/4';
    else if (!preset && index === 4) timeSignature = '6/8';
    else if (!preset && index === 6) feel = 'swing';
    const genre = nextGenre((g) => (timeSignature === '4/4' ? feel !== 'swing' || g.swing >= 0.5 : g.altMeter === timeSignature));
    if (!preset && index > 8 && genre.altMeter && r.chance(0.3)) timeSignature = genre.altMeter;
    feel ??= !preset && r.chance(genre.swing) ? 'swing' : 'straight';
    const style = grooveForGenre(genre.slug);
    const music: PackMusic = {
      genre: genre.slug,
      style,
      key: `${r.pick(KEY_NOTES)} ${r.chance(0.7) ? 'minor' : 'major'}` as MusicalKey,
      bpm: r.int(genre.bpm[0], genre.bpm[1]),
      timeSignature,
      feel,
    };
    const plugins = preset ? [...PRESET_GROUPS[presetOrdinal++ % PRESET_GROUPS.length]!] : [];
    const hasStems = !preset && (index === 0 || r.chance(0.15));
    const hasMidi = !preset && (index === 0 || index === 2 || index === 6 || r.chance(0.45));
    const items = preset ? planPresetItems(r.fork('items'), index, music, plugins) : planSampleItems(r.fork('items'), index, music, hasStems, hasMidi);
    const hasComposition = items.some((i) => i.kind === 'Composition');
    return finishPack(r, index, {
      music,
      archetype: preset ? 'presets' : 'samples',
      plugins,
      hasStems,
      hasMidi,
      items,
      coverSeed: `${seed}/cover/${index}`,
      soundSource: index,
      demo: hasComposition ? null : { form: 'composition', bars: 8, seed: `${seed}/pack/${index}/demo`, ...(preset ? { layers: ['drums', 'bass', 'chords', 'lead'] as Layer[] } : {}) },
    });
  }

  function planSampleItems(r: Random, packIndex: number, music: PackMusic, hasStems: boolean, hasMidi: boolean): PlannedItem[] {
    const groove = GROOVES[music.style];
    const drums = groove.drums['4/4']?.[0] ?? {};
    const mainHit: OneShotSound = drums.clap && !drums.snare ? 'clap' : 'snare';
    const otherHit: OneShotSound = mainHit === 'clap' ? 'snare' : 'clap';
    const perc: OneShotSound = drums.rim ? 'rim' : drums.shaker ? 'shaker' : music.style === 'cinematic' ? 'toms' : r.pick(['rim', 'shaker', 'crash'] as const);
    const voiceOf = { bass: groove.bass.voice as string, chords: groove.chords.voice as string, lead: groove.lead.voice as string };
    const otherFx: OneShotSound = groove.crackle ? 'vinyl-crackle' : r.pick(['impact', 'downlifter', 'sweep'] as const);
    const slots = Array.from({ length: itemsPerPack }, (_, i) => SAMPLE_SLOTS[i % SAMPLE_SLOTS.length]!);
    const roles: ItemRole[] = slots.map((slot) => {
      switch (slot.group) {
        case 'drum': {
          const sound: OneShotSound =
            slot.sound === 'snare-or-clap' ? mainHit : slot.sound === 'clap-or-snare' ? otherHit : slot.sound === 'perc' ? perc : slot.sound;
          return { group: 'drum', sound };
        }
        case 'tonal':
          return { group: 'tonal', sound: ONE_SHOT_FOR_VOICE[voiceOf[slot.part]]! };
        case 'fx':
          return { group: 'fx', sound: slot.sound === 'riser' ? 'riser' : otherFx };
        case 'loop':
          return {
            group: 'loop',
            layer: slot.layer,
            voiceLabel: slot.layer === 'drums' ? 'Drum' : slot.layer === 'full' ? '' : LAYER_LABELS[voiceOf[slot.layer as 'bass' | 'chords' | 'lead']]!,
          };
        case 'composition':
          return { group: 'composition' };
      }
    });
    const order = roles.map((role, i) => ({ role, i })).sort((a, b) => GROUP_ORDER[a.role.group] - GROUP_ORDER[b.role.group] || a.i - b.i);
    return order.map(({ role, i }, position) => {
      const recipeSeed = `${seed}/pack/${packIndex}/item/${i}`;
      const bars = role.group === 'composition' ? 8 : loopBars(music);
      let recipe: SoundRecipe;
      if (role.group === 'loop') recipe = { form: 'loop', bars, seed: recipeSeed, ...(role.layer === 'full' ? {} : { layers: [role.layer] }) };
      else if (role.group === 'composition') recipe = { form: 'composition', bars, seed: recipeSeed };
      else if (role.group === 'preset') throw new Error('a sample pack has no presets');
      else {
        const timed = role.sound === 'riser' || role.sound === 'downlifter' || role.sound === 'sweep';
        recipe = { form: 'one-shot', sound: role.sound, tonal: role.group === 'tonal', timed, seed: recipeSeed };
      }
      const multiLayer = role.group === 'composition' || (role.group === 'loop' && role.layer === 'full');
      const tonalPattern = role.group === 'composition' || (role.group === 'loop' && role.layer !== 'drums');
      return sampleItem(position, role, recipe, music, hasStems && multiLayer, hasMidi && tonalPattern);
    });
  }

  function sampleItem(position: number, role: ItemRole, recipe: SoundRecipe, music: PackMusic, stems: boolean, midi: boolean): PlannedItem {
    const pattern = recipe.form !== 'one-shot';
    const keyed = pattern ? !(role.group === 'loop' && role.layer === 'drums') : recipe.tonal;
    const timed = pattern || (recipe.form === 'one-shot' && recipe.timed);
    return {
      position,
      name: '',
      type: 'sample',
      kind: recipe.form === 'loop' ? 'Loop' : recipe.form === 'composition' ? 'Composition' : 'One-Shot',
      key: keyed ? music.key : null,
      bpm: timed ? music.bpm : null,
      timeSignature: pattern ? music.timeSignature : null,
      feel: pattern ? music.feel : null,
      tags: [],
      description: '',
      creditCost: recipe.form === 'composition' ? 2 : 1,
      plugin: null,
      role,
      recipe,
      stems,
      midi,
    };
  }

  function planPresetItems(r: Random, packIndex: number, music: PackMusic, plugins: PresetPlugin[]): PlannedItem[] {
    const count = Math.max(plugins.length, Math.round(itemsPerPack * 0.7));
    const used = new Map<string, number>();
    return Array.from({ length: count }, (_, i) => {
      const plugin = plugins[i % plugins.length]!;
      const recipeSeed = `${seed}/pack/${packIndex}/preset/${i}`;
      let presetName: string;
      let recipe: SoundRecipe;
      if (plugin === 'Serum' || plugin === 'Analog Lab') {
        const part = (['lead', 'chords', 'bass'] as const)[i % 3]!;
        const preset = SYNTH_PRESETS[part][Math.floor(i / 3 + r.int(0, 5)) % SYNTH_PRESETS[part].length]!;
        presetName = preset.name;
        const layers: Layer[] = part === 'bass' ? ['drums', 'bass'] : [part];
        const voices = part === 'bass' ? { bass: preset.voice as BassVoice } : part === 'chords' ? { chords: preset.voice as ChordVoice } : { lead: preset.voice as LeadVoice };
        recipe = { form: 'loop', bars: 2, seed: recipeSeed, layers, voices };
      } else {
        const names = FX_PRESET_NAMES[plugin];
        presetName = names[Math.floor(i / plugins.length + r.int(0, names.length - 1)) % names.length]!;
        recipe = { form: 'loop', bars: 2, seed: recipeSeed, ...(i % 2 === 0 ? {} : { layers: ['drums', 'chords'] as Layer[] }) };
      }
      const seen = used.get(presetName) ?? 0;
      used.set(presetName, seen + 1);
      if (seen > 0) presetName = `${presetName} ${seen + 1}`;
      return {
        position: i,
        name: '',
        type: 'preset' as const,
        kind: null,
        key: music.key,
        bpm: music.bpm,
        timeSignature: music.timeSignature,
        feel: music.feel,
        tags: [],
        description: '',
        creditCost: 1,
        plugin,
        role: { group: 'preset' as const, plugin, presetName },
        recipe,
        stems: false,
        midi: false,
      };
    });
  }

  /** Titles, names, prices, dates: everything that differs between a pack and its echoes. */
  function finishPack(
    r: Random,
    index: number,
    body: Pick<PlannedPack, 'music' | 'archetype' | 'plugins' | 'hasStems' | 'hasMidi' | 'items' | 'coverSeed' | 'soundSource' | 'demo'>,
    overrides: Partial<Pick<PlannedPack, 'creator' | 'status'>> = {},
  ): PlannedPack {
    const { music } = body;
    const genre = PACK_GENRES.find((g) => g.slug === music.genre)!;
    const naming = r.fork('names');
    const title = uniqueTitle(packTitle(naming, genre, body.archetype, body.plugins));
    const creator = overrides.creator ?? creatorFor(r.fork('creator'), index, music.genre);
    const status = overrides.status ?? PACK_STATUS.published;
    const free = status === PACK_STATUS.published && index % 10 === 9;
    const counters = new Map<string, number>();
    const names = new Set<string>();
    const items = body.items.map((item) => {
      // Names are unique within a pack (item slugs are built from them): draw again on a clash.
      for (let attempt = 0; ; attempt++) {
        const named = nameItem(naming, counters, item, music, title);
        if (!names.has(named.name) || attempt >= 20) {
          if (names.has(named.name)) named.name = `${named.name} ${attempt}`;
          names.add(named.name);
          return named;
        }
      }
    });
    const licenceType: LicenceType = index === 3 ? 'Royalty A' : index === 6 ? 'Dynamic Splits' : r.chance(0.72) ? 'Royalty-Free' : r.chance(0.5) ? 'Royalty A' : 'Dynamic Splits';
    const tags = [...new Set([...shuffled(r.fork('tags'), genre.moods).slice(0, 2), r.pick(TAG_WORDS), body.archetype === 'presets' ? 'presets' : r.pick(['one-shots', 'loops', 'construction kit'])])];
    for (const item of items) {
      item.tags = itemTags(r, item, tags);
      if (free) {
        item.creditCost = 0;
      }
    }
    const ageDays = r.range(0, spanDays);
    const publishedAt = status === PACK_STATUS.published ? new Date(now.getTime() - ageDays * DAY) : null;
    const createdAt = new Date(now.getTime() - (ageDays + r.range(3, 30)) * DAY);
    const creditCost = free ? 0 : Math.max(5, Math.round(items.reduce((sum, i) => sum + i.creditCost, 0) * 0.8));
    const related = RELATED_GENRE[music.genre];
    return {
      index,
      slug: `${slugify(title)}${slugSuffix}`,
      title,
      description: packDescription(title, music, body.archetype, body.plugins, items, body.hasStems, body.hasMidi),
      creator,
      status,
      genres: related ? [music.genre, related] : [music.genre],
      tags,
      licenceType,
      priceCents: free ? null : r.pick([1499, 1999, 2499, 2999, 3499, 4999]),
      creditCost,
      isFree: free,
      publishedAt,
      createdAt,
      ...body,
      items,
      // Older packs have had time to become hits; a few new ones break through.
      popularity: Math.min(1, r.next() ** 2 * (0.4 + Math.min(1, ageDays / 30))),
    };
  }

  function creatorFor(r: Random, index: number, genre: GenreSlug): number {
    if (index >= distinctPacks && creators.length > CREATOR_PROFILES.length) return index % creators.length;
    const fans = CREATOR_PROFILES.map((p, i) => ({ i, rank: p.genres.indexOf(genre) })).filter((f) => f.rank >= 0);
    // The first pack is always a featured creator's, so Discover's "Featured creators" is never empty, however small the catalogue.
    if (index === 0) {
      const featuredFans = fans.filter((f) => CREATOR_PROFILES[f.i]!.featured);
      return featuredFans.length > 0 ? r.pick(featuredFans).i : CREATOR_PROFILES.findIndex((p) => p.featured);
    }
    return fans.length > 0 ? r.pick(fans).i : index % CREATOR_PROFILES.length;
  }

  const planSourcesUpTo = (count: number) => {
    while (sources.length < count) sources.push(planSourcePack(sources.length, createRandom(`${seed}/pack/${sources.length}`)));
  };

  return {
    seed,
    slugSuffix,
    itemsPerPack,
    packCount,
    distinctPacks,
    creators,
    pack(index: number): PlannedPack {
      const r = createRandom(`${seed}/pack/${index}`);
      if (index < distinctPacks) {
        planSourcesUpTo(index + 1);
        return sources[index]!;
      }
      planSourcesUpTo(distinctPacks);
      const source = sources[index % distinctPacks]!;
      return finishPack(r, index, {
        music: source.music,
        archetype: source.archetype,
        plugins: source.plugins,
        hasStems: false,
        hasMidi: false,
        items: source.items.map((item) => ({ ...item, stems: false, midi: false })),
        coverSeed: source.coverSeed,
        soundSource: source.index,
        demo: source.demo,
      });
    },
    demoCreatorPacks(): PlannedPack[] {
      return [PACK_STATUS.draft, PACK_STATUS.awaitingApproval].map((status, n) => {
        const index = -1 - n;
        const r = createRandom(`${seed}/demo-creator-pack/${n}`);
        const genre = r.pick(PACK_GENRES);
        const music: PackMusic = {
          genre: genre.slug,
          style: grooveForGenre(genre.slug),
          key: `${r.pick(KEY_NOTES)} ${r.chance(0.6) ? 'minor' : 'major'}` as MusicalKey,
          bpm: r.int(genre.bpm[0], genre.bpm[1]),
          timeSignature: '4/4',
          feel: 'straight',
        };
        const small = Math.max(3, Math.round(itemsPerPack / 2));
        const items = planSampleItems(r.fork('items'), index, music, false, n === 0).slice(0, small);
        items.forEach((item, position) => (item.position = position));
        return finishPack(
          r,
          index,
          { music, archetype: 'samples', plugins: [], hasStems: false, hasMidi: n === 0, items, coverSeed: `${seed}/cover/demo-${n}`, soundSource: index, demo: items.some((i) => i.kind === 'Composition') ? null : { form: 'composition', bars: 8, seed: `${seed}/demo-creator-pack/${n}/demo` } },
          { creator: 'demo', status },
        );
      });
    },
  };
}

function shuffled<T>(r: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function planCreators(r: Random, count: number, slugSuffix: string): PlannedCreator[] {
  const used = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const profile = CREATOR_PROFILES[index];
    let name: string;
    if (profile) name = profile.name;
    else {
      const c = r.fork(`creator/${index}`);
      do name = `${c.pick(CREATOR_FIRST_NAMES)} ${c.pick(CREATOR_LAST_WORDS)}`;
      while (used.has(name) && used.size < CREATOR_FIRST_NAMES.length * CREATOR_LAST_WORDS.length);
      if (used.has(name)) name = `${name} ${index}`;
    }
    used.add(name);
    const c = r.fork(`creator/${index}/profile`);
    return {
      index,
      slug: `${slugify(name)}${slugSuffix}`,
      name,
      bio: profile?.bio ?? `${name} makes ${c.pick(['hard-hitting', 'warm', 'club-ready', 'cinematic', 'melodic'])} sounds from ${c.pick(CREATOR_CITIES).split(',')[0]}: drums, loops and one-shots for producers who finish records.`,
      location: profile?.location ?? c.pick(CREATOR_CITIES),
      website: profile?.website ?? null,
      featured: profile?.featured ?? c.chance(0.05),
      avatarSource: index % AVATAR_POOL,
    };
  });
}

function packTitle(r: Random, genre: PackGenre, archetype: 'samples' | 'presets', plugins: PresetPlugin[]): string {
  const adjective = r.pick(TITLE_ADJECTIVES);
  const noun = r.pick(TITLE_NOUNS);
  const label = genreLabel(genre.slug);
  if (archetype === 'presets') {
    const target = plugins.length === 1 ? plugins[0] : plugins.length === 2 ? `${plugins[0]} & ${plugins[1]}` : 'Mix Chains';
    return r.pick([`${adjective} ${noun} for ${target}`, `${target} ${noun}`, `${adjective} ${target} Presets`]);
  }
  return r.pick([`${adjective} ${noun}`, `${adjective} ${label}`, `${label} ${noun}`, `${adjective} ${noun}: ${label} ${r.pick(TITLE_SUFFIXES)}`]);
}

/** Names an item; `counters` number the sounds of one pack per label, as in a real pack's folder ("Kick 01", "Kick 02"). */
function nameItem(r: Random, counters: Map<string, number>, item: PlannedItem, music: PackMusic, packTitle: string): PlannedItem {
  const next = (label: string) => {
    const n = (counters.get(label) ?? 0) + 1;
    counters.set(label, n);
    return pad2(n);
  };
  const key = shortKey(music.key);
  const meter = music.timeSignature === '4/4' ? '' : ` ${music.timeSignature}`;
  const role = item.role;
  let name: string;
  let description: string;
  const bars = item.recipe.form === 'one-shot' ? 0 : item.recipe.bars;
  const feel = music.feel === 'swing' ? ', swung' : '';
  switch (role.group) {
    case 'drum': {
      const words = DRUM_NAMES[role.sound]!;
      name = `${words.label} ${next(words.label)} ${r.pick(words.descriptors)}`;
      description = `${words.label} one-shot, ${music.style.replace('-', ' ')} style.`;
      break;
    }
    case 'tonal': {
      const words = TONAL_NAMES[role.sound]!;
      name = `${words.label} ${next(words.label)} ${r.pick(words.descriptors)} ${key}`;
      description = `${words.label} one-shot tuned to ${music.key}.`;
      break;
    }
    case 'fx': {
      const words = FX_NAMES[role.sound]!;
      const timed = item.bpm !== null;
      name = `${words.label} ${next(words.label)} ${r.pick(words.descriptors)}${timed ? ` ${music.bpm} BPM` : ''}`;
      description = timed ? `${words.label} timed to ${music.bpm} BPM.` : `${words.label} one-shot.`;
      break;
    }
    case 'loop': {
      const word = r.pick(LOOP_WORDS);
      const what = role.layer === 'full' ? `${word} ${r.pick(['Groove', 'Vibe', 'Music', 'Full'])}` : role.layer === 'drums' ? `${word} Drum` : `${word} ${role.voiceLabel}`;
      name = `${what} Loop ${music.bpm} BPM${item.key ? ` ${key}` : ''}${meter}`;
      description = `${bars}-bar ${role.layer === 'full' ? 'full' : role.layer} loop in ${music.timeSignature} at ${music.bpm} BPM${item.key ? ` in ${music.key}` : ''}${feel}.`;
      break;
    }
    case 'composition': {
      name = `${r.pick(LOOP_WORDS)} ${r.pick(COMPOSITION_NOUNS)} Composition ${music.bpm} BPM ${key}${meter}`;
      description = `${bars}-bar arrangement (intro, drop, outro) in ${music.timeSignature} at ${music.bpm} BPM in ${music.key}${feel}.`;
      break;
    }
    case 'preset': {
      name = role.presetName;
      description = `${role.plugin} preset from ${packTitle}. The preview plays it at ${music.bpm} BPM in ${music.key}.`;
      break;
    }
  }
  return { ...item, name, description };
}

function itemTags(r: Random, item: PlannedItem, packTags: string[]): string[] {
  const tags = new Set<string>(packTags.slice(0, 2));
  if (item.kind === 'Loop') tags.add('loop');
  if (item.kind === 'One-Shot') tags.add('one-shot');
  if (item.kind === 'Composition') tags.add('composition');
  if (item.type === 'preset') tags.add('preset');
  tags.add(r.pick(TAG_WORDS));
  return [...tags];
}

function packDescription(
  title: string,
  music: PackMusic,
  archetype: 'samples' | 'presets',
  plugins: PresetPlugin[],
  items: PlannedItem[],
  hasStems: boolean,
  hasMidi: boolean,
): string {
  const label = genreLabel(music.genre);
  if (archetype === 'presets') {
    const list = plugins.length === 1 ? plugins[0] : `${plugins.slice(0, -1).join(', ')} and ${plugins.at(-1)}`;
    return `${title} is ${items.length} ${label} presets for ${list}, each with a preview at ${music.bpm} BPM in ${music.key}. Every preset file lists its settings, ready to dial in.`;
  }
  const loops = items.filter((i) => i.kind === 'Loop').length;
  const compositions = items.filter((i) => i.kind === 'Composition').length;
  const oneShots = items.filter((i) => i.kind === 'One-Shot').length;
  const parts = [
    loops ? `${loops} loop${loops > 1 ? 's' : ''}` : '',
    compositions ? `${compositions} composition${compositions > 1 ? 's' : ''}` : '',
    oneShots ? `${oneShots} one-shot${oneShots > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  const extras = [hasStems ? 'stems for every full loop' : '', hasMidi ? 'MIDI for the melodic parts' : ''].filter(Boolean);
  const meter = music.timeSignature === '4/4' ? '' : ` in ${music.timeSignature}`;
  const feel = music.feel === 'swing' ? ', swung' : '';
  return `${title}: ${label} at ${music.bpm} BPM in ${music.key}${meter}${feel}. ${parts.join(', ')}${extras.length ? `, with ${extras.join(' and ')}` : ''}. Mixed, trimmed and ready to drop into a session.`;
}
