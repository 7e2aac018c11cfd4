import { lazy } from 'react';

/**
 * wavesurfer.js stays out of the first page load: its chunk is fetched when a play button is hovered
 * or focused, or at the latest when the bar first shows. Sound never waits for it.
 */
let loading: Promise<typeof import('./components/player-waveform.tsx')> | null = null;

export function preloadWaveform() {
  loading ??= import('./components/player-waveform.tsx').catch((error: unknown) => {
    loading = null; // let a later attempt retry
    throw error;
  });
  return loading;
}

export const LazyPlayerWaveform = lazy(() => preloadWaveform().then((module) => ({ default: module.PlayerWaveform })));
