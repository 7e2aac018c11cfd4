import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PlayerState, PlayerStore } from './player-store.ts';
import type { PeaksCache } from './waveform-peaks.ts';

export interface PlayerRuntime {
  store: PlayerStore;
  peaks: PeaksCache;
}

export const PlayerContext = createContext<PlayerRuntime | null>(null);

export function usePlayerRuntime(): PlayerRuntime {
  const runtime = useContext(PlayerContext);
  if (!runtime) throw new Error('The player needs <PlayerProvider> above it');
  return runtime;
}

/** The player's controls: playList, toggle, next, previous, seekBy, setVolume… Stable for the app's lifetime. */
export function usePlayer(): PlayerStore {
  return usePlayerRuntime().store;
}

/**
 * A slice of the player state; the component re-renders only when that slice changes. Select a
 * primitive or an object the state already holds (e.g. `s => s.current`), never a new object.
 */
export function usePlayerState<T>(selector: (state: PlayerState) => T): T {
  const { store } = usePlayerRuntime();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

/** Whole seconds played: re-renders once a second, not on every media timeupdate. */
export function usePlayerSeconds(): number {
  const { store } = usePlayerRuntime();
  return useSyncExternalStore(store.subscribeTime, () => Math.floor(store.getCurrentTime()));
}

/** The current sound's duration in seconds (catalogue value until the media's own arrives). */
export function usePlayerDuration(): number {
  const { store } = usePlayerRuntime();
  return useSyncExternalStore(store.subscribeTime, () => store.getDuration());
}
