/**
 * Keeps search answers that were expensive to compute: first pages whose match count is at least
 * `minMatches` (counting every facet over tens of thousands of rows takes hundreds of milliseconds;
 * the search page with no text at all counts the whole catalogue). Small answers are never kept: they
 * are cheap, and they stay exact to the last write.
 *
 * - An answer is fresh for `ttlMs`. After that, for up to `staleMs` more, it is still served while one
 *   recomputation runs in the background (the next visitor after expiry does not wait seconds).
 * - Identical searches asked while one is being computed wait for that one (one computation, not N).
 * - `clear()` forgets everything, and computations that started before it are not kept: the route
 *   calls it after every successful write this process answers. Writes by another process or a job
 *   show within `ttlMs`.
 * - Bounded by `maxEntries`; the least recently stored go first. `ttlMs` 0 turns it all off.
 */
export interface BroadAnswerCacheOptions {
  ttlMs: number;
  minMatches: number;
  /** How long after `ttlMs` an answer is still served while it is recomputed (default: `ttlMs` again). */
  staleMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface BroadAnswerCache<T> {
  /** The answer for `key`: kept, shared with an identical computation in flight, or computed now. */
  remember(key: string, compute: () => Promise<T>, matchesOf: (answer: T) => number): Promise<T>;
  clear(): void;
  readonly stats: { hits: number; stale: number; misses: number; shared: number };
}

interface Entry<T> {
  answer: T;
  storedAt: number;
}

export function createBroadAnswerCache<T>(options: BroadAnswerCacheOptions): BroadAnswerCache<T> {
  const { ttlMs, minMatches, staleMs = ttlMs, maxEntries = 500, now = Date.now } = options;
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  const stats = { hits: 0, stale: 0, misses: 0, shared: 0 };
  let generation = 0;

  const compute = (key: string, run: () => Promise<T>, matchesOf: (answer: T) => number): Promise<T> => {
    const startedIn = generation;
    const promise = run()
      .then((answer) => {
        if (startedIn === generation && matchesOf(answer) >= minMatches) {
          entries.delete(key);
          entries.set(key, { answer, storedAt: now() });
          for (const oldest of entries.keys()) {
            if (entries.size <= maxEntries) break;
            entries.delete(oldest);
          }
        }
        return answer;
      })
      .finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
    inFlight.set(key, promise);
    return promise;
  };

  return {
    remember(key, run, matchesOf) {
      if (ttlMs <= 0) return run();
      const entry = entries.get(key);
      if (entry) {
        const age = now() - entry.storedAt;
        if (age < ttlMs) {
          stats.hits += 1;
          return Promise.resolve(entry.answer);
        }
        if (age < ttlMs + staleMs) {
          stats.stale += 1;
          // Served as it is; one refresh at a time. A failed refresh leaves the entry to expire.
          if (!inFlight.has(key)) compute(key, run, matchesOf).catch(() => undefined);
          return Promise.resolve(entry.answer);
        }
        entries.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending) {
        stats.shared += 1;
        return pending;
      }
      stats.misses += 1;
      return compute(key, run, matchesOf);
    },
    clear() {
      generation += 1;
      entries.clear();
      inFlight.clear();
    },
    stats,
  };
}
