/**
 * What a producer's file name already says about a sound, for the pack-upload screen to pre-fill:
 * `Kick_120bpm_Cmin.wav`, `CR_Loop 92 BPM F#m Keys.wav`, `01 - Hat Loop 174.flac`. Keys come out in
 * the stored spelling (MUSICAL_KEYS), instruments and genres as taxonomy slugs. Every field but the
 * name is a suggestion the creator confirms, so a field is left out rather than guessed when the
 * name is ambiguous.
 */
import type { ItemKind, KeyMode, MusicalKey } from './catalogue-enums.ts';
import { ITEM_EDIT_LIMITS } from './item-editing.ts';
import { musicalKeyOf } from './musical-key.ts';
import { type GenreSlug, type InstrumentSlug, matchGenre, matchInstrument } from './taxonomy.ts';

export interface FileNameMetadata {
  /** Display name: never empty, at most ITEM_EDIT_LIMITS.nameMax characters. */
  name: string;
  bpm?: number;
  key?: MusicalKey;
  kind?: ItemKind;
  instruments?: InstrumentSlug[];
  genres?: GenreSlug[];
}

/** File systems stop at 255 characters; anything longer is not a real file name, so is cut there. */
const MAX_NAME_INPUT = 255;
const EXPLICIT_BPM = { min: 40, max: 250 };
/** A bare number is read as a tempo only in this range (see `bareTempoIndex`). */
const BARE_BPM = { min: 60, max: 200 };
const NUMBER = /^\d{2,3}(?:\.\d{1,2})?$/;
/** A leading "01", "7" or "003" numbers the file in a list; a leading 140 is more likely a tempo. */
const TRACK_NUMBER = /^(?:0\d{0,2}|[1-9]|[1-3]\d)$/;

