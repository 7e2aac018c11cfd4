import type { KeyValueStorage } from '../lib/browser-storage.ts';

/** Messages browsers and Vite use when a lazily loaded chunk (or its CSS) cannot be fetched. */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

const CHUNK_RELOAD_KEY = 'crate.chunkReload';
/** A second failure for the same path within this window means reloading will not help. */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

/** Whether a reload for this path was already tried within the window (reloading again would loop). */
export function reloadedRecently(storage: KeyValueStorage | null, path: string, now: number): boolean {
  if (!storage) return true;
  let last: { path?: unknown; at?: unknown } | null;
  try {
    last = JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
  } catch {
    last = null;
  }
  return Boolean(last && last.path === path && typeof last.at === 'number' && now - last.at < CHUNK_RELOAD_WINDOW_MS);
}

export function recordReload(storage: KeyValueStorage | null, path: string, now: number): boolean {
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, at: now }));
    return storage !== null;
  } catch {
    return false;
  }
}

/**
 * docs/product-overview.md §2: a failed dynamic load of a page triggers a full page load of the target path — usually a
 * new deploy replaced the old chunks. Guarded against loops: at most one reload per path per window
 * (without session storage, none: a loop could not be told apart). Returns true when the caller
 * should reload now, and records the attempt.
 */
export function claimChunkReload(storage: KeyValueStorage | null, path: string, now: number): boolean {
  if (reloadedRecently(storage, path, now)) return false;
  return recordReload(storage, path, now);
}

export function sessionStore(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
