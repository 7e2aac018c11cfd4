import { useMantineTheme } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { usePlayerRuntime } from '../player-context.ts';
import type { PlayableItem } from '../player-queue.ts';
import type { WaveformChannels } from '../waveform-peaks.ts';
import classes from './player-bar.module.css';
import { SeekBar, useSeekSliderProps } from './seek-bar.tsx';

type PeaksState = { peaks: WaveformChannels } | { failed: true } | null;

/**
 * The current sound's waveform, drawn by wavesurfer.js from the precomputed peaks on the player's
 * own audio element (no second element, no audio download, no decoding). Click or drag to seek.
 * Until it is drawn, and if the peaks cannot be loaded, the plain progress bar stands in.
 *
 * Mount with `key={item.id}`: one wavesurfer instance per sound, so nothing of the previous sound
 * is ever drawn over the next.
 */
export function PlayerWaveform({ item }: { item: PlayableItem }) {
  const { store, peaks } = usePlayerRuntime();
  const theme = useMantineTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const sliderProps = useSeekSliderProps();
  const peaksUrl = item.preview.peaks_url;
  const [state, setState] = useState<PeaksState>(() => {
    const cached = peaks.peek(peaksUrl);
    return cached ? { peaks: cached } : null;
  });
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (state) return;
    let live = true;
    peaks.load(peaksUrl).then(
      (loaded) => live && setState({ peaks: loaded }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [peaks, peaksUrl, state]);

  const loadedPeaks = state && 'peaks' in state ? state.peaks : null;
  // A canvas needs colour values, not CSS variables: take them from the theme's dark and primary scales.
  const accent = theme.colors[theme.primaryColor] ?? theme.colors.orange;
  const waveColor = theme.colors.dark[3];
  const progressColor = accent[5];
  const cursorColor = accent[2];

  useEffect(() => {
    const container = containerRef.current;
    if (!loadedPeaks || !container) return;
    const media = store.media as HTMLMediaElement;
    const src = new URL(item.preview.url, document.baseURI).href;
    // Another sound took over already; its own (keyed) waveform draws it.
    if (media.src !== src) return;
    let wavesurfer: WaveSurfer | null = null;
    let offInteraction = () => {};
    const create = () => {
      if (wavesurfer) return;
      // wavesurfer compares its URL with the element's currentSrc and, when they differ, reloads the
      // element, which would cut the sound off. currentSrc changes only once the element has begun
      // loading the new source, a moment after src was set.
      if ((media.currentSrc || media.src) !== src) return;
      // Building the waveform costs the main thread tens of milliseconds; while the sound is still
      // starting, that time belongs to the media pipeline.
      if (store.getState().status === 'loading') return;
      wavesurfer = WaveSurfer.create({
        container,
        media,
        url: src,
        peaks: loadedPeaks,
        duration: store.getDuration() || item.preview.duration_ms / 1000,
        height: 36,
        waveColor,
        progressColor,
        cursorColor,
        cursorWidth: 2,
        barWidth: 2,
        barGap: 1,
        barRadius: 2,
        normalize: true,
        dragToSeek: true,
        hideScrollbar: true,
        autoScroll: false,
      });
      // Clicking the waveform of a paused sound plays it from there.
      offInteraction = wavesurfer.on('interaction', () => {
        if (media.paused) store.play();
      });
      setDrawn(true);
    };
    media.addEventListener('loadstart', create);
    const unsubscribe = store.subscribe(create);
    create();
    return () => {
      media.removeEventListener('loadstart', create);
      unsubscribe();
      offInteraction();
      wavesurfer?.destroy();
    };
  }, [store, item.preview.url, item.preview.duration_ms, loadedPeaks, waveColor, progressColor, cursorColor]);

  if (!loadedPeaks) return <SeekBar />;
  // The container keeps its size from the start (wavesurfer measures it); the bar covers it until drawn.
  return (
    <div className={classes.waveSlot}>
      <div {...sliderProps} ref={containerRef} className={classes.waveform} data-player-waveform />
      {!drawn && <SeekBar />}
    </div>
  );
}
