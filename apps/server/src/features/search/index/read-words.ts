import { hashOfWord, scanVector } from '../search-text.ts';
import type { IndexedItem } from './indexed-item.ts';

/** Words an item is guessed to have, for reserving room before reading the catalogue (the list grows past it). */
const WORDS_PER_DOCUMENT = 16;

/** A copy of `array` with room for `length` values. */
function grown(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(length);
  next.set(array);
  return next;
}

/**
 * The words of the documents read at start-up, in the order they are read: each document's words as numbers
 * (with the word's weight code in the low two bits) in one list, and how many documents have each word — so
 * that their postings are made once, at their length, when the documents are numbered in id order.
 */
export class ReadWords {
  readonly words: string[] = [];
  readonly counts: number[] = [];
  /**
   * Word numbers by the word's hash (hashOfWord), open addressing: number + 1 in `slots` (0 free), the hash
   * beside it. A lexeme read from a vector's text is looked up where it is, without a string made of it.
   */
  private slots = new Int32Array(1 << 16);
  private hashes = new Int32Array(1 << 16);
  /** Document d's entries are entries[start[d]] … entries[start[d + 1] - 1]. */
  start = new Uint32Array(1);
  entries = new Uint32Array(0);
  /** Where the document being added writes its next entry. */
  private at = 0;
  private readonly addLexeme = (from: number, to: number, hash: number, word: string | null, weight: number) => {
    const number = word === null ? this.numberOf(this.text, from, to, hash) : this.numberOf(word, 0, word.length, hashOfWord(word));
    this.entry(number, weight);
  };
  private text = '';

  /** Room for `n` documents, and a guess at their words (the list grows if they have more). */
  reserve(n: number) {
    if (this.start.length < n + 1) this.start = grown(this.start, n + 1);
    if (this.entries.length < n * WORDS_PER_DOCUMENT) this.entries = grown(this.entries, n * WORDS_PER_DOCUMENT);
  }

  add(doc: number, item: IndexedItem) {
    if (this.start.length < doc + 2) this.start = grown(this.start, Math.ceil(this.start.length * 1.5) + 16);
    this.at = this.start[doc]!;
    if (item.vector !== undefined) {
      this.text = item.vector;
      scanVector(item.vector, this.addLexeme);
    } else {
      for (let i = 0; i < item.words.length; i++) {
        const word = item.words[i]!;
        this.entry(this.numberOf(word, 0, word.length, hashOfWord(word)), item.weights[i]!);
      }
    }
    this.start[doc + 1] = this.at;
  }

  private entry(number: number, weight: number) {
    if (this.at === this.entries.length) this.entries = grown(this.entries, Math.ceil(this.entries.length * 1.5) + 1024);
    this.counts[number]! += 1;
    this.entries[this.at++] = (number << 2) | weight;
  }

  /** The number of the word text[from, to) (its hash given), numbered now if it is new. */
  private numberOf(text: string, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at]!;
      if (slot === 0) break;
      if (this.hashes[at] !== hash) continue;
      const word = this.words[slot - 1]!;
      if (word.length === to - from && text.startsWith(word, from)) return slot - 1;
    }
    const number = this.words.length;
    this.words.push(text.slice(from, to));
    this.counts.push(0);
    this.place(number, hash);
    if (this.words.length * 2 > this.slots.length) {
      // Kept at most half full: twice the slots, every word placed again.
      this.slots = new Int32Array(this.slots.length * 2);
      this.hashes = new Int32Array(this.slots.length);
      this.words.forEach((word, n) => this.place(n, hashOfWord(word)));
    }
    return number;
  }

  private place(number: number, hash: number) {
    const mask = this.slots.length - 1;
    let at = hash & mask;
    while (this.slots[at] !== 0) at = (at + 1) & mask;
    this.slots[at] = number + 1;
    this.hashes[at] = hash;
  }
}
