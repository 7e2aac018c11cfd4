import { Skeleton } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { usePlayerRuntime } from '../player-context.ts';
import { isPlayable, type PlayerItem } from '../player-queue.ts';
import { usePlayerRow } from '../use-player-row.ts';
import type { WaveformChannels } from '../waveform-peaks.ts';
import { waveformBars, type WaveformBar } from '../waveform-bars.ts';
import classes from './item-waveform.module.css';

const BARS = 180;
const ROW_BARS = 60;

/**
 * A sound's whole waveform, drawn from the precomputed peaks (no audio is fetched to draw it): large on
 * its own page, small in a list row (`inRow`: fewer bars, and the row, not the waveform, is what ↑/↓
 * scroll to). Click anywhere to play from there; while it is the sound in the player, the played part
 * lights up and follows the audio frame by frame.
 */
export function ItemWaveform({ item, list, height = 96, inRow = false }: { item: PlayerItem; list?: readonly PlayerItem[]; height?: number; inRow?: boolean }) {
  const { store, peaks } = usePlayerRuntime();
  const { isCurrent, toggle, rowRef } = usePlayerRow(item, list);
  const peaksUrl = isPlayable(item) ? item.preview.peaks_url : null;
  const [loaded, setLoaded] = useState<{ url: string; channels: WaveformChannels | null } | null>(() => {
    const cached = peaksUrl ? peaks.peek(peaksUrl) : undefined;
    return peaksUrl && cached ? { url: peaksUrl, channels: cached } : null;
  });
  const channels = loaded && loaded.url === peaksUrl ? loaded.channels : undefined;
  const surface = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!peaksUrl || channels !== undefined) return;
    let live = true;
    peaks.load(peaksUrl).then(
      (result) => live && setLoaded({ url: peaksUrl, channels: result }),
      () => live && setLoaded({ url: peaksUrl, channels: null }),
    );
    return () => {
      live = false;
    };
  }, [peaks, peaksUrl, channels]);

  // The played part follows the audio every frame while this sound is the current one.
  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    if (!isCurrent) {
      element.style.setProperty('--progress', '0');
      return;
    }
    let frame = 0;
    const tick = () => {
      const duration = store.getDuration();
      element.style.setProperty('--progress', duration > 0 ? String(Math.min(1, store.getCurrentTime() / duration)) : '0');
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [isCurrent, store]);

  const bars = useMemo(() => (channels ? waveformBars(channels, inRow ? ROW_BARS : BARS) : null), [channels, inRow]);

  if (!isPlayable(item)) {
    if (inRow) return null;
    return (
      <div className={classes.unavailable} style={{ height }}>
        No preview yet: it is still being made.
      </div>
    );
  }
  if (channels === undefined) return <Skeleton height={height} radius="md" />;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    if (!isCurrent) toggle();
    else if (store.getState().status !== 'playing') store.play();
    const duration = store.getDuration() || item.preview!.duration_ms / 1000;
    store.seekTo(fraction * duration);
  };

  return (
    <div
      ref={(element) => {
        surface.current = element;
        return inRow ? undefined : rowRef(element);
      }}
      className={classes.surface}
      style={{ height }}
      onPointerDown={onPointerDown}
      data-current={isCurrent || undefined}
      data-item-waveform={inRow ? undefined : true}
      data-row-waveform={inRow || undefined}
      // In a row, a click here seeks; the row's own click-to-play must not toggle it again.
      data-no-row-play={inRow || undefined}
      role="img"
      aria-label={`Waveform of ${item.name}. Click to play from a point.`}
    >
      {bars ? (
        <>
          <WaveformSvg bars={bars} className={classes.base!} />
          <div className={classes.playedLayer} aria-hidden>
            <WaveformSvg bars={bars} className={classes.played!} />
          </div>
        </>
      ) : (
        <div className={classes.flat} />
      )}
      <div className={classes.cursor} aria-hidden />
    </div>
  );
}

function WaveformSvg({ bars, className }: { bars: WaveformBar[]; className: string }) {
  return (
    <svg className={`${classes.svg} ${className}`} viewBox={`0 0 ${bars.length} 100`} preserveAspectRatio="none" aria-hidden>
      {bars.map((bar, index) => (
        <rect key={index} x={index + 0.15} width={0.7} y={50 - bar.top * 48} height={Math.max(0.8, (bar.top + bar.bottom) * 48)} />
      ))}
    </svg>
  );
}