/** Separators producers use between words; a dot separates too, except inside a number ("92.5"). */
const SEPARATORS = /[\s_\-–—,;:()[\]{}|+~=/\\"*<>?!]+|(?<!\d)\.|\.(?!\d)/u;
const EXTENSION = /\.(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{1,5}$/;
/** Control and invisible format characters (bidi overrides, zero-width) never reach a name. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

const NOTE = /^([A-Ga-g])([#♯b♭]?)$/;
/** "Cmin", "F#m", "Ebminor", "Gmaj": a bare lower-case "m" only after a capital note ("fm" is FM). */
const KEY_IN_ONE_WORD = /^(?:([A-G])([#♯b♭]?)m|([A-Ga-g])([#♯b♭]?)((?:[Mm][Ii][Nn]|[Mm][Aa][Jj])(?:[Oo][Rr])?))$/;
const LETTER_PITCH_CLASS: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

const LOOP_WORDS = new Set(['loop', 'loops', 'looped', 'drumloop', 'drumloops', 'toploop', 'toploops']);
const COMPOSITION_WORDS = new Set(['composition', 'compositions', 'song', 'songs']);
const ONE_SHOT_WORDS = new Set(['oneshot', 'oneshots', 'hit', 'hits']);
/** Instruments that, named without "loop", are single hits. */
const DRUM_HITS = new Set<InstrumentSlug>([
  'kick', 'snare', 'clap', 'snap', 'hi-hat', 'open-hat', 'cymbal', 'crash', 'ride', '808', 'toms', 'rim',
  'percussion', 'shaker', 'tambourine', 'cowbell', 'conga', 'bongo', 'log-drum', 'woodblock',
]);
/**
 * Drum abbreviations of sample libraries and drum machines ("BD_01", "SN3", "hh_p", "Hard_CHH_01"). Read only
 * when the name names no instrument in whole words ("CR_Loop … Keys" is a creator's initials, not a crash).
 * "OH" counts only in capitals: "oh" is a word.
 */
const DRUM_ABBREVIATIONS: Record<string, InstrumentSlug> = {
  bd: 'kick', kd: 'kick', kik: 'kick',
  sd: 'snare', sn: 'snare', snr: 'snare',
  hh: 'hi-hat', ch: 'hi-hat', chh: 'hi-hat', hhc: 'hi-hat',
  ohh: 'open-hat', hho: 'open-hat',
  rd: 'ride', rc: 'ride',
  cr: 'crash', crs: 'crash', cc: 'crash',
  cy: 'cymbal', cym: 'cymbal',
  tm: 'toms', ft: 'toms',
  cb: 'cowbell',
  clp: 'clap', cp: 'clap',
  rs: 'rim', rm: 'rim',
  shk: 'shaker', shkr: 'shaker',
  tmb: 'tambourine',
};
const CAPITAL_DRUM_ABBREVIATIONS: Record<string, InstrumentSlug> = { OH: 'open-hat' };
/** A hat named with one of these is an open hat ("HiHatOpen", "Hat Op Dirty", "Hat Semi-Open"). */
const OPEN_WORDS = new Set(['open', 'opened', 'op', 'semiopen']);
/** Words glued to a drum's name in lower case ("closehihat", "hhpedal", "openhat"). */
const DRUM_QUALIFIERS = new Set(['open', 'opened', 'closed', 'close', 'pedal', 'foot', 'floor', 'side', 'semi']);
/** Genre names that, alone in a sample's name, describe the sound instead ("Metal Hit", "Sine Wave", "Bassline"). */
const GENRE_WORDS_DESCRIBING_SOUND = new Set<GenreSlug>(['metal', 'wave', 'bassline']);
const LOWER_CASE_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'with', 'n']);

interface Token {
  text: string;
  lower: string;
  /** What the token was read as; such tokens leave the display name. */
  role?: 'track' | 'bpm' | 'key';
}

export function metadataFromFileName(fileName: string): FileNameMetadata {
  const tokens = tokenize(fileName);
  markTrackNumber(tokens);
  let bpm = explicitTempo(tokens);
  let key = keyOf(tokens);
  const kind = kindOf(tokens);
  if (bpm === undefined) {
    const index = bareTempoIndex(tokens, kind);
    if (index !== undefined) {
      tokens[index]!.role = 'bpm';
      bpm = Number(tokens[index]!.text);
    }
  }
  key ??= bareNoteNextToTempo(tokens);

  const words = tokens.filter((t) => t.role === undefined);
  // Genres first, so "Drum & Bass" is the genre rather than a bass; each word names one thing.
  const matchedWords = new Set<number>();
  const genres = matchRuns(words, matchedWords, (text) => {
    const slug = matchGenre(text)?.slug as GenreSlug | undefined;
    return slug && !(GENRE_WORDS_DESCRIBING_SOUND.has(slug) && !/\s/.test(text)) ? slug : undefined;
  });
  const instruments = drumAware(words, matchedWords);
  const metadata: FileNameMetadata = { name: displayName(words.length > 0 ? words : tokens) };
  if (bpm !== undefined) metadata.bpm = bpm;
  if (key !== undefined) metadata.key = key;
  const resolvedKind = kind ?? (instruments.some((slug) => DRUM_HITS.has(slug)) ? 'One-Shot' : undefined);
  if (resolvedKind !== undefined) metadata.kind = resolvedKind;
  if (instruments.length > 0) metadata.instruments = instruments;
  if (genres.length > 0) metadata.genres = genres;
  return metadata;
}

function tokenize(fileName: string): Token[] {
  const visible = fileName.normalize('NFC').replace(INVISIBLE, ' ');
  const base = (visible.split(/[/\\]/).pop() ?? '').trim().replace(EXTENSION, '');
  return [...base]
    .slice(0, MAX_NAME_INPUT)
    .join('')
    .split(SEPARATORS)
    .filter((text) => text.length > 0)
    .flatMap(drumWordsOf)
    .map((text) => ({ text, lower: text.toLowerCase() }));
}

/**
 * "HiHatClosed" → Hi Hat Closed, "AgogoLow" → Agogo Low, "Crash18" → Crash 18, "SN3" → SN 3: a word
 * written camel-cased or with a number glued on is split where its case or digits change, when one of
 * the pieces names a drum or an instrument. Otherwise it stays whole ("McCoy", "TR909", "120bpm").
 */
function drumWordsOf(text: string): string[] {
  const pieces = text.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\d)|(?<=\d)(?=\p{L})/u);
  return pieces.length > 1 && pieces.some((piece) => instrumentOfWord(piece) !== undefined) ? pieces : [text];
}

/** A single word's instrument: a taxonomy name or alias, a drum abbreviation, or two of them glued ("closehihat"). */
function instrumentOfWord(word: string): InstrumentSlug | undefined {
  return (matchInstrument(word)?.slug as InstrumentSlug | undefined) ?? abbreviationOf(word) ?? gluedDrumOf(word);
}

function abbreviationOf(word: string): InstrumentSlug | undefined {
  return CAPITAL_DRUM_ABBREVIATIONS[word] ?? (Object.hasOwn(DRUM_ABBREVIATIONS, word.toLowerCase()) ? DRUM_ABBREVIATIONS[word.toLowerCase()] : undefined);
}

/** "closehihat", "hhpedal", "openhat": a drum and a qualifier (or abbreviation) written as one lower-case word of at most 16 letters. */
function gluedDrumOf(word: string): InstrumentSlug | undefined {
  if (!/^\p{Ll}{4,16}$/u.test(word)) return undefined;
  for (let cut = 2; cut <= word.length - 2; cut++) {
    const [head, tail] = [word.slice(0, cut), word.slice(cut)];
    const drum = (part: string) => (matchInstrument(part)?.slug as InstrumentSlug | undefined) ?? abbreviationOf(part);
    const [headDrum, tailDrum] = [drum(head), drum(tail)];
    if (headDrum && (tailDrum || DRUM_QUALIFIERS.has(tail))) return OPEN_WORDS.has(tail) && headDrum === 'hi-hat' ? 'open-hat' : headDrum;
    if (tailDrum && DRUM_QUALIFIERS.has(head)) return OPEN_WORDS.has(head) && tailDrum === 'hi-hat' ? 'open-hat' : tailDrum;
  }
  return undefined;
}

/**
 * Instruments from runs of words, drum-aware: whole words first, abbreviations only when no whole word
 * named one; a hat said to be open is an open hat; beside a drum, "bass" is the drum's low stroke
 * ("Djembe1 Bass", "Conga Bass"), not a bass instrument.
 */
function drumAware(words: Token[], matched: Set<number>): InstrumentSlug[] {
  const byName = matchRuns(words, matched, (text) => (matchInstrument(text)?.slug as InstrumentSlug | undefined) ?? (/\s/.test(text) ? undefined : gluedDrumOf(text)));
  let instruments = byName.length > 0 ? byName : matchRuns(words, matched, (text) => (/\s/.test(text) ? undefined : abbreviationOf(text)));
  const lower = new Set(words.map((w) => w.lower));
  if (instruments.includes('hi-hat') && [...OPEN_WORDS].some((w) => lower.has(w))) instruments = instruments.map((slug) => (slug === 'hi-hat' ? 'open-hat' : slug));
  if (instruments.some((slug) => DRUM_HITS.has(slug)) && lower.has('bass') && !lower.has('synth')) instruments = instruments.filter((slug) => slug !== 'synth-bass');
  return [...new Set(instruments)];
}

function markTrackNumber(tokens: Token[]): void {
  const first = tokens[0];
  if (first && tokens.length > 1 && TRACK_NUMBER.test(first.text)) first.role = 'track';
}

/** "120bpm", "bpm120", "92 BPM", "BPM 92": a number named as a tempo, if it is a plausible one. */
function explicitTempo(tokens: Token[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const joined = /^(\d{2,3}(?:\.\d{1,2})?)bpm$|^bpm(\d{2,3}(?:\.\d{1,2})?)$/.exec(token.lower);
    let value: number | undefined;
    let used: Token[] = [];
    if (joined) {
      value = Number(joined[1] ?? joined[2]);
      used = [token];
    } else if (token.lower === 'bpm') {
      const number = [tokens[i - 1], tokens[i + 1]].find((t) => t && t.role === undefined && NUMBER.test(t.text));
      if (number) {
        value = Number(number.text);
        used = [number, token];
      }
    }
    if (value !== undefined && value >= EXPLICIT_BPM.min && value <= EXPLICIT_BPM.max) {
      for (const t of used) t.role = 'bpm';
      return value;
    }
  }
  return undefined;
}

/** "Cmin", "F#m", "Eb minor", "A Major": the first key the name spells with its mode. */
function keyOf(tokens: Token[]): MusicalKey | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.role !== undefined) continue;
    const single = KEY_IN_ONE_WORD.exec(token.text);
    if (single) {
      token.role = 'key';
      return single[1] !== undefined
        ? keyFromParts(single[1], single[2]!, 'minor')
        : keyFromParts(single[3]!, single[4]!, modeOf(single[5]!)!);
    }
    const note = NOTE.exec(token.text);
    const next = tokens[i + 1];
    const mode = next && next.role === undefined ? modeOf(next.text) : undefined;
    // "a m" is too loose; a spelled-out mode ("a minor") or a capital note ("A m") is not.
    if (note && next && mode && (next.text !== 'm' || /[A-G]/.test(note[1]!))) {
      token.role = 'key';
      next.role = 'key';
      return keyFromParts(note[1]!, note[2]!, mode);
    }
  }
  return undefined;
}

