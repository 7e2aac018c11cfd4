/**
 * What a musician types into search, read as filters: keys ("Cm", "C minor", "c#maj", "F♯m", "Bb major",
 * "A min"), tempi ("120bpm", "120 bpm", "90-100 bpm", "90–100bpm"), kinds ("loop", "one-shot", "one shot",
 * "oneshot") and the plugins presets are for (PRESET_PLUGINS, with or without "presets" after them). The words
 * left over are the text query. The server applies the filters and the search screen shows each one as a chip
 * whose removal takes its words out of the query (decision 0061). Both read this one function.
 */
import { type ItemKind, type MusicalKey, PRESET_PLUGINS, type PresetPlugin } from './catalogue-enums.ts';
import { musicalKeyOf } from './musical-key.ts';

export type TextFilter =
  | { facet: 'key'; value: MusicalKey }
  | { facet: 'kind'; value: ItemKind }
  | { facet: 'plugin'; value: PresetPlugin }
  | { facet: 'bpm'; min: number; max: number };

/** One filter read from the text, with where its words are in it (`start` to `end`, UTF-16 offsets). */
export type TextFilterPart = TextFilter & { start: number; end: number };

export interface SearchTextFilters {
  /** The words that are not filters, joined by one space ('' when every word was one). */
  text: string;
  filters: TextFilterPart[];
}

interface Token {
  raw: string;
  /** Lower-cased, NFKC. */
  lower: string;
  /** `lower` without hyphens, dots and underscores ("one-shot" → "oneshot", "rc-20" → "rc20"). */
  squashed: string;
  start: number;
  end: number;
}

