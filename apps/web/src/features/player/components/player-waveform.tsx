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
 * Until the peaks arrive, and if they cannot be loaded, the plain progress bar stands in.
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
    // Handing wavesurfer a different URL than the element's would make it switch the element's source.
    const src = new URL(item.preview.url, document.baseURI).href;
    if (media.src !== src) return;
    const wavesurfer = WaveSurfer.create({
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
    const offInteraction = wavesurfer.on('interaction', () => {
      if (media.paused) store.play();
    });
    return () => {
      offInteraction();
      wavesurfer.destroy();
    };
  }, [store, item.preview.url, item.preview.duration_ms, loadedPeaks, waveColor, progressColor, cursorColor]);

  if (!loadedPeaks) return <SeekBar />;
  return <div {...sliderProps} ref={containerRef} className={classes.waveform} data-player-waveform />;
}
