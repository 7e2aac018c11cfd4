import type { KeyValueStorage } from '../lib/browser-storage.ts';
import {
  defaultLoopFor,
  extendsQueue,
  indexOfItem,
  isPlayable,
  nextIndex,
  previousIndex,
  type PlayableItem,
  type PlayerItem,
} from './player-queue.ts';
import { createListenTracker } from './listen-tracker.ts';
import { isPackPreviewId } from './pack-preview-item.ts';
import { clampVolume, DEFAULT_VOLUME, readVolumePreference, writeVolumePreference } from './volume-preference.ts';
import type { PeaksCache } from './waveform-peaks.ts';

/**
 * The part of HTMLMediaElement the player drives. One element is reused for every sound, so the
 * browser keeps a warm decoder and the player never juggles elements.
 */
export interface PlayerMedia extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: MediaError | null;
  loop: boolean;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

/**
 * 'loading': asked to play, no sound yet (first bytes, or rebuffering); 'ended': a non-looping sound
 * finished, so play starts it again.
 */
export type PlaybackStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  /** The list the current sound was played from: ↑/↓ walk it. */
  queue: readonly PlayerItem[];
  index: number;
  current: PlayableItem | null;
  status: PlaybackStatus;
  loop: boolean;
  volume: number;
  muted: boolean;
  errorMessage: string | null;
}

export interface PlayerStore {
  readonly media: PlayerMedia;
  getState(): PlayerState;
  subscribe(listener: () => void): () => void;
  /** Playback position in seconds; its own channel so only time displays re-render as it moves. */
  getCurrentTime(): number;
  subscribeTime(listener: () => void): () => void;
  /** Best known duration in seconds: the media's once known, before that the catalogue's. */
  getDuration(): number;

  /**
   * Plays `list[index]` and makes `list` the queue. Sets the source and calls play() synchronously,
   * so call it straight from the click or key handler (a user gesture) for an instant start.
   * Returns false when that row has no preview.
   */
  playList(list: readonly PlayerItem[], index: number): boolean;
  play(): void;
  pause(): void;
  toggle(): void;
  /** Next / previous playable row of the queue, played. Returns the new current item, or null at an end. */
  next(): PlayableItem | null;
  previous(): PlayableItem | null;
  seekBy(seconds: number): void;
  seekTo(seconds: number): void;
  setLoop(loop: boolean): void;
  toggleLoop(): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  toggleMute(): void;
  /** Stops, forgets the queue and hides the bar. */
  stop(): void;
  /** Adopts `list` as the queue when it is the current queue grown (next page) or refetched. */
  syncQueue(list: readonly PlayerItem[]): void;

  /** Rows register their element so ↑/↓ can scroll the newly playing row into view. */
  registerRow(id: string, element: HTMLElement): () => void;
  rowElement(id: string): HTMLElement | undefined;
  /** Removes the media listeners (tests; the app's store lives as long as the page). */
  dispose(): void;
}

export interface PlayerStoreOptions {
  media: PlayerMedia;
  storage: KeyValueStorage | null;
  /** Peaks are fetched in parallel with the audio, never before it. */
  peaks?: PeaksCache;
  /** Called once per listen of an item when it has really played long enough to be a play (docs/decisions/0028). */
  onPlay?: (itemId: string, listenedMs: number) => void;
}

const MEDIA_ERROR_MESSAGES: Record<number, string> = {
  2: 'The preview could not be downloaded. Check your connection.',
  3: 'The preview could not be decoded.',
  4: 'This preview is not available.',
};

