import { ActionIcon, Anchor, Slider, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconRepeat,
  IconVolume,
  IconVolume2,
  IconVolume3,
  IconWaveform,
  IconX,
} from '@tabler/icons-react';
import { Component, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlayer, usePlayerDuration, usePlayerSeconds, usePlayerState } from '../player-context.ts';
import { formatDuration, formatKeyAndTempo, formatTime, SHORT_SOUND_SECONDS } from '../player-format.ts';
import { PLAYER_OPEN_ATTRIBUTE } from '../player-open.ts';
import { nextIndex, previousIndex, type PlayableItem } from '../player-queue.ts';
import { LazyPlayerWaveform } from '../waveform-loader.ts';
import classes from './player-bar.module.css';
import { SeekBar } from './seek-bar.tsx';

const WIDE_QUERY = '(min-width: 48em)';
const TOOLTIP_DELAY = 500;

/** The bar itself, once something plays. Reserves its room (data-player-open) in the same commit it appears. */
export function PlayerBarContent({ item }: { item: PlayableItem }) {
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  // Before paint, so the reserved space and the bar arrive in the same frame.
  useLayoutEffect(() => {
    document.documentElement.setAttribute(PLAYER_OPEN_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(PLAYER_OPEN_ATTRIBUTE);
  }, []);
  return (
    <section className={classes.bar} aria-label="Player" data-player-bar>
      {!wide && <SeekBar variant="edge" />}
      <TrackInfo item={item} />
      <Transport />
      {wide && (
        <div className={classes.timeline}>
          <Elapsed />
          <WaveformBoundary key={item.id} fallback={<SeekBar />}>
            <Suspense fallback={<SeekBar />}>
              <LazyPlayerWaveform item={item} />
            </Suspense>
          </WaveformBoundary>
          <Total />
        </div>
      )}
      <div className={classes.end}>
        <VolumeControl />
        <CloseButton />
      </div>
    </section>
  );
}

function TrackInfo({ item }: { item: PlayableItem }) {
  const errorMessage = usePlayerState((state) => state.errorMessage);
  const keyAndTempo = formatKeyAndTempo(item.key, item.bpm);
  const cover = item.pack?.cover?.['75x75'];
  return (
    <div className={classes.info}>
      {cover ? (
        <img className={classes.cover} src={cover} alt="" width={48} height={48} decoding="async" />
      ) : (
        <div className={classes.cover} aria-hidden>
          <IconWaveform size={22} />
        </div>
      )}
      <div className={classes.text}>
        <Anchor component={Link} to={item.href ?? `/item/${item.slug}`} className={classes.name} c="dark.0" fw={650} size="sm" truncate>
          {item.name}
        </Anchor>
        {errorMessage ? (
          <Text size="xs" c="red.4" truncate role="status">
            <IconAlertTriangle size={12} className={classes.inlineIcon} aria-hidden /> {errorMessage}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" truncate>
            {item.pack && (
              <>
                <Anchor component={Link} to={`/pack/${item.pack.id}`} c="dimmed" inherit>
                  {item.pack.title}
                </Anchor>
                {' · '}
              </>
            )}
            <Anchor component={Link} to={`/creator/${item.creator.id}`} c="dimmed" inherit>
              {item.creator.name}
            </Anchor>
          </Text>
        )}
        {keyAndTempo && (
          <Text size="xs" c="dark.2" className={classes.meta} truncate>
            {item.kind ? `${item.kind} · ${keyAndTempo}` : keyAndTempo}
          </Text>
        )}
      </div>
    </div>
  );
}

function Transport() {
  const player = usePlayer();
  const status = usePlayerState((state) => state.status);
  const loop = usePlayerState((state) => state.loop);
  const hasPrevious = usePlayerState((state) => previousIndex(state.queue, state.index) >= 0);
  const hasNext = usePlayerState((state) => nextIndex(state.queue, state.index) >= 0);
  const playing = status === 'playing' || status === 'loading';
  return (
    <div className={classes.transport}>
      <Tooltip label="Previous (↑)" openDelay={TOOLTIP_DELAY}>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Previous" disabled={!hasPrevious} className={classes.step} onClick={() => player.previous()}>
          <IconPlayerSkipBackFilled size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={playing ? 'Pause (Space)' : 'Play (Space)'} openDelay={TOOLTIP_DELAY}>
        <ActionIcon
          variant="filled"
          size={44}
          radius="xl"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={() => player.toggle()}
          className={classes.playButton}
          data-loading={status === 'loading' || undefined}
        >
          {playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Next (↓)" openDelay={TOOLTIP_DELAY}>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Next" disabled={!hasNext} className={classes.step} onClick={() => player.next()}>
          <IconPlayerSkipForwardFilled size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={loop ? 'Looping — click to play once' : 'Loop'} openDelay={TOOLTIP_DELAY}>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Loop" aria-pressed={loop} onClick={() => player.toggleLoop()} className={classes.toggle}>
          <IconRepeat size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}

/** Whole seconds mean nothing for a one-shot: under SHORT_SOUND_SECONDS the clock is left out. */
function Elapsed() {
  const seconds = usePlayerSeconds();
  const short = usePlayerDuration() < SHORT_SOUND_SECONDS;
  return <span className={classes.time}>{short ? '' : formatTime(seconds)}</span>;
}

function Total() {
  return <span className={classes.time}>{formatDuration(usePlayerDuration())}</span>;
}

function VolumeControl() {
  const player = usePlayer();
  const volume = usePlayerState((state) => state.volume);
  const muted = usePlayerState((state) => state.muted);
  const silent = muted || volume === 0;
  const VolumeIcon = silent ? IconVolume3 : volume < 0.5 ? IconVolume2 : IconVolume;
  return (
    <div className={classes.volume}>
      <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={muted ? 'Unmute' : 'Mute'} onClick={() => player.toggleMute()}>
        <VolumeIcon size={18} aria-hidden />
      </ActionIcon>
      <Slider
        className={classes.volumeSlider}
        size="sm"
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        onChange={(value) => player.setVolume(value)}
        label={(value) => `${Math.round(value * 100)}%`}
        thumbLabel="Volume"
        thumbSize={12}
      />
    </div>
  );
}

function CloseButton() {
  const player = usePlayer();
  return (
    <Tooltip label="Stop and close" openDelay={TOOLTIP_DELAY}>
      <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Close player" onClick={() => player.stop()}>
        <IconX size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** If the waveform's code cannot be loaded (offline, a deploy replaced the chunk), the progress bar stands in. */
class WaveformBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