function modeOf(word: string): KeyMode | undefined {
  if (word === 'm') return 'minor';
  const lower = word.toLowerCase();
  if (lower === 'min' || lower === 'minor') return 'minor';
  if (lower === 'maj' || lower === 'major') return 'major';
  return undefined;
}

function keyFromParts(letter: string, accidental: string, mode: KeyMode): MusicalKey {
  const shift = accidental === '#' || accidental === '♯' ? 1 : accidental === '' ? 0 : -1;
  return musicalKeyOf(LETTER_PITCH_CLASS[letter.toLowerCase()]! + shift, mode);
}

/** Loop beats composition beats one-shot words; drum names alone are decided later (One-Shot). */
function kindOf(tokens: Token[]): ItemKind | undefined {
  const words = tokens.filter((t) => t.role === undefined).map((t) => t.lower);
  if (words.some((w) => LOOP_WORDS.has(w))) return 'Loop';
  if (words.some((w) => COMPOSITION_WORDS.has(w))) return 'Composition';
  const saysOneShot = words.some((w, i) => ONE_SHOT_WORDS.has(w) || (w === 'one' && /^shots?$/.test(words[i + 1] ?? '')));
  return saysOneShot ? 'One-Shot' : undefined;
}

/**
 * A bare number (not a leading track number, not already a tempo) is read as the tempo only when
 * the name makes that the likely reading: it sits right next to a key ("Pad_Gmaj_85", the
 * Name_Key_BPM habit) or the name says loop ("bass-loop-140-Am", "Hat Loop 174"). Anywhere else,
 * as in "Snare 104" or "Pad 85", it is as likely a variation number and stays in the name. Between
 * 60 and 200 only: slower or faster loops name their tempo with "bpm".
 */
