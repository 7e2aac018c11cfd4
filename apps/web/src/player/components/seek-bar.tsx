import { useEffect, useRef, type HTMLAttributes, type KeyboardEvent, type PointerEvent } from 'react';
import { usePlayerDuration, usePlayerRuntime, usePlayerSeconds } from '../player-context.ts';
import { formatTime } from '../player-format.ts';
import { SEEK_STEP_SECONDS } from '../player-keys.ts';
import classes from './player-bar.module.css';

/**
 * Slider semantics for whatever shows the position (waveform or bar): a screen reader hears
 * "Seek, 0:03 of 0:07"; arrows seek ±5 s, Page keys ±15 s, Home/End jump, Space plays/pauses. Handling keys here
 * (and preventing their default) keeps the global player keys out of the way.
 */
export function useSeekSliderProps(): HTMLAttributes<HTMLDivElement> {
  const { store } = usePlayerRuntime();
  const seconds = usePlayerSeconds();
  const duration = usePlayerDuration();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => store.seekBy(-SEEK_STEP_SECONDS),
      ArrowDown: () => store.seekBy(-SEEK_STEP_SECONDS),
      ArrowRight: () => store.seekBy(SEEK_STEP_SECONDS),
      ArrowUp: () => store.seekBy(SEEK_STEP_SECONDS),
      PageDown: () => store.seekBy(-3 * SEEK_STEP_SECONDS),
      PageUp: () => store.seekBy(3 * SEEK_STEP_SECONDS),
      Home: () => store.seekTo(0),
      End: () => store.seekTo(Math.max(0, store.getDuration() - 0.05)),
    };
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Space does nothing on a slider, so it keeps its player meaning here instead of scrolling the page.
    if (event.key === ' ') {
      event.preventDefault();
      if (!event.repeat) store.toggle();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  return {
    role: 'slider',
    tabIndex: 0,
    'aria-label': 'Seek',
    'aria-valuemin': 0,
    'aria-valuemax': Math.floor(duration),
    'aria-valuenow': Math.min(seconds, Math.floor(duration)),
    'aria-valuetext': `${formatTime(seconds)} of ${formatTime(duration)}`,
    onKeyDown,
  };
}

/**
 * The plain progress bar: the fallback when a waveform's peaks cannot be loaded, the placeholder
 * while they arrive, and the seek bar on narrow screens. Click or drag to seek. The fill moves by
 * animation frame straight on the DOM, so playing costs no React renders.
 */
export function SeekBar({ variant = 'inline' }: { variant?: 'inline' | 'edge' }) {
  const { store } = usePlayerRuntime();
  const trackRef = useRef<HTMLDivElement>(null);
  const fillRef = useRef<HTMLDivElement>(null);
  const sliderProps = useSeekSliderProps();

  useEffect(() => {
    let frame = 0;
    const paint = () => {
      const duration = store.getDuration();
      const ratio = duration > 0 ? Math.min(1, Math.max(0, store.getCurrentTime() / duration)) : 0;
      if (fillRef.current) fillRef.current.style.transform = `scaleX(${ratio})`;
    };
    const tick = () => {
      paint();
      frame = requestAnimationFrame(tick);
    };
    const sync = () => {
      cancelAnimationFrame(frame);
      paint();
      if (!store.media.paused) frame = requestAnimationFrame(tick);
    };
    sync();
    const stopTime = store.subscribeTime(paint);
    const stopState = store.subscribe(sync);
    return () => {
      cancelAnimationFrame(frame);
      stopTime();
      stopState();
    };
  }, [store]);

  const seekAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    store.seekTo(ratio * store.getDuration());
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    seekAt(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) seekAt(event.clientX);
  };

  return (
    <div
      {...sliderProps}
      ref={trackRef}
      className={variant === 'edge' ? classes.seekEdge : classes.seekInline}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      data-player-seekbar
    >
      <div className={classes.seekTrack}>
        <div ref={fillRef} className={classes.seekFill} />
      </div>
    </div>
  );
}
