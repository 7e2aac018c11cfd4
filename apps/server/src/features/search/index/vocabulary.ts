import type { ResolvedWord } from '../search-request.ts';
import { MAX_COMPLETIONS } from '../search-text.ts';
import { byCodePoint } from './codes.ts';

const charLength = (s: string) => [...s].length;

/** Every indexed word ever seen (search_words only grows too), sorted on demand for prefix lookups. */
export class Vocabulary {
  private readonly words = new Set<string>();
  private sorted: string[] | null = [];

  add(words: Iterable<string>) {
    for (const w of words) {
      if (this.words.has(w)) continue;
      this.words.add(w);
      this.sorted = null;
    }
  }

  /** The typed words against the vocabulary: indexed or not, and the last word's completions (shortest first). */
  resolve(words: string[]): ResolvedWord[] {
    return words.map((word, index) => ({
      word,
      known: this.words.has(word),
      completions: index === words.length - 1 ? this.completionsOf(word) : [],
    }));
  }

  private completionsOf(prefix: string): string[] {
    const sorted = (this.sorted ??= [...this.words].sort(byCodePoint));
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byCodePoint(sorted[mid]!, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) if (sorted[i] !== prefix) out.push(sorted[i]!);
    return out.sort((a, b) => charLength(a) - charLength(b) || byCodePoint(a, b)).slice(0, MAX_COMPLETIONS);
  }

  toState(): string[] {
    return [...this.words];
  }
}
