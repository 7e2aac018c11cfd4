/** The first `k` documents in an order, kept in a bounded heap (the worst on top). */
export class TopK {
  private readonly heap: number[] = [];
  /** The rank of the worst document kept, once the heap is full: anything ranked after it is refused at once. */
  private worstRank = Infinity;
  constructor(
    private readonly k: number,
    private readonly before: (a: number, b: number) => number,
    private readonly rank: (doc: number) => number,
  ) {}
  offer(doc: number) {
    const h = this.heap;
    if (h.length === this.k && this.rank(doc) > this.worstRank) return;
    this.insert(doc);
    if (h.length === this.k) this.worstRank = this.rank(h[0]!);
  }
  private insert(doc: number) {
    const h = this.heap;
    if (h.length < this.k) {
      h.push(doc);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.before(h[parent]!, h[i]!) >= 0) break;
        [h[parent], h[i]] = [h[i]!, h[parent]!];
        i = parent;
      }
      return;
    }
    if (this.before(doc, h[0]!) >= 0) return;
    h[0] = doc;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.before(h[l]!, h[worst]!) > 0) worst = l;
      if (r < h.length && this.before(h[r]!, h[worst]!) > 0) worst = r;
      if (worst === i) break;
      [h[worst], h[i]] = [h[i]!, h[worst]!];
      i = worst;
    }
  }
  sorted(): number[] {
    return [...this.heap].sort(this.before);
  }
}
