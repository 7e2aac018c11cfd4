/** Sets of documents: bitsets (32 documents a word) and ascending lists of document numbers. */

/** How many 32-bit words a bitset of the whole index takes, and how many to allocate for one (with room to grow). */
export interface Extent {
  words: number;
  reservedWords: number;
}

/** A bitset that grows as documents are numbered; past its end it reads as zeros. */
export class GrowingBits {
  data = new Uint32Array(0);
  /** `minWords`: its first allocation (the index's reserved extent), so that it is made once, not grown step by step. */
  constructor(private readonly minWords = 0) {}
  dropIfEmpty() {
    if (this.data.every((word) => word === 0)) this.data = new Uint32Array(0);
  }
  /** Its data, allocated at the first allocation's size if it was not yet. */
  reserved(): Uint32Array {
    if (this.data.length < this.minWords) this.data = new Uint32Array(this.minWords);
    return this.data;
  }
  add(doc: number) {
    const word = doc >>> 5;
    if (this.data.length <= word) {
      const grown = new Uint32Array(Math.max(word + 1, this.minWords, Math.ceil(this.data.length * 1.25) + 256));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[word]! |= 1 << (doc & 31);
  }
}

/** A bit of a bitset (0 past its end). */
export const bitOf = (bits: Uint32Array, doc: number): number => ((bits[doc >>> 5] ?? 0) >>> (doc & 31)) & 1;

/** Documents having a word or a facet value: a bitset, or an ascending list of them. */
export type DocSource = { bits: Uint32Array; docs?: undefined } | { bits?: undefined; docs: Uint32Array; length: number };

/** Set bits of a 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The first place from `from` (up to `to`) in an ascending list whose value is at least `doc`. */
export function firstAtLeast(list: Uint32Array, from: number, to: number, doc: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `doc` is in the first `length` entries of an ascending list, or -1. */
export function findSorted(list: Uint32Array, length: number, doc: number): number {
  let lo = 0;
  let hi = length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid]!;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
