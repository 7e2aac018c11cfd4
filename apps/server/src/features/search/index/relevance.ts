import { RELEVANCE_WEIGHTS } from '../search-text.ts';
import type { SearchRequest } from '../search-request.ts';
import { findSorted } from './document-sets.ts';
import type { Names } from './names.ts';
import type { Postings } from './postings.ts';
import type { Scratch } from './scratch.ts';

/** Points per weight code (0 = D … 3 = A). */
const POINTS = [RELEVANCE_WEIGHTS.D, RELEVANCE_WEIGHTS.C, RELEVANCE_WEIGHTS.B, RELEVANCE_WEIGHTS.A];

/** The relevance order's scores: computed once per matching document, read by every comparison. */
export class RelevanceScorer {
  constructor(
    private readonly names: Names,
    private readonly postings: Postings,
    private readonly scratch: Scratch,
  ) {}

  /** Room for the scores of an index of `documents` (one array every relevance search reuses). */
  scores(documents: number): Int32Array {
    return this.scratch.int32(documents);
  }

  /**
   * The relevance of each listed match (into `scores`, of an index of `documents`): its name's lead plus, for each typed word,
   * the points of the best field any word of its group is in. A group's weights are read by walking its
   * postings, or — for a few matches against long postings — by binary search of each match in them.
   */
  score(request: SearchRequest, scores: Int32Array, docs: Uint32Array, n: number, match: Uint32Array, documents: number) {
    const lead = this.names.leads(request.text);
    for (let k = 0; k < n; k++) scores[docs[k]!] = lead(docs[k]!);
    const best = this.scratch.uint8(documents);
    for (const group of request.groups ?? []) {
      for (let k = 0; k < n; k++) best[docs[k]!] = 0;
      for (const word of group) {
        const common = this.postings.commonWords.get(word);
        if (common) {
          for (let k = 0; k < n; k++) {
            const weight = common.weightOf(docs[k]!);
            if (best[docs[k]!]! <= weight) best[docs[k]!] = weight + 1;
          }
          continue;
        }
        const p = this.postings.postings.get(word);
        if (!p) continue;
        if (p.length < n * Math.log2(p.length + 2)) {
          for (let i = 0; i < p.length; i++) {
            const doc = p.docs[i]!;
            if (match[doc >>> 5]! & (1 << (doc & 31)) && best[doc]! <= p.weights[i]!) best[doc] = p.weights[i]! + 1;
          }
        } else {
          for (let k = 0; k < n; k++) {
            const doc = docs[k]!;
            const at = findSorted(p.docs, p.length, doc);
            if (at >= 0 && best[doc]! <= p.weights[at]!) best[doc] = p.weights[at]! + 1;
          }
        }
      }
      for (let k = 0; k < n; k++) scores[docs[k]!]! += POINTS[best[docs[k]!]! - 1]!;
    }
  }
}
