/**
 * When typed text becomes a search. The first keystroke after a pause commits at once (nothing to wait
 * for: an instant search answers the key that was pressed); keys that follow within `quietMs` of a
 * commit are gathered and the latest text commits once they pause. A burst of fast keys (auto-repeat,
 * a paste, a fluent typist) is two requests, its first key and its last text, never one per key.
 */
export interface TypingCommit {
  /** The text changed. */
  type(text: string): void;
  /** Commit what is waiting now (Enter, ↓ to the results). */
  flush(): void;
  /** Drop what is waiting (Escape, clear: the caller commits its own text). */
  cancel(): void;
}

export function createTypingCommit(commit: (text: string) => void, quietMs: number, now: () => number = () => performance.now()): TypingCommit {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: string | null = null;
  let lastCommit = Number.NEGATIVE_INFINITY;

  const send = (text: string) => {
    lastCommit = now();
    commit(text);
  };
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    waiting = null;
  };
  const flush = () => {
    const text = waiting;
    stop();
    if (text !== null) send(text);
  };

  return {
    type(text) {
      if (timer === null && now() - lastCommit >= quietMs) {
        send(text);
        return;
      }
      waiting = text;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(flush, quietMs);
    },
    flush,
    cancel: stop,
  };
}
