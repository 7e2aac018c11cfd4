import { FEELS, ITEM_KINDS, ITEM_TYPES, LICENCE_TYPES, MUSICAL_KEYS, PRESET_PLUGINS, TIME_SIGNATURES } from '@crate/contract/catalogue-enums';
import { SEARCH_SORTS, SEARCH_TEXT_MAX, type SearchQueryInput, type SearchSort } from '@crate/contract/search';
import { parseSearchText, withoutTextFilter } from '@crate/contract/search-text-filters';
import { genreLabel, instrumentLabel, isGenreSlug, isInstrumentSlug } from '@crate/contract/taxonomy';

/**
 * The whole state of a search screen, read from and written to the URL query, so a search is a link:
 * shareable, bookmarkable, and back/forward walk through earlier searches. Parameter names and values
 * are the API's own (`packages/contract/src/search.ts`), so the page's query is the request's query.
 */
export interface SearchState {
  q: string;
  type: string[];
  kind: string[];
  key: string[];
  bpm_min: number | null;
  bpm_max: number | null;
  time_signature: string[];
  feel: string[];
  genre: string[];
  instrument: string[];
  licence_type: string[];
  plugin: string[];
  creator: string[];
  pack: string[];
  has_stems: boolean | null;
  has_midi: boolean | null;
  free: boolean | null;
  not_owned: boolean | null;
  /** null: the API's default (relevance with text, newest without). */
  sort: SearchSort | null;
  /** The seed of sort=random, kept in the URL so every page (and a shared link) has the same order. */
  seed: string | null;
}

const LIST_FILTERS = ['type', 'kind', 'key', 'time_signature', 'feel', 'genre', 'instrument', 'licence_type', 'plugin', 'creator', 'pack'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
const FLAG_FILTERS = ['has_stems', 'has_midi', 'free', 'not_owned'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export const EMPTY_SEARCH: SearchState = {
  q: '',
  type: [],
  kind: [],
  key: [],
  bpm_min: null,
  bpm_max: null,
  time_signature: [],
  feel: [],
  genre: [],
  instrument: [],
  licence_type: [],
  plugin: [],
  creator: [],
  pack: [],
  has_stems: null,
  has_midi: null,
  free: null,
  not_owned: null,
  sort: null,
  seed: null,
};

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const SEED = /^[A-Za-z0-9_-]{1,32}$/;
const LIST_MAX = 24;

const oneOf = (values: readonly string[]) => {
  const set = new Set(values);
  return (value: string) => set.has(value);
};

/** Which values each list filter accepts: anything else in a URL (a typo, a retired value) is dropped, not sent. */
const VALID: Record<ListFilter, (value: string) => boolean> = {
  type: oneOf(ITEM_TYPES),
  kind: oneOf(ITEM_KINDS),
  key: oneOf(MUSICAL_KEYS),
  time_signature: oneOf(TIME_SIGNATURES),
  feel: oneOf(FEELS),
  genre: isGenreSlug,
  instrument: isInstrumentSlug,
  licence_type: oneOf(LICENCE_TYPES),
  plugin: oneOf(PRESET_PLUGINS),
  creator: (value) => value.length <= 120 && SLUG.test(value),
  pack: (value) => value.length <= 120 && SLUG.test(value),
};

/** Repeated parameters and comma lists (both as the API takes them), de-duplicated, invalid values dropped. */
function readList(params: URLSearchParams, name: ListFilter): string[] {
  const values = params
    .getAll(name)
    .flatMap((raw) => raw.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0 && VALID[name](value));
  return [...new Set(values)].slice(0, LIST_MAX);
}

function readBpm(params: URLSearchParams, name: 'bpm_min' | 'bpm_max'): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 999 ? value : null;
}

function readFlag(params: URLSearchParams, name: FlagFilter): boolean | null {
  const raw = params.get(name);
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return null;
}

/** Search text as the API treats it: trimmed, inner whitespace collapsed, at most SEARCH_TEXT_MAX characters. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, SEARCH_TEXT_MAX).trim();
}

export function parseSearchState(params: URLSearchParams): SearchState {
  const state: SearchState = { ...EMPTY_SEARCH, q: normalizeText(params.get('q') ?? '') };
  for (const name of LIST_FILTERS) state[name] = readList(params, name);
  let min = readBpm(params, 'bpm_min');
  let max = readBpm(params, 'bpm_max');
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  state.bpm_min = min;
  state.bpm_max = max;
  for (const name of FLAG_FILTERS) state[name] = readFlag(params, name);
  const sort = params.get('sort');
  state.sort = sort && (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : null;
  const seed = params.get('seed');
  state.seed = state.sort === 'random' && seed && SEED.test(seed) ? seed : null;
  return state;
}

/**
 * The canonical query string of a state: fixed parameter order, lists as repeated parameters, nothing
 * for what is not set. Two equal searches have equal strings (used as the cache key too).
 */
export function serializeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const name of LIST_FILTERS) for (const value of state[name]) params.append(name, value);
  if (state.bpm_min !== null) params.set('bpm_min', String(state.bpm_min));
  if (state.bpm_max !== null) params.set('bpm_max', String(state.bpm_max));
  for (const name of FLAG_FILTERS) if (state[name] !== null) params.set(name, String(state[name]));
  if (state.sort) params.set('sort', state.sort);
  if (state.sort === 'random' && state.seed) params.set('seed', state.seed);
  return params;
}

export function searchQueryString(state: SearchState): string {
  const text = serializeSearchState(state).toString();
  return text ? `?${text}` : '';
}

