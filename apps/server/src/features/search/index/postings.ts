import type { DocSource, Extent } from './document-sets.ts';
import { bitOf, GrowingBits } from './document-sets.ts';
import type { IndexedItem } from './indexed-item.ts';
import type { SearchIndexState } from './index-state.ts';
import type { ReadWords } from './read-words.ts';
import type { Vocabulary } from './vocabulary.ts';

/** A word's documents (ascending) and the best weight code each has it at. */
export interface Posting {
  docs: Uint32Array;
  weights: Uint8Array;
  length: number;
}

/**
 * A word in many documents, kept instead of its posting: its documents as a bitset, and the weight code (0–3)
 * each has it at as two more (its high and low bit), so a match's weight is three bit reads instead of a
 * search of the posting — and a word in a tenth of a million documents takes three 125 KB bitsets instead
 * of a 500 KB posting.
 */
export class CommonWord {
  readonly docs: GrowingBits;
  private readonly high: GrowingBits;
  private readonly low: GrowingBits;
  /** How many documents have the word (as a posting's length: numbers since dropped included). */
  count = 0;
  constructor(extent: Extent) {
    this.docs = new GrowingBits(extent.reservedWords);
    this.high = new GrowingBits(extent.reservedWords);
    this.low = new GrowingBits(extent.reservedWords);
  }
  add(doc: number, weight: number) {
    this.docs.add(doc);
    if (weight & 2) this.high.add(doc);
    if (weight & 1) this.low.add(doc);
    this.count += 1;
  }
  /**
   * Its three bitsets made at their reserved size, for `count` documents to be set in them directly (reading a
   * catalogue); then readDone().
   */
  readBits(count: number): [Uint32Array, Uint32Array, Uint32Array] {
    this.count = count;
    return [this.docs.reserved(), this.high.reserved(), this.low.reserved()];
  }
  /** A weight bitset no document was set in is dropped (as if never made: a word only ever in one field). */
  readDone() {
    this.high.dropIfEmpty();
    this.low.dropIfEmpty();
  }
  /** Its documents, ascending, and their weight codes, as a posting holds them (written from `at`). */
  listInto(docs: Uint32Array, weights: Uint8Array, at: number) {
    const bits = this.docs.data;
    for (let w = 0; w < bits.length; w++) {
      let bitsLeft = bits[w]!;
      while (bitsLeft !== 0) {
        const low = bitsLeft & -bitsLeft;
        const doc = (w << 5) | (31 - Math.clz32(low));
        bitsLeft ^= low;
        docs[at] = doc;
        weights[at] = (bitOf(this.high.data, doc) << 1) | bitOf(this.low.data, doc);
        at += 1;
      }
    }
  }
  /** The weight code of a document that has the word; -1 for one that has not. */
  weightOf(doc: number): number {
    if (!bitOf(this.docs.data, doc)) return -1;
    return (bitOf(this.high.data, doc) << 1) | bitOf(this.low.data, doc);
  }
}

/**
 * Every indexed word's documents: a posting each, or — for a word in more documents than the index has 32-bit
 * words — bitsets (made when the index is read or loaded, or when a posting grows that long; kept up to date by
 * upserts): setting a bit per posting on every search would cost more than the search, and the bitsets take less room.
 */
export class Postings {
  readonly postings = new Map<string, Posting>();
  readonly commonWords = new Map<string, CommonWord>();

  /** `extent`: the index's bitset size; `vocabulary` learns every word given a posting. */
  constructor(
    private readonly extent: Extent,
    private readonly vocabulary: Vocabulary,
  ) {}

  /** Whether a word in `documents` documents is common, in an index of `size`: in more than the index has 32-bit words. */
  private isCommon(documents: number, size: number): boolean {
    return documents >= (size + 31) >>> 5;
  }

  /** The word's bitsets if it is common (a posting grown that long since the index was read is made one now). */
  private commonWord(word: string, size: number): CommonWord | null {
    const kept = this.commonWords.get(word);
    if (kept) return kept;
    const p = this.postings.get(word);
    if (!p || !this.isCommon(p.length, size)) return null;
    const common = new CommonWord(this.extent);
    for (let i = 0; i < p.length; i++) common.add(p.docs[i]!, p.weights[i]!);
    this.commonWords.set(word, common);
    this.postings.delete(word);
    return common;
  }

  /** A typed word's group: its words' documents (common words' bitsets, the others' postings) and how many they list. */
  sourcesOf(group: string[], size: number) {
    const sources: DocSource[] = [];
    let total = 0;
    for (const word of group) {
      const common = this.commonWord(word, size);
      if (common) {
        total += common.count;
        sources.push({ bits: common.docs.data });
        continue;
      }
      const p = this.postings.get(word);
      if (!p) continue;
      total += p.length;
      sources.push(p);
    }
    return { sources, size: total };
  }

