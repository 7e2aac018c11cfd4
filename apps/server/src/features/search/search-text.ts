/**
 * From what a person typed to a PostgreSQL tsquery, without ever handing user text to the tsquery parser.
 *
 * Words are split the way the index's 'simple' configuration splits them (runs of letters and digits,
 * lower-cased). Each typed word becomes a group of alternatives taken from the vocabulary of indexed
 * words: itself when it is indexed, its completions when it is the last word (instant search: "kic"
 * finds "kick"), and close words when it is not indexed at all (a typo). Groups are ANDed.
 */

const MAX_QUERY_WORDS = 8;
/** Completions of the last word searched at most (shortest first, so the word itself leads). */
export const MAX_COMPLETIONS = 24;
/** Close words searched at most for a word that is not in the index. */
export const MAX_CORRECTIONS = 4;

export function queryWords(text: string | undefined): string[] {
  if (!text) return [];
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_QUERY_WORDS);
}

/** A lexeme quoted for tsquery input: no operator or weight inside it is ever interpreted. */
export function quoteLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** FNV-1a over UTF-16 code units, as scanVector hashes the lexemes it reads. */
export function hashOfWord(word: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash;
}

/**
 * Each lexeme of a tsvector as PostgreSQL prints it (`'kick':2A,7B 'trap':12C,15 'it''s':3`) and the best
 * field weight it has: 3 for A (name) … 0 for D (pack and creator; PostgreSQL prints no letter for D).
 * `onLexeme` is told where the lexeme's characters are in `text` and their hash (hashOfWord) when they are
 * written as they are, or given the lexeme itself (`word`) when it held an escape (a doubled quote, a
 * backslash): a reader that looks lexemes up needs no string made of each.
 */
export function scanVector(text: string, onLexeme: (from: number, to: number, hash: number, word: string | null, weight: number) => void): void {
  let i = text.indexOf("'");
  while (i >= 0 && i < text.length) {
    // The lexeme: up to the next quote that is not doubled.
    let end = i + 1;
    let hash = 0x811c9dc5 | 0;
    let escaped = false;
    for (;;) {
      if (end >= text.length) return;
      const c = text.charCodeAt(end);
      if (c === 39 /* ' */) {
        if (text.charCodeAt(end + 1) !== 39) break;
        escaped = true;
        end += 2;
        continue;
      }
      if (c === 92 /* \ */) escaped = true;
      hash = Math.imul(hash ^ c, 0x01000193);
      end++;
    }
    let best = 0;
    let j = end + 1;
    if (text.charCodeAt(j) === 58 /* : */) {
      for (j++; j < text.length && text.charCodeAt(j) !== 32; j++) {
        const c = text.charCodeAt(j);
        if (c === 65 /* A */) best = 3;
        else if (c === 66 /* B */ && best < 2) best = 2;
        else if (c === 67 /* C */ && best < 1) best = 1;
      }
    }
    const word = escaped ? text.slice(i + 1, end).replace(/''|\\(.)/g, (m: string, c: string | undefined) => (m === "''" ? "'" : (c ?? ''))) : null;
    onLexeme(i + 1, end, hash, word, best);
    i = text.indexOf("'", j);
  }
}

/** Groups of alternatives → `('a' | 'b') & 'c'`; null when there is nothing to match. */
export function buildTsquery(groups: readonly (readonly string[])[]): string | null {
  const parts = groups.filter((g) => g.length > 0).map((g) => (g.length === 1 ? quoteLexeme(g[0]!) : `(${g.map(quoteLexeme).join(' | ')})`));
  return parts.length > 0 ? parts.join(' & ') : null;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every string one edit away (deletion, adjacent transposition, substitution, insertion) from a word.
 * Looked up by primary key in the vocabulary, this finds "kick" from "kcik" or "kik", which trigram
 * similarity misses for short words (too few shared trigrams).
 */
export function editsOf(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const before = chars.slice(0, i).join('');
    const after = chars.slice(i).join('');
    if (i < chars.length) out.add(before + chars.slice(i + 1).join('')); // deletion
    if (i < chars.length - 1) out.add(before + chars[i + 1] + chars[i] + chars.slice(i + 2).join('')); // transposition
    for (const c of ALPHABET) {
      if (i < chars.length) out.add(before + c + chars.slice(i + 1).join('')); // substitution
      out.add(before + c + after); // insertion
    }
  }
  out.delete(word);
  out.delete('');
  return [...out];
}

/** Damerau–Levenshtein distance (optimal string alignment), to rank corrections. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/** The 32-bit number a random-order seed stands for (FNV-1a of its characters): the same in both engines. */
export function seedNumber(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Where an item falls in sort=random: murmur3's 32-bit finaliser over the id's last 32 bits xor the seed.
 * The SQL function search_random_key (migration 0008_search_outbox) computes exactly this.
 */
export function randomKey(idLast32: number, seed: number): number {
  let x = (idLast32 ^ seed) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

/** Relevance points a word group earns by the best field it is found in: name, instruments/kind/plugin, tags/genres, pack/creator (migration 0027). */
export const RELEVANCE_WEIGHTS = { A: 10, B: 4, C: 2, D: 1 } as const;
/** Relevance lead of a name equal to the typed text, and of a name starting with it: the exact name comes first. */
export const NAME_EQUALS_LEAD = 2000;
export const NAME_STARTS_LEAD = 1000;