function bareTempoIndex(tokens: Token[], kind: ItemKind | undefined): number | undefined {
  const candidates: number[] = [];
  tokens.forEach((t, i) => {
    if (t.role !== undefined || !NUMBER.test(t.text)) return;
    const value = Number(t.text);
    if (value >= BARE_BPM.min && value <= BARE_BPM.max) candidates.push(i);
  });
  const nextToKey = candidates.find((i) => tokens[i - 1]?.role === 'key' || tokens[i + 1]?.role === 'key');
  return nextToKey ?? (kind === 'Loop' ? candidates.at(-1) : undefined);
}

/** "Loop_120_A": a note with no mode counts as major only right beside the tempo. */
function bareNoteNextToTempo(tokens: Token[]): MusicalKey | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const note = /^([A-G])([#♯b♭]?)$/.exec(token.text);
    if (!note || token.role !== undefined) continue;
    if (tokens[i - 1]?.role === 'bpm' || tokens[i + 1]?.role === 'bpm') {
      token.role = 'key';
      return keyFromParts(note[1]!, note[2]!, 'major');
    }
  }
  return undefined;
}

/**
 * Runs of up to three words matched longest first ("Sub Bass" before "Bass"), skipping words in
 * `matched` and adding the ones it matches there.
 */
function matchRuns<T extends string>(words: Token[], matched: Set<number>, match: (text: string) => T | undefined): T[] {
  const values = new Set<T>();
  for (let size = 3; size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const run = Array.from({ length: size }, (_, k) => start + k);
      if (run.some((i) => matched.has(i))) continue;
      const value = match(run.map((i) => words[i]!.text).join(' '));
      if (value === undefined) continue;
      values.add(value);
      for (const i of run) matched.add(i);
    }
  }
  return [...values];
}

function displayName(tokens: Token[]): string {
  let name = '';
  tokens.forEach((token, i) => {
    const word = tidyWord(token.text, i === 0);
    const next = name ? `${name} ${word}` : word;
    if ([...next].length <= ITEM_EDIT_LIMITS.nameMax) name = next;
    else if (!name) name = [...word].slice(0, ITEM_EDIT_LIMITS.nameMax).join('');
  });
  return name || 'Untitled';
}

/** "kick" → "Kick", "SNARE" → "Snare"; acronyms, numbers and mixed case ("VOX", "TR909", "McCoy") stay. */
function tidyWord(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  // "and", "of" lower case; a capital the producer typed ("Kick A", "Take I") is a label, not an article.
  if (!first && LOWER_CASE_WORDS.has(lower) && !/^\p{Lu}$/u.test(word)) return lower;
  const isLower = word === lower && word !== word.toUpperCase();
  const isShouting = word === word.toUpperCase() && word !== lower && /^\p{L}{4,}$/u.test(word);
  if (!isLower && !isShouting) return word;
  const [head = '', ...rest] = lower;
  return head.toUpperCase() + rest.join('');
}
