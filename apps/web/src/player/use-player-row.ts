import { useCallback, useEffect } from 'react';
import { usePlayerRuntime, usePlayerState } from './player-context.ts';
import { indexOfItem, isPlayable, type PlayerItem } from './player-queue.ts';
import type { PlaybackStatus } from './player-store.ts';
import { preloadPlayerBar } from './components/player-bar.tsx';
import { preloadWaveform } from './waveform-loader.ts';

export interface PlayerRow {
  /** This item is the one in the player (playing, paused or loading). */
  isCurrent: boolean;
  /** Playing, or asked to play and starting. */
  isPlaying: boolean;
  /** Asked to play, sound not there yet. */
  isLoading: boolean;
  hasPreview: boolean;
  /** Play this row (making `list` the queue), or play/pause it when it is already current. Call it from the click. */
  toggle(): void;
  /** Warm up before a likely click (hover, focus): the waveform's peaks, the bar's, the waveform's and the player keys' code, never the audio. */
  prepare(): void;
  /** Put on the row element so ↑/↓ can scroll it into view (a `data-item-id` attribute works too). */
  rowRef(element: HTMLElement | null): (() => void) | undefined;
}

/**
 * Inline play for any list row. Re-renders only when this row's own player state changes, not on
 * every tick or when another row starts.
 *
 *   const { isCurrent, toggle, rowRef } = usePlayerRow(item, items);
 */
export function usePlayerRow(item: PlayerItem, list?: readonly PlayerItem[]): PlayerRow {
  const { store, peaks } = usePlayerRuntime();
  const status = usePlayerState((state): PlaybackStatus | null => (state.current?.id === item.id ? state.status : null));

  const toggle = useCallback(() => {
    if (store.getState().current?.id === item.id) {
      store.toggle();
      return;
    }
    const queue = list ?? [item];
    const index = indexOfItem(queue, item.id);
    if (index >= 0) store.playList(queue, index);
    else store.playList([item], 0);
  }, [store, item, list]);

  const isCurrent = status !== null;
  // Keeps ↓ following this list when it grows (next page) while its row is playing.
  useEffect(() => {
    if (isCurrent && list) store.syncQueue(list);
  }, [store, isCurrent, list]);

  const rowRef = useCallback((element: HTMLElement | null) => (element ? store.registerRow(item.id, element) : undefined), [store, item.id]);

  const prepare = useCallback(() => {
    if (isPlayable(item)) peaks.load(item.preview.peaks_url).catch(() => undefined);
    preloadWaveform().catch(() => undefined);
    preloadPlayerBar().catch(() => undefined);
    import('./player-session.ts').catch(() => undefined);
  }, [peaks, item]);

  return {
    isCurrent,
    isPlaying: status === 'playing' || status === 'loading',
    isLoading: status === 'loading',
    hasPreview: isPlayable(item),
    toggle,
    prepare,
    rowRef,
  };
}