export function createPlayerStore({ media, storage, peaks, onPlay }: PlayerStoreOptions): PlayerStore {
  const preference = readVolumePreference(storage);
  media.preload = 'metadata';
  media.volume = preference.volume;
  media.muted = preference.muted;

  let state: PlayerState = {
    queue: [],
    index: -1,
    current: null,
    status: 'idle',
    loop: false,
    volume: preference.volume,
    muted: preference.muted,
    errorMessage: null,
  };
  const listeners = new Set<() => void>();
  const timeListeners = new Set<() => void>();
  const rows = new Map<string, Set<HTMLElement>>();
  /** Bumped per started sound, so a late play() rejection of an earlier sound changes nothing. */
  let playToken = 0;

  const setState = (patch: Partial<PlayerState>) => {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof PlayerState)[]) {
      if (!Object.is(state[key], patch[key])) changed = true;
    }
    if (!changed) return;
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const emitTime = () => {
    for (const listener of timeListeners) listener();
  };

  const getDuration = () => {
    if (Number.isFinite(media.duration) && media.duration > 0) return media.duration;
    return state.current ? state.current.preview.duration_ms / 1000 : 0;
  };

  const startPlayback = () => {
    const token = ++playToken;
    if (state.status !== 'playing') setState({ status: 'loading', errorMessage: null });
    let attempt: Promise<void> | undefined;
    try {
      attempt = media.play();
    } catch (error) {
      onPlayRejected(token, error);
      return;
    }
    // Older engines return undefined instead of a promise.
    attempt?.catch((error: unknown) => onPlayRejected(token, error));
  };

  const onPlayRejected = (token: number, error: unknown) => {
    if (token !== playToken || !state.current) return;
    const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
    // AbortError: a newer source or a pause replaced this play() — not a failure.
    if (name === 'AbortError') return;
    // NotAllowedError: the browser wants a gesture first (e.g. a media key before any click).
    if (name === 'NotAllowedError') {
      setState({ status: 'paused' });
      return;
    }
    // The media 'error' event carries the better message when there is one.
    if (media.error) return;
    setState({ status: 'error', errorMessage: 'This preview could not be played.' });
  };

  const onMediaEvent = (event: Event) => {
    if (!state.current) return;
    switch (event.type) {
      case 'playing':
        if (!media.paused) setState({ status: 'playing', errorMessage: null });
        break;
      case 'waiting':
        if (!media.paused) setState({ status: 'loading' });
        break;
      // A pause event can arrive after a newer play() already started: believe the element, not the event.
      case 'pause':
        if (media.paused) setState({ status: media.ended ? 'ended' : 'paused' });
        break;
      case 'ended':
        setState({ status: 'ended' });
        break;
      case 'error':
        setState({ status: 'error', errorMessage: MEDIA_ERROR_MESSAGES[media.error?.code ?? 0] ?? 'This preview could not be played.' });
        break;
      case 'volumechange':
        setState({ volume: media.volume, muted: media.muted });
        break;
    }
  };
  const listen = createListenTracker((itemId, listenedMs) => onPlay?.(itemId, listenedMs));
  const startListen = (item: PlayableItem) => listen.start(isPackPreviewId(item.id) ? null : item.id, item.preview.duration_ms);
  const onListenEvent = (event: Event) => {
    if (!state.current) return;
    if (event.type === 'seeking') listen.jumped();
    // 'ended' carries the last stretch up to the end, which no timeupdate may have reported.
    else listen.position(media.currentTime, event.type === 'ended' || !media.paused);
  };
  const LISTEN_EVENTS = ['timeupdate', 'seeking', 'ended'];
  for (const type of LISTEN_EVENTS) media.addEventListener(type, onListenEvent);

  const STATUS_EVENTS = ['playing', 'waiting', 'pause', 'ended', 'error', 'volumechange'];
  const TIME_EVENTS = ['timeupdate', 'seeking', 'seeked', 'durationchange', 'loadedmetadata', 'emptied'];
  for (const type of STATUS_EVENTS) media.addEventListener(type, onMediaEvent);
  for (const type of TIME_EVENTS) media.addEventListener(type, emitTime);

  const persistVolume = () => writeVolumePreference(storage, { volume: state.volume, muted: state.muted });

  const playIndex = (list: readonly PlayerItem[], index: number): PlayableItem | null => {
    const item = list[index];
    if (!isPlayable(item)) return null;
    const loop = defaultLoopFor(item);
    // The same sound from another list restarts in place; after an error it loads afresh.
    const sameSound = state.current?.preview.url === item.preview.url && media.src !== '' && state.status !== 'error';
    setState({ queue: list, index, current: item, loop, errorMessage: null, status: 'loading' });
    startListen(item);
    media.loop = loop;
    if (sameSound) {
      media.currentTime = 0;
    } else {
      // The element fetches with Range requests from here: only what playback needs, no full download.
      media.src = item.preview.url;
    }
    startPlayback();
    emitTime();
    // In parallel, never before the audio: the waveform is drawn when its peaks arrive.
    peaks?.load(item.preview.peaks_url).catch(() => undefined);
    return item;
  };

  const seekTo = (seconds: number) => {
    if (!state.current) return;
    const duration = getDuration();
    const target = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
    media.currentTime = target;
    emitTime();
  };

  const store: PlayerStore = {
    media,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getCurrentTime: () => media.currentTime,
    subscribeTime(listener) {
      timeListeners.add(listener);
      return () => timeListeners.delete(listener);
    },
    getDuration,

    playList: (list, index) => playIndex(list, index) !== null,
    play() {
      if (!state.current) return;
      // Playing a finished sound again starts it from the top: a new listen.
      if (state.status === 'ended') startListen(state.current);
      if (state.status === 'error') {
        // Retry from scratch: the element keeps its error until it loads again.
        media.load();
      }
      startPlayback();
    },
    pause() {
      if (!state.current) return;
      playToken++;
      media.pause();
      if (state.status === 'loading') setState({ status: 'paused' });
    },
    toggle() {
      if (!state.current) return;
      if (media.paused || state.status === 'error') store.play();
      else store.pause();
    },
    next() {
      const index = nextIndex(state.queue, state.index);
      return index < 0 ? null : playIndex(state.queue, index);
    },
    previous() {
      const index = previousIndex(state.queue, state.index);
      return index < 0 ? null : playIndex(state.queue, index);
    },
    seekBy(seconds) {
      if (!state.current) return;
      seekTo(media.currentTime + seconds);
    },
    seekTo,
    setLoop(loop) {
      if (!state.current) return;
      media.loop = loop;
      setState({ loop });
    },
    toggleLoop() {
      store.setLoop(!state.loop);
    },
    setVolume(volume) {
      const next = clampVolume(volume, state.volume);
      media.volume = next;
      // Raising the volume of a muted player means "I want to hear it".
      if (next > 0 && media.muted) media.muted = false;
      setState({ volume: next, muted: media.muted });
      persistVolume();
    },
    setMuted(muted) {
      media.muted = muted;
      // Unmuting at zero volume would still be silent.
      if (!muted && media.volume === 0) media.volume = DEFAULT_VOLUME.volume;
      setState({ muted, volume: media.volume });
      persistVolume();
    },
    toggleMute() {
      store.setMuted(!state.muted);
    },
    stop() {
      playToken++;
      setState({ queue: [], index: -1, current: null, status: 'idle', loop: false, errorMessage: null });
      media.pause();
      media.loop = false;
      // Releases the connection and the buffered audio; removeAttribute (not src = '') fires no error.
      media.removeAttribute('src');
      media.load();
      emitTime();
    },
    syncQueue(list) {
      const { current, queue } = state;
      if (!current || !extendsQueue(queue, list)) return;
      const index = indexOfItem(list, current.id);
      if (index >= 0) setState({ queue: list, index });
    },

    registerRow(id, element) {
      let elements = rows.get(id);
      if (!elements) rows.set(id, (elements = new Set()));
      elements.add(element);
      return () => {
        elements.delete(element);
        if (elements.size === 0 && rows.get(id) === elements) rows.delete(id);
      };
    },
    rowElement(id) {
      const elements = rows.get(id);
      if (!elements) return undefined;
      for (const element of elements) if (element.isConnected) return element;
      return undefined;
    },
    dispose() {
      for (const type of STATUS_EVENTS) media.removeEventListener(type, onMediaEvent);
      for (const type of TIME_EVENTS) media.removeEventListener(type, emitTime);
      for (const type of LISTEN_EVENTS) media.removeEventListener(type, onListenEvent);
      listeners.clear();
      timeListeners.clear();
    },
  };
  return store;
}