const LETTER_PITCH_CLASS: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const ACCIDENTAL: Record<string, number> = { '': 0, '#': 1, '♯': 1, b: -1, '♭': -1, sharp: 1, flat: -1 };
const MODE_WORDS: Record<string, 'major' | 'minor'> = { m: 'minor', min: 'minor', minor: 'minor', maj: 'major', major: 'major' };
const NOTE = /^([a-g])([#♯b♭]?)$/;
const KEY_IN_ONE_WORD = /^([a-g])([#♯b♭]?)(m|min|minor|maj|major)$/;
/** A tempo the catalogue can hold (items_bpm_range) and a person means: two or three digits, maybe a decimal. */
const TEMPO = String.raw`(\d{2,3}(?:\.\d{1,2})?)`;
const TEMPO_ONE = new RegExp(`^${TEMPO}$`);
const TEMPO_JOINED = new RegExp(`^${TEMPO}bpm$`);
const RANGE = new RegExp(`^${TEMPO}[-–—]${TEMPO}$`);
const RANGE_JOINED = new RegExp(`^${TEMPO}[-–—]${TEMPO}bpm$`);
const DASHES = new Set(['-', '–', '—', 'to']);

const KIND_WORDS: Record<string, ItemKind> = { loop: 'Loop', loops: 'Loop', oneshot: 'One-Shot', oneshots: 'One-Shot' };
/** Each plugin's words squashed (a trailing "Presets" is the optional "preset(s)" every plugin may have), and its name in one word. */
const PLUGIN_FORMS: { plugin: PresetPlugin; words: string[] }[] = PRESET_PLUGINS.flatMap((plugin) => {
  const words = plugin.toLowerCase().replace(/\s+presets$/, '').split(/\s+/).map(squash);
  return words.length > 1 ? [{ plugin, words }, { plugin, words: [words.join('')] }] : [{ plugin, words }];
}).sort((a, b) => b.words.length - a.words.length);
const PRESET_WORDS = new Set(['preset', 'presets']);

function squash(word: string): string {
  return word.replace(/[-–—_.]/g, '');
}

function tokenize(q: string): Token[] {
  return [...q.matchAll(/[^\s,;]+/gu)].map((m) => {
    const lower = m[0].normalize('NFKC').toLowerCase();
    return { raw: m[0], lower, squashed: squash(lower), start: m.index, end: m.index + m[0].length };
  });
}

/** A whole BPM as the catalogue compares it (search_bpm is the BPM rounded; both ends of a range kept in 1–999). */
const wholeBpm = (text: string) => Math.min(999, Math.max(1, Math.round(Number(text))));

function tempoRange(a: string, b: string): { min: number; max: number } {
  const [x, y] = [wholeBpm(a), wholeBpm(b)];
  return { min: Math.min(x, y), max: Math.max(x, y) };
}

type Reader = (tokens: Token[], at: number) => { filter: TextFilter; length: number } | null;

/** "120bpm", "120 bpm", "bpm 120", "90-100bpm", "90-100 bpm", "90 - 100 bpm", "90 to 100 bpm". */
const readTempo: Reader = (t, at) => {
  const [a, b, c, d] = [t[at]?.lower, t[at + 1]?.lower, t[at + 2]?.lower, t[at + 3]?.lower];
  if (a === undefined) return null;
  let m = TEMPO_JOINED.exec(a);
  if (m) return { filter: { facet: 'bpm', ...tempoRange(m[1]!, m[1]!) }, length: 1 };
  m = RANGE_JOINED.exec(a);
  if (m) return { filter: { facet: 'bpm', ...tempoRange(m[1]!, m[2]!) }, length: 1 };
  if (b === 'bpm' && (m = TEMPO_ONE.exec(a))) return { filter: { facet: 'bpm', ...tempoRange(m[1]!, m[1]!) }, length: 2 };
  if (b === 'bpm' && (m = RANGE.exec(a))) return { filter: { facet: 'bpm', ...tempoRange(m[1]!, m[2]!) }, length: 2 };
  if (a === 'bpm' && b !== undefined && (m = TEMPO_ONE.exec(b))) return { filter: { facet: 'bpm', ...tempoRange(m[1]!, m[1]!) }, length: 2 };
  if (d === 'bpm' && b !== undefined && DASHES.has(b) && TEMPO_ONE.test(a) && c !== undefined && TEMPO_ONE.test(c)) {
    return { filter: { facet: 'bpm', ...tempoRange(a, c) }, length: 4 };
  }
  return null;
};

/**
 * "Cm", "C#m", "c#maj", "F♯m", "Ebminor", "C minor", "Bb major", "A min", "C sharp minor". A bare "m" needs a
 * capital note or an accidental: "am", "fm" and "em" stay words ("fm" is FM synthesis).
 */
const readKey: Reader = (t, at) => {
  const token = t[at];
  if (!token) return null;
  const key = (letter: string, accidental: string, mode: string) => musicalKeyOf(LETTER_PITCH_CLASS[letter]! + ACCIDENTAL[accidental]!, MODE_WORDS[mode]!);
  const one = KEY_IN_ONE_WORD.exec(token.lower);
  if (one) {
    const [, letter, accidental, mode] = one;
    if (mode === 'm' && accidental === '' && token.raw[0] === token.raw[0]!.toLowerCase()) return null;
    return { filter: { facet: 'key', value: key(letter!, accidental!, mode!) }, length: 1 };
  }
  const note = NOTE.exec(token.lower);
  if (!note) return null;
  const next = t[at + 1]?.lower;
  if (next !== undefined && next !== 'm' && next in MODE_WORDS) return { filter: { facet: 'key', value: key(note[1]!, note[2]!, next) }, length: 2 };
  const after = t[at + 2]?.lower;
  if (note[2] === '' && (next === 'sharp' || next === 'flat') && after !== undefined && after !== 'm' && after in MODE_WORDS) {
    return { filter: { facet: 'key', value: key(note[1]!, next, after) }, length: 3 };
  }
  return null;
};

const readKind: Reader = (t, at) => {
  const word = t[at]?.squashed;
  if (word === undefined) return null;
  const kind = KIND_WORDS[word];
  if (kind) return { filter: { facet: 'kind', value: kind }, length: 1 };
  if (word === 'one' && (t[at + 1]?.squashed === 'shot' || t[at + 1]?.squashed === 'shots')) return { filter: { facet: 'kind', value: 'One-Shot' }, length: 2 };
  return null;
};

const readPlugin: Reader = (t, at) => {
  for (const form of PLUGIN_FORMS) {
    if (!form.words.every((w, i) => t[at + i]?.squashed === w)) continue;
    const length = form.words.length + (PRESET_WORDS.has(t[at + form.words.length]?.squashed ?? '') ? 1 : 0);
    return { filter: { facet: 'plugin', value: form.plugin }, length };
  }
  return null;
};

const READERS: Reader[] = [readTempo, readKey, readKind, readPlugin];
/** Words that only join a filter to the sentence: "in C minor", "at 120 bpm", "C minor key". */
const LEAD_WORDS: Partial<Record<TextFilter['facet'], Set<string>>> = { key: new Set(['in']), bpm: new Set(['at']) };

export function parseSearchText(q: string | undefined): SearchTextFilters {
  const tokens = tokenize(q ?? '');
  const used = new Array<boolean>(tokens.length).fill(false);
  const filters: TextFilterPart[] = [];
  for (let at = 0; at < tokens.length; ) {
    const read = READERS.reduce<ReturnType<Reader>>((found, reader) => found ?? reader(tokens, at), null);
    if (!read) {
      at += 1;
      continue;
    }
    let first = at;
    let last = at + read.length - 1;
    if (first > 0 && !used[first - 1] && LEAD_WORDS[read.filter.facet]?.has(tokens[first - 1]!.lower)) first -= 1;
    if (read.filter.facet === 'key' && tokens[last + 1]?.lower === 'key') last += 1;
    for (let i = first; i <= last; i++) used[i] = true;
    filters.push({ ...read.filter, start: tokens[first]!.start, end: tokens[last]!.end });
    at = last + 1;
  }
  return { text: tokens.filter((_, i) => !used[i]).map((token) => token.raw).join(' '), filters };
}

/** The text without one filter's words (what removing its chip leaves in the search box). */
export function withoutTextFilter(q: string, part: Pick<TextFilterPart, 'start' | 'end'>): string {
  return `${q.slice(0, part.start)} ${q.slice(part.end)}`.replace(/\s+/g, ' ').trim();
}

/** A filter as a person reads it on a chip: "C minor", "120 BPM", "90–100 BPM", "Loop", "Serum". */
export function textFilterLabel(filter: TextFilter): string {
  switch (filter.facet) {
    case 'bpm':
      return filter.min === filter.max ? `${filter.min} BPM` : `${filter.min}–${filter.max} BPM`;
    default:
      return filter.value;
  }
}
