import { useSyncExternalStore } from 'react';

export type FavoriteKind = 'item' | 'pack';

/**
 * Hearts the user toggled during this page's life, by account. A list fetched before the toggle
 * still says the old `favorited`; every row and page showing the same item reads the override
 * first, so a heart set on the pack page is already set in the search results and the library.
 */
const overrides = new Map<string, boolean>();
const listeners = new Set<() => void>();
let version = 0;

const keyOf = (uid: string, kind: FavoriteKind, id: string) => `${uid}|${kind}|${id}`;

export function setFavoriteOverride(uid: string, kind: FavoriteKind, id: string, favorited: boolean): void {
  overrides.set(keyOf(uid, kind, id), favorited);
  version++;
  for (const listener of listeners) listener();
}

export function getFavoriteOverride(uid: string, kind: FavoriteKind, id: string): boolean | undefined {
  return overrides.get(keyOf(uid, kind, id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The heart as the user last set it, else what the server said (null for visitors). */
export function useFavorited(uid: string, kind: FavoriteKind, id: string, fromServer: boolean | null): boolean {
  useSyncExternalStore(subscribe, () => version);
  if (!uid) return false;
  return getFavoriteOverride(uid, kind, id) ?? fromServer ?? false;
}