  /** A document's words into their postings (it is numbered after every other: they stay ascending) or common words' bitsets. */
  add(doc: number, item: IndexedItem) {
    for (let i = 0; i < item.words.length; i++) {
      const w = item.words[i]!;
      const common = this.commonWords.get(w);
      if (common) {
        common.add(doc, item.weights[i]!);
        continue;
      }
      let p = this.postings.get(w);
      if (!p) {
        p = { docs: new Uint32Array(4), weights: new Uint8Array(4), length: 0 };
        this.postings.set(w, p);
        this.vocabulary.add([w]);
      }
      if (p.length === p.docs.length) {
        const docs = new Uint32Array(p.docs.length * 2);
        docs.set(p.docs);
        const weights = new Uint8Array(p.docs.length * 2);
        weights.set(p.weights);
        p.docs = docs;
        p.weights = weights;
      }
      p.docs[p.length] = doc;
      p.weights[p.length] = item.weights[i]!;
      p.length += 1;
    }
  }

  /**
   * The postings and common words' bitsets of the documents read (`order`: the document at order[d] is numbered d),
   * in one pass over their words in document order: a common word's bits are set at once (each of its bitsets is
   * written from start to end, so the pass keeps one cache line of each in use), every other word's documents go to its run of one buffer
   * that all their postings are views of (a posting that grows later is copied out of it) — one large
   * allocation, returned whole once dropped. Each posting is ascending, as documents are visited in order.
   */
  makeFromReading(reading: ReadWords, order: Uint32Array) {
    const { counts, start, entries } = reading;
    const commons: (CommonWord | null)[] = [];
    // Each common word's three bitsets (documents, weight's high bit, low bit) side by side, by word number.
    const commonBits: Uint32Array[] = [];
    const bitsAt = new Int32Array(counts.length).fill(-1);
    const from = new Uint32Array(counts.length + 1);
    for (let w = 0; w < counts.length; w++) {
      const common = this.isCommon(counts[w]!, order.length);
      if (common) {
        const commonWord = new CommonWord(this.extent);
        bitsAt[w] = commonBits.length;
        commonBits.push(...commonWord.readBits(counts[w]!));
        commons.push(commonWord);
      } else commons.push(null);
      from[w + 1] = from[w]! + (common ? 0 : counts[w]!);
    }
    const rare = from[counts.length]!;
    const next = from.slice();
    const kept = new ArrayBuffer(rare * 5);
    const docs = new Uint32Array(kept, 0, rare);
    const weights = new Uint8Array(kept, docs.byteLength, rare);
    for (let doc = 0; doc < order.length; doc++) {
      const read = order[doc]!;
      const word = doc >>> 5;
      const bit = 1 << (doc & 31);
      for (let i = start[read]!; i < start[read + 1]!; i++) {
        const entry = entries[i]!;
        const w = entry >>> 2;
        const at = bitsAt[w]!;
        if (at >= 0) {
          commonBits[at]![word]! |= bit;
          if (entry & 2) commonBits[at + 1]![word]! |= bit;
          if (entry & 1) commonBits[at + 2]![word]! |= bit;
          continue;
        }
        const to = next[w]!++;
        docs[to] = doc;
        weights[to] = entry & 3;
      }
    }
    reading.words.forEach((word, w) => {
      const common = commons[w];
      if (common) {
        common.readDone();
        this.commonWords.set(word, common);
        return;
      }
      this.postings.set(word, { docs: docs.subarray(from[w]!, from[w + 1]!), weights: weights.subarray(from[w]!, from[w + 1]!), length: counts[w]! });
    });
    this.vocabulary.add(reading.words);
  }

  /** Every word's documents as postings, side by side (common words too: a snapshot does not depend on which words are common). */
  toState(): Pick<SearchIndexState, 'postingWords' | 'postingOffsets' | 'postingDocs' | 'postingWeights'> {
    const words = [...this.postings.keys(), ...this.commonWords.keys()];
    const postingOffsets = new Uint32Array(words.length + 1);
    words.forEach((w, i) => (postingOffsets[i + 1] = postingOffsets[i]! + (this.postings.get(w)?.length ?? this.commonWords.get(w)!.count)));
    // The postings side by side, copied into one buffer: a single large allocation, returned whole when the
    // saved state is dropped (two medium-sized ones could stay in the process as holes).
    const total = postingOffsets[words.length]!;
    const postings = new ArrayBuffer(total * 5);
    const postingDocs = new Uint32Array(postings, 0, total);
    const postingWeights = new Uint8Array(postings, total * 4, total);
    words.forEach((w, i) => {
      const p = this.postings.get(w);
      if (!p) return this.commonWords.get(w)!.listInto(postingDocs, postingWeights, postingOffsets[i]!);
      postingDocs.set(p.docs.subarray(0, p.length), postingOffsets[i]!);
      postingWeights.set(p.weights.subarray(0, p.length), postingOffsets[i]!);
    });
    return { postingWords: words, postingOffsets, postingDocs, postingWeights };
  }

  /** The saved postings of an index of `size` documents (copied), common ones made bitsets again. */
  load(state: SearchIndexState, size: number) {
    state.postingWords.forEach((word, i) => {
      const from = state.postingOffsets[i]!;
      const to = state.postingOffsets[i + 1]!;
      if (!this.isCommon(to - from, size)) {
        this.postings.set(word, { docs: state.postingDocs.slice(from, to), weights: state.postingWeights.slice(from, to), length: to - from });
        return;
      }
      const common = new CommonWord(this.extent);
      for (let at = from; at < to; at++) common.add(state.postingDocs[at]!, state.postingWeights[at]!);
      this.commonWords.set(word, common);
    });
  }
}
