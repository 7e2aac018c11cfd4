import { PACK_STATUS } from '@crate/contract/pack-status';
import { isListedItem } from '../../../policies/item-policy.ts';
import { Column } from './columns.ts';
import { bitOf } from './document-sets.ts';
import type { Counts } from './facet-counts.ts';
import type { IndexedItem } from './indexed-item.ts';
import type { SearchIndexState } from './index-state.ts';

/** The corpora a search starts from, as bitsets: listed (published pack, not taken down) and archived (archived pack or taken down). */
export class Corpora {
  readonly listed = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  readonly archived = new Column(new Uint32Array(0), (n) => new Uint32Array(n));
  listedCount = 0;
  /** The facet counts of each whole corpus, counted once and then kept up to date by every change. */
  readonly counts = new Map<'paid' | 'archived', Counts>();

  /** Room for exactly `room` documents. */
  reserve(room: number) {
    this.listed.reserve((room + 31) >>> 5);
    this.archived.reserve((room + 31) >>> 5);
  }

  /** A newly numbered document into the corpora it belongs to (its columns are written). */
  add(doc: number, item: IndexedItem) {
    if (isListedItem({ pack: { status: item.packStatus }, takenDown: item.takenDown })) {
      this.listed.data[doc >>> 5]! |= 1 << (doc & 31);
      this.listedCount += 1;
      this.counts.get('paid')?.addOne(doc, 1);
    }
    if (item.packStatus === PACK_STATUS.archived || item.takenDown) {
      this.archived.data[doc >>> 5]! |= 1 << (doc & 31);
      this.counts.get('archived')?.addOne(doc, 1);
    }
  }

  /** A document out of every corpus (it stays numbered: postings keep it, masked by these bitsets). */
  remove(doc: number) {
    if (this.listed.data[doc >>> 5]! & (1 << (doc & 31))) {
      this.listedCount -= 1;
      this.counts.get('paid')?.addOne(doc, -1);
    }
    if (this.archived.data[doc >>> 5]! & (1 << (doc & 31))) this.counts.get('archived')?.addOne(doc, -1);
    this.listed.data[doc >>> 5]! &= ~(1 << (doc & 31));
    this.archived.data[doc >>> 5]! &= ~(1 << (doc & 31));
  }

  /** Renumbers the first `order.length` documents (the document at order[d] becomes d). */
  permute(order: Uint32Array, scratch: ArrayBuffer) {
    const n = order.length;
    const bits = new Uint32Array(scratch, 0, (n + 31) >>> 5);
    for (const corpus of [this.listed.data, this.archived.data]) {
      bits.fill(0);
      for (let doc = 0; doc < n; doc++) if (bitOf(corpus, order[doc]!)) bits[doc >>> 5]! |= 1 << (doc & 31);
      corpus.set(bits);
    }
  }

  /** The first `n` documents' corpora: views, not copies. */
  toState(n: number) {
    return {
      listedCount: this.listedCount,
      listed: this.listed.data.subarray(0, (n + 31) >>> 5),
      archived: this.archived.data.subarray(0, (n + 31) >>> 5),
    } satisfies Partial<SearchIndexState>;
  }

  /** A saved index's corpora (copied) into these empty ones, with room for `room` documents. */
  load(state: SearchIndexState, room: number) {
    this.listedCount = state.listedCount;
    this.listed.load(state.listed, (room + 31) >>> 5);
    this.archived.load(state.archived, (room + 31) >>> 5);
  }
}
