import { Codes } from './codes.ts';
import { Column } from './columns.ts';
import { findSorted, firstAtLeast } from './document-sets.ts';
import { permute } from './renumbering.ts';

/**
 * Genres (or instruments) of every document: its first two codes in one 32-bit word (16 bits each, 0 for
 * none), and the codes after those of the few documents with more than two in a list of their own (those
 * documents ascending, each with its run of codes). Counting a search's tags reads one word per match: a
 * run per document (its start, then its codes) took twice as long.
 */
export class TagColumn {
  table = new Codes();
  private readonly pair = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  /** Documents with more than two codes, ascending; the i-th one's codes after its first two are moreCodes[moreStart[i]] …. */
  private readonly moreDocs = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  private readonly moreStart = new Column(new Uint32Array(1), (n) => new Uint32Array(n));
  private readonly moreCodes = new Column(new Uint16Array(0), (n) => new Uint16Array(n));
  private more = 0;

  /** Room for exactly `n` documents. */
  reserve(n: number) {
    this.pair.reserve(n);
  }

  /** Document `doc`'s values (a document numbered after every other with more than two). */
  set(doc: number, values: readonly string[]) {
    const first = values.length > 0 ? this.table.code(values[0]!) : 0;
    const second = values.length > 1 ? this.table.code(values[1]!) : 0;
    this.pair.data[doc] = (first | (second << 16)) >>> 0;
    if (values.length <= 2) return;
    this.moreDocs.ensure(this.more + 1);
    this.moreStart.ensure(this.more + 2);
    const from = this.moreStart.data[this.more]!;
    this.moreCodes.ensure(from + values.length - 2);
    for (let i = 2; i < values.length; i++) this.moreCodes.data[from + i - 2] = this.table.code(values[i]!);
    this.moreDocs.data[this.more] = doc;
    this.moreStart.data[this.more + 1] = from + values.length - 2;
    this.more += 1;
  }

  /** Each of document `doc`'s codes. */
  forEach(doc: number, fn: (code: number) => void) {
    const pair = this.pair.data[doc]!;
    if ((pair & 0xffff) !== 0) fn(pair & 0xffff);
    if (pair >>> 16 === 0) return;
    fn(pair >>> 16);
    const i = findSorted(this.moreDocs.data, this.more, doc);
    if (i >= 0) for (let at = this.moreStart.data[i]!; at < this.moreStart.data[i + 1]!; at++) fn(this.moreCodes.data[at]!);
  }

  /** Adds `sign` to the count of every code of the first `n` documents of `docs` (ascending); counts[0] takes the empty slots. */
  count(counts: Int32Array, docs: Uint32Array, n: number, sign: number) {
    const pairs = this.pair.data;
    for (let k = 0; k < n; k++) {
      const pair = pairs[docs[k]!]!;
      counts[pair & 0xffff]! += sign;
      counts[pair >>> 16]! += sign;
    }
    const moreDocs = this.moreDocs.data;
    const moreStart = this.moreStart.data;
    for (let i = 0, at = 0; i < this.more; i++) {
      at = firstAtLeast(docs, at, n, moreDocs[i]!);
      // (`docs` is a scratch list: what lies past its first n is another search's.)
      if (at === n) break;
      if (docs[at] !== moreDocs[i]) continue;
      for (let c = moreStart[i]!; c < moreStart[i + 1]!; c++) counts[this.moreCodes.data[c]!]! += sign;
    }
  }

  /** Renumbers the first `order.length` documents (the document at order[d] becomes d); `scratch` holds at least 4 bytes a document. */
  permute(order: Uint32Array, scratch: ArrayBuffer) {
    if (this.more > 0) {
      const numberOf = new Uint32Array(scratch, 0, order.length);
      for (let doc = 0; doc < order.length; doc++) numberOf[order[doc]!] = doc;
      const [docs, start, codes] = [this.moreDocs.data, this.moreStart.data, this.moreCodes.data];
      const entries = Array.from({ length: this.more }, (_, i) => i).sort((a, b) => numberOf[docs[a]!]! - numberOf[docs[b]!]!);
      const next = { docs: new Uint32Array(docs.length), start: new Uint32Array(start.length), codes: new Uint16Array(codes.length) };
      entries.forEach((i, to) => {
        next.docs[to] = numberOf[docs[i]!]!;
        const run = codes.subarray(start[i]!, start[i + 1]!);
        next.codes.set(run, next.start[to]!);
        next.start[to + 1] = next.start[to]! + run.length;
      });
      [this.moreDocs.data, this.moreStart.data, this.moreCodes.data] = [next.docs, next.start, next.codes];
    }
    permute(this.pair.data, order, 1, scratch);
  }

  toState(n: number): SavedTags {
    return {
      pair: this.pair.data.subarray(0, n),
      moreDocs: this.moreDocs.data.subarray(0, this.more),
      moreStart: this.moreStart.data.subarray(0, this.more + 1),
      moreCodes: this.moreCodes.data.subarray(0, this.moreStart.data[this.more]!),
      values: this.table.values,
    };
  }

  /** A saved column, with room for `room` documents. */
  static fromState(saved: SavedTags, room: number): TagColumn {
    const column = new TagColumn();
    column.table = Codes.of(saved.values);
    column.pair.load(saved.pair, room);
    column.moreDocs.data = saved.moreDocs.slice();
    column.moreStart.data = saved.moreStart.slice();
    column.moreCodes.data = saved.moreCodes.slice();
    column.more = saved.moreDocs.length;
    return column;
  }
}

export interface SavedTags {
  pair: Uint32Array<ArrayBuffer>;
  moreDocs: Uint32Array<ArrayBuffer>;
  moreStart: Uint32Array<ArrayBuffer>;
  moreCodes: Uint16Array<ArrayBuffer>;
  values: (string | null)[];
}
