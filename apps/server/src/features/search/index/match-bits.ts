import { type DocSource, popcount } from './document-sets.ts';

/**
 * The matching documents of one search: a bitset as long as the index and, once an operation has run, the
 * list of its words that may be non-zero (every other word is zero). Later ANDs, counts and listings read
 * those words only: a text search with a filter or two matches a few hundred documents of a million, and
 * reading all 31,250 words for each operation would be most of its cost.
 */
export class MatchBits {
  bits = new Uint32Array(0);
  private active = new Uint32Array(0);
  /** How many words `active` lists, ascending; -1 while every word may be non-zero. */
  private activeCount = -1;
  private words = 0;
  private kept = new Uint32Array(0);
  private union = new Uint32Array(0);
  /** A copy of the matches as save() found them: their active words' values (or every word's), and which words. */
  private saved = { values: new Uint32Array(0), active: new Uint32Array(0), activeCount: -1 };

  /** Starts from a corpus's bitset (its first `words` words). */
  reset(corpus: Uint32Array, words: number) {
    if (this.bits.length < words) {
      this.bits = new Uint32Array(Math.ceil(words * 1.25) + 64);
      this.active = new Uint32Array(this.bits.length);
    }
    this.words = words;
    this.bits.set(corpus.subarray(0, words));
    this.activeCount = -1;
  }

  has(doc: number): boolean {
    return (this.bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
  }

  remove(doc: number) {
    this.bits[doc >>> 5]! &= ~(1 << (doc & 31));
  }

  /**
   * Keeps a copy of the matches, to start from them again with restore(): a search's drill-sideways passes start
   * from the typed words' matches, which cost a search more to make than anything after them.
   */
  save() {
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    if (this.saved.values.length < count) this.saved = { values: new Uint32Array(this.bits.length), active: new Uint32Array(this.bits.length), activeCount: -1 };
    const { values, active } = this.saved;
    if (dense) values.set(this.bits.subarray(0, count));
    else {
      for (let i = 0; i < count; i++) values[i] = this.bits[this.active[i]!]!;
      active.set(this.active.subarray(0, count));
    }
    this.saved.activeCount = this.activeCount;
  }

  /** The matches as save() kept them. */
  restore() {
    const { values, active, activeCount } = this.saved;
    if (activeCount < 0) {
      this.bits.set(values.subarray(0, this.words));
    } else {
      if (this.activeCount < 0) this.bits.fill(0, 0, this.words);
      else for (let i = 0; i < this.activeCount; i++) this.bits[this.active[i]!] = 0;
      for (let i = 0; i < activeCount; i++) this.bits[active[i]!] = values[i]!;
      this.active.set(active.subarray(0, activeCount));
    }
    this.activeCount = activeCount;
  }

  /**
   * Keeps the documents that are in any of `sources` (none: nothing is kept): listed documents are looked up
   * (costing their number, not the index's), bitsets ANDed; when there are both, their union is made first, on
   * the words that may still match.
   */
  andAnyOf(sources: DocSource[]) {
    const bitsets: Uint32Array[] = [];
    const lists: { docs: Uint32Array; length: number }[] = [];
    for (const source of sources) {
      if (source.bits) bitsets.push(source.bits);
      else lists.push(source);
    }
    if (lists.length === 0) return this.andAny(bitsets);
    if (bitsets.length === 0) return this.andLists(lists);
    if (this.union.length < this.bits.length) this.union = new Uint32Array(this.bits.length);
    const union = this.union;
    // Only the words that may be non-zero are read by andAny(): the others keep whatever they held.
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : this.active[i]!;
      let any = 0;
      for (const set of bitsets) if (w < set.length) any |= set[w]!;
      union[w] = any;
    }
    for (const list of lists) for (let i = 0; i < list.length; i++) union[list.docs[i]! >>> 5]! |= 1 << (list.docs[i]! & 31);
    this.andAny([union]);
  }

  /** Keeps the documents that are in any of `sets` (none: nothing is kept). */
  andAny(sets: Uint32Array[]) {
    if (sets.length === 1) return this.rewrite(sets[0]!, false);
    const bits = this.bits;
    const active = this.active;
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : active[i]!;
      let any = 0;
      for (const set of sets) if (w < set.length) any |= set[w]!;
      const value = bits[w]! & any;
      bits[w] = value;
      if (value !== 0) active[n++] = w;
    }
    this.activeCount = n;
  }

  /** Keeps the documents that are not in `source`. */
  andNot(source: DocSource | undefined) {
    if (!source) return;
    if (source.bits) return this.rewrite(source.bits, true);
    for (let i = 0; i < source.length; i++) this.remove(source.docs[i]!);
  }

  /** bits ∧= set (or ∧= ¬set), over the words that may be non-zero, noting which still are. */
  private rewrite(set: Uint32Array, not: boolean) {
    const bits = this.bits;
    const active = this.active;
    const length = set.length;
    const flip = not ? -1 : 0;
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : active[i]!;
      const value = bits[w]! & ((w < length ? set[w]! : 0) ^ flip);
      bits[w] = value;
      if (value !== 0) active[n++] = w;
    }
    this.activeCount = n;
  }

  /**
   * Keeps the documents that are in any of `lists` (ascending document lists, such as postings): each listed
   * document is looked up, so this costs their length, not the index's.
   */
  andLists(lists: { docs: Uint32Array; length: number }[]) {
    let total = 0;
    for (const list of lists) total += list.length;
    if (this.kept.length < total) this.kept = new Uint32Array(Math.ceil(total * 1.25) + 64);
    const kept = this.kept;
    const bits = this.bits;
    let n = 0;
    for (const list of lists) {
      for (let i = 0; i < list.length; i++) {
        const doc = list.docs[i]!;
        if (bits[doc >>> 5]! & (1 << (doc & 31))) kept[n++] = doc;
      }
    }
    if (this.activeCount < 0) bits.fill(0, 0, this.words);
    else for (let i = 0; i < this.activeCount; i++) bits[this.active[i]!] = 0;
    // The non-zero words, ascending (several lists are not in one order together).
    if (lists.length > 1) kept.subarray(0, n).sort();
    const active = this.active;
    let words = 0;
    for (let k = 0; k < n; k++) {
      const doc = kept[k]!;
      const w = doc >>> 5;
      if (words === 0 || active[words - 1] !== w) active[words++] = w;
      bits[w]! |= 1 << (doc & 31);
    }
    this.activeCount = words;
  }

  count(): number {
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const word = this.bits[dense ? i : this.active[i]!]!;
      if (word !== 0) n += popcount(word);
    }
    return n;
  }

  /** Lists the documents (ascending) into `docs` and returns how many; one failing `test` is removed instead. */
  list(docs: Uint32Array, test: (doc: number) => boolean): number {
    const bits = this.bits;
    let n = 0;
    const dense = this.activeCount < 0;
    const count = dense ? this.words : this.activeCount;
    for (let i = 0; i < count; i++) {
      const w = dense ? i : this.active[i]!;
      let bitsLeft = bits[w]!;
      while (bitsLeft !== 0) {
        const low = bitsLeft & -bitsLeft;
        const doc = (w << 5) | (31 - Math.clz32(low));
        bitsLeft ^= low;
        if (test(doc)) docs[n++] = doc;
        else bits[w]! &= ~low;
      }
    }
    return n;
  }
}
