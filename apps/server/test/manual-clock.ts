import type { Clock } from '../src/clock.ts';

/**
 * A clock that stands still until a test moves it: `advance` wakes every sleeper whose time has come,
 * earliest first, and `whenSleeping` resolves once enough loops have finished their work and wait on it.
 */
export class ManualClock implements Clock {
  #now: number;
  #sleepers: Array<{ at: number; wake: () => void }> = [];
  #watchers: Array<{ count: number; resolve: () => void }> = [];

  constructor(start: Date | string = '2026-11-27T09:15:00.000Z') {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const sleeper = {
        at: this.#now + Math.max(0, ms),
        wake: () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          signal?.removeEventListener('abort', sleeper.wake);
          resolve();
        },
      };
      signal?.addEventListener('abort', sleeper.wake, { once: true });
      this.#sleepers.push(sleeper);
      this.#notify();
    });
  }

  /** Moves time on by `ms` (or to a moment) and wakes whoever was sleeping until then. */
  advance(by: number | Date): void {
    this.#now = typeof by === 'number' ? this.#now + by : Math.max(this.#now, by.getTime());
    for (const sleeper of [...this.#sleepers].sort((a, b) => a.at - b.at)) if (sleeper.at <= this.#now) sleeper.wake();
  }

  /** How many are waiting on this clock now. */
  get sleeping(): number {
    return this.#sleepers.length;
  }

  /** Resolves once at least `count` are waiting on this clock. */
  whenSleeping(count = 1): Promise<void> {
    return new Promise((resolve) => {
      this.#watchers.push({ count, resolve });
      this.#notify();
    });
  }

  #notify(): void {
    const ready = this.#watchers.filter((w) => this.#sleepers.length >= w.count);
    this.#watchers = this.#watchers.filter((w) => !ready.includes(w));
    for (const watcher of ready) watcher.resolve();
  }
}