/** The API request for a state (the cursor is added per page). */
export function toApiQuery(state: SearchState): SearchQueryInput {
  const query: SearchQueryInput = {};
  if (state.q) query.q = state.q;
  for (const name of LIST_FILTERS) if (state[name].length > 0) (query as Record<string, unknown>)[name] = state[name];
  if (state.bpm_min !== null) query.bpm_min = state.bpm_min;
  if (state.bpm_max !== null) query.bpm_max = state.bpm_max;
  for (const name of FLAG_FILTERS) if (state[name] !== null) query[name] = state[name] ? 'true' : 'false';
  if (state.sort) query.sort = state.sort;
  if (state.sort === 'random' && state.seed) query.seed = state.seed;
  return query;
}

/** A list filter with `value` added, or removed when it is there. */
export function toggleValue(state: SearchState, name: ListFilter, value: string): SearchState {
  const list = state[name];
  return { ...state, [name]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] };
}

/**
 * Every filter off, those read from the text too ("120 bpm", "C minor": their words leave it); the other words and
 * the order stay (clearing filters is not starting over).
 */
export function clearFilters(state: SearchState): SearchState {
  return { ...EMPTY_SEARCH, q: parseSearchText(state.q).text, sort: state.sort, seed: state.seed };
}

export function activeFilterCount(state: SearchState): number {
  let count = parseSearchText(state.q).filters.length;
  for (const name of LIST_FILTERS) count += state[name].length;
  if (state.bpm_min !== null || state.bpm_max !== null) count += 1;
  for (const name of FLAG_FILTERS) if (state[name] !== null) count += 1;
  return count;
}

/** A fresh seed for sort=random: short, URL-safe, what the API accepts. */
export function newSeed(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('').slice(0, 10);
}

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  popular: 'Most popular',
  bpm: 'BPM, slowest first',
  random: 'Random',
};

export const FILTER_LABELS: Record<ListFilter | FlagFilter | 'bpm', string> = {
  type: 'Type',
  kind: 'Kind',
  key: 'Key',
  bpm: 'BPM',
  time_signature: 'Time signature',
  feel: 'Feel',
  genre: 'Genre',
  instrument: 'Instrument',
  licence_type: 'Licence',
  plugin: 'Plugin',
  creator: 'Creator',
  pack: 'Pack',
  has_stems: 'Stems',
  has_midi: 'MIDI',
  free: 'Price',
  not_owned: 'Library',
};

const TYPE_LABELS: Record<string, string> = { sample: 'Samples', preset: 'Presets' };
const FEEL_LABELS: Record<string, string> = { straight: 'Straight', swing: 'Swing' };

/**
 * How a value reads on screen. Creator and pack names come from the facets (the URL holds slugs);
 * `names` maps the slugs the current answer knows.
 */
export function valueLabel(name: ListFilter, value: string, names?: ReadonlyMap<string, string>): string {
  switch (name) {
    case 'type':
      return TYPE_LABELS[value] ?? value;
    case 'feel':
      return FEEL_LABELS[value] ?? value;
    case 'genre':
      return genreLabel(value);
    case 'instrument':
      return instrumentLabel(value);
    case 'creator':
    case 'pack':
      return names?.get(`${name}:${value}`) ?? value;
    default:
      return value;
  }
}

export function bpmRangeLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? `${min} BPM` : `${min}–${max} BPM`;
  if (min !== null) return `${min}+ BPM`;
  if (max !== null) return `up to ${max} BPM`;
  return 'Any BPM';
}

const FLAG_CHIP_LABELS: Record<FlagFilter, [onLabel: string, offLabel: string]> = {
  has_stems: ['With stems', 'Without stems'],
  has_midi: ['With MIDI', 'Without MIDI'],
  free: ['Free only', 'Paid only'],
  not_owned: ['Not yet owned', 'Owned only'],
};

export function flagLabel(name: FlagFilter, value: boolean): string {
  return FLAG_CHIP_LABELS[name][value ? 0 : 1];
}

export interface ActiveFilter {
  /** Stable id for React keys and test ids. */
  id: string;
  label: string;
  /** The state without this one filter. */
  without: SearchState;
  /** Read from the search text (the API applies it the same way); removing it takes its words out of the text. */
  typed: boolean;
}

/**
 * The chips above the results: first the filters read from the text (a key, a tempo, a kind, a plugin), then one
 * per chosen value, one for the BPM range, one per flag.
 */
export function activeFilters(state: SearchState, names?: ReadonlyMap<string, string>): ActiveFilter[] {
  const chips: ActiveFilter[] = parseSearchText(state.q).filters.map((part) => {
    const label = part.facet === 'bpm' ? bpmRangeLabel(part.min, part.max) : `${FILTER_LABELS[part.facet]}: ${valueLabel(part.facet, part.value, names)}`;
    return { id: `typed:${part.start}`, label, without: { ...state, q: withoutTextFilter(state.q, part) }, typed: true };
  });
  for (const name of LIST_FILTERS) {
    for (const value of state[name]) {
      chips.push({ id: `${name}:${value}`, label: `${FILTER_LABELS[name]}: ${valueLabel(name, value, names)}`, without: toggleValue(state, name, value), typed: false });
    }
  }
  if (state.bpm_min !== null || state.bpm_max !== null) {
    chips.push({ id: 'bpm', label: bpmRangeLabel(state.bpm_min, state.bpm_max), without: { ...state, bpm_min: null, bpm_max: null }, typed: false });
  }
  for (const name of FLAG_FILTERS) {
    const value = state[name];
    if (value !== null) chips.push({ id: name, label: flagLabel(name, value), without: { ...state, [name]: null }, typed: false });
  }
  return chips;
}
