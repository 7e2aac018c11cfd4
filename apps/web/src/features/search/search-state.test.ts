import { describe, expect, it } from 'vitest';
import { searchQuerySchema } from '@crate/contract/search';
import {
  activeFilterCount,
  activeFilters,
  clearFilters,
  EMPTY_SEARCH,
  newSeed,
  parseSearchState,
  searchQueryString,
  serializeSearchState,
  toApiQuery,
  toggleValue,
} from './search-state.ts';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe('search state in the URL', () => {
  it('reads every parameter the API takes, repeated or comma-separated', () => {
    const state = parse(
      'q=dark%20 kick&type=sample&kind=Loop,Composition&key=C%20minor&key=A%23%2FBb%20major&bpm_min=90&bpm_max=120' +
        '&time_signature=6/8&feel=swing&genre=trap&genre=drill&instrument=808&licence_type=Royalty-Free&plugin=Serum' +
        '&creator=nova-kits&pack=midnight-drums&has_stems=true&has_midi=1&free=false&not_owned=true&sort=random&seed=abc123',
    );
    expect(state).toEqual({
      q: 'dark kick',
      type: ['sample'],
      kind: ['Loop', 'Composition'],
      key: ['C minor', 'A#/Bb major'],
      bpm_min: 90,
      bpm_max: 120,
      time_signature: ['6/8'],
      feel: ['swing'],
      genre: ['trap', 'drill'],
      instrument: ['808'],
      licence_type: ['Royalty-Free'],
      plugin: ['Serum'],
      creator: ['nova-kits'],
      pack: ['midnight-drums'],
      has_stems: true,
      has_midi: true,
      free: false,
      not_owned: true,
      sort: 'random',
      seed: 'abc123',
    });
  });

  it('round-trips: the serialized state parses back to itself', () => {
    const state = parse('q=pad&genre=trap&genre=drill&key=C%20minor&bpm_max=100&has_midi=true&sort=bpm');
    expect(parseSearchState(serializeSearchState(state))).toEqual(state);
    expect(searchQueryString(EMPTY_SEARCH)).toBe('');
  });

  it('drops what the API would refuse instead of sending it (a stale or hand-edited link still searches)', () => {
    const state = parse('kind=Loop,Bogus&genre=not-a-genre&key=H%20minor&creator=Bad%20Slug&bpm_min=abc&bpm_max=2000&sort=loudest&seed=x&utm_source=mail');
    expect(state).toEqual({ ...EMPTY_SEARCH, kind: ['Loop'] });
  });

  it('swaps a reversed BPM range and keeps a seed only with the random order', () => {
    expect(parse('bpm_min=140&bpm_max=90')).toMatchObject({ bpm_min: 90, bpm_max: 140 });
    expect(parse('seed=abc&sort=newest').seed).toBeNull();
  });

  it('builds a request the contract accepts, with the same meaning', () => {
    const state = parse('q=kick&kind=Loop&kind=One-Shot&bpm_min=80&has_stems=true&free=false&sort=random&seed=s1');
    const parsed = searchQuerySchema.parse(toApiQuery(state));
    expect(parsed).toMatchObject({ q: 'kick', kind: ['Loop', 'One-Shot'], bpm_min: 80, has_stems: true, free: false, sort: 'random', seed: 's1' });
    expect(searchQuerySchema.parse(toApiQuery(EMPTY_SEARCH))).toEqual({ limit: 24 });
  });

  it('toggles values, counts and clears filters but keeps the text and the order', () => {
    let state = toggleValue(parse('q=snare&sort=newest'), 'genre', 'trap');
    state = toggleValue(state, 'genre', 'drill');
    state = { ...state, bpm_min: 90, has_midi: true };
    expect(activeFilterCount(state)).toBe(4);
    expect(toggleValue(state, 'genre', 'trap').genre).toEqual(['drill']);
    expect(activeFilters(state).map((chip) => chip.label)).toEqual(['Genre: Trap', 'Genre: Drill', '90+ BPM', 'With MIDI']);
    expect(activeFilters(state)[0]!.without.genre).toEqual(['drill']);
    expect(clearFilters(state)).toEqual({ ...EMPTY_SEARCH, q: 'snare', sort: 'newest' });
  });

  it('shows the filters read from the text as chips that take their words out of it, before the chosen ones', () => {
    const state = parse('q=dark+120+bpm+loop+in+C+minor&genre=house');
    const chips = activeFilters(state);
    expect(chips.map((chip) => [chip.label, chip.typed])).toEqual([
      ['120 BPM', true],
      ['Kind: Loop', true],
      ['Key: C minor', true],
      ['Genre: House', false],
    ]);
    expect(chips.map((chip) => chip.without.q)).toEqual(['dark loop in C minor', 'dark 120 bpm in C minor', 'dark 120 bpm loop', 'dark 120 bpm loop in C minor']);
    expect(chips[3]!.without.genre).toEqual([]);
    expect(activeFilterCount(state)).toBe(4);
    expect(clearFilters(state)).toEqual({ ...EMPTY_SEARCH, q: 'dark' });
  });

  it('names creators and packs by what the answer calls them', () => {
    const names = new Map([['creator:nova-kits', 'Nova Kits']]);
    expect(activeFilters(parse('creator=nova-kits&pack=old-vault'), names).map((chip) => chip.label)).toEqual(['Creator: Nova Kits', 'Pack: old-vault']);
  });

  it('makes seeds the API accepts', () => {
    for (let i = 0; i < 20; i++) expect(newSeed()).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });
});
