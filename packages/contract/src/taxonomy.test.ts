import { describe, expect, it } from 'vitest';
import {
  GENRE_FAMILIES,
  GENRES,
  INSTRUMENT_GROUPS,
  INSTRUMENTS,
  findInstrument,
  genreLabel,
  genresInFamily,
  instrumentLabel,
  instrumentsInGroup,
  isGenreSlug,
  matchGenre,
  matchInstrument,
  toTaxonomySlug,
} from './taxonomy.ts';
import { genreSlugSchema, instrumentSlugSchema } from './taxonomy-schemas.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('genres', () => {
  it('is a large list with unique, URL-safe slugs and unique labels', () => {
    expect(GENRES.length).toBeGreaterThanOrEqual(60);
    const slugs = GENRES.map((g) => g.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(GENRES.map((g) => g.label.toLowerCase())).size).toBe(GENRES.length);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
  });

  it('has the genres a producer looks for', () => {
    for (const slug of [
      'trap', 'drill', 'boom-bap', 'lo-fi-hip-hop', 'house', 'deep-house', 'tech-house', 'techno',
      'drum-and-bass', 'jungle', 'dubstep', 'afrobeats', 'amapiano', 'reggaeton', 'dancehall', 'rnb',
      'soul', 'funk', 'disco', 'pop', 'hyperpop', 'synthwave', 'ambient', 'cinematic', 'rock', 'metal',
      'jazz', 'latin', 'k-pop', 'phonk', 'jersey-club', 'uk-garage', 'grime',
    ]) {
      expect(isGenreSlug(slug), slug).toBe(true);
    }
  });

  it('puts every genre in a family and every family has genres', () => {
    const families = new Set(GENRE_FAMILIES.map((f) => f.slug));
    for (const g of GENRES) expect(families.has(g.family)).toBe(true);
    for (const f of GENRE_FAMILIES) expect(genresInFamily(f.slug).length, f.slug).toBeGreaterThan(0);
  });

  it('validates slugs with its schema and labels them', () => {
    expect(genreSlugSchema.safeParse('drum-and-bass').success).toBe(true);
    expect(genreSlugSchema.safeParse('Drum & Bass').success).toBe(false);
    expect(genreLabel('drum-and-bass')).toBe('Drum & Bass');
    expect(genreLabel('retired-genre')).toBe('retired-genre');
  });
});

describe('instruments and sound types', () => {
  it('uses exactly the docs/product-overview.md §3 groups', () => {
    expect(INSTRUMENT_GROUPS.map((g) => g.label)).toEqual([
      'Drums', 'Vocals', 'Keys', 'Brass', 'Woodwind', 'Strings', 'FX', 'Bass',
    ]);
  });

  it('has unique slugs across all groups and every group is non-empty', () => {
    const slugs = INSTRUMENTS.map((i) => i.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(SLUG);
    for (const group of INSTRUMENT_GROUPS) {
      expect(instrumentsInGroup(group.slug).length, group.slug).toBeGreaterThanOrEqual(6);
    }
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(100);
  });

  it('files the everyday sounds in the right group', () => {
    const expected: Record<string, string> = {
      kick: 'drums', snare: 'drums', clap: 'drums', 'hi-hat': 'drums', 'open-hat': 'drums', '808': 'drums',
      'vocal-chops': 'vocals', adlibs: 'vocals', choir: 'vocals',
      piano: 'keys', rhodes: 'keys', organ: 'keys', 'synth-keys': 'keys',
      trumpet: 'brass', trombone: 'brass', 'horn-section': 'brass',
      flute: 'woodwind', saxophone: 'woodwind', clarinet: 'woodwind',
      violin: 'strings', cello: 'strings', guitar: 'strings', harp: 'strings', pizzicato: 'strings',
      riser: 'fx', impact: 'fx', sweep: 'fx', downlifter: 'fx', noise: 'fx', 'vinyl-crackle': 'fx',
      'sub-bass': 'bass', '808-bass': 'bass', reese: 'bass', 'synth-bass': 'bass', 'bass-guitar': 'bass',
    };
    for (const [slug, group] of Object.entries(expected)) expect(findInstrument(slug)?.group, slug).toBe(group);
    expect(instrumentSlugSchema.safeParse('hi-hat').success).toBe(true);
    expect(instrumentLabel('808-bass')).toBe('808 Bass');
  });
});

describe('loose matching of typed tags', () => {
  it('finds genres by label, slug or common spelling', () => {
    expect(matchGenre('Drum & Bass')?.slug).toBe('drum-and-bass');
    expect(matchGenre("drum 'n' bass")?.slug).toBe('drum-and-bass');
    expect(matchGenre('DnB')?.slug).toBe('drum-and-bass');
    expect(matchGenre('R&B')?.slug).toBe('rnb');
    expect(matchGenre('Lo-Fi Hip Hop')?.slug).toBe('lo-fi-hip-hop');
    expect(matchGenre('K-Pop')?.slug).toBe('k-pop');
    expect(matchGenre('polka')).toBeUndefined();
    expect(matchGenre('  ')).toBeUndefined();
  });

  it('finds instruments the same way', () => {
    expect(matchInstrument('HiHats')?.slug).toBe('hi-hat');
    expect(matchInstrument('Vinyl Crackle')?.slug).toBe('vinyl-crackle');
    expect(matchInstrument('808 Bass')?.slug).toBe('808-bass');
    expect(matchInstrument('sax')?.slug).toBe('saxophone');
  });

  it('makes slugs from labels', () => {
    expect(toTaxonomySlug('  Déjà Vu & Co. ')).toBe('deja-vu-and-co');
  });
});
