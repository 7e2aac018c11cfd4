import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../lib/browser-storage.ts';
import type { PlayerItem } from './player-queue.ts';
import { createPlayerStore, type PlayerMedia, type PlayerStore } from './player-store.ts';
import { VOLUME_STORAGE_KEY } from './volume-preference.ts';
import { createPeaksCache } from './waveform-peaks.ts';

/**
 * A media element with the behaviour the store relies on: src/play/pause bookkeeping and the events
 * a browser fires. Tests fire the asynchronous events themselves, in the order a browser does.
 */
class FakeMedia extends EventTarget implements PlayerMedia {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  error: MediaError | null = null;
  loop = false;
  volume = 1;
  muted = false;
  preload = 'auto';
  /** What play() answers next: undefined resolves, an error rejects. */
  playOutcome: { name: string } | undefined;
  readonly calls: string[] = [];

  play(): Promise<void> {
    this.calls.push(`play ${this.src}`);
    if (this.ended) {
      this.currentTime = 0;
      this.ended = false;
    }
    this.paused = false;
    const outcome = this.playOutcome;
    if (outcome) {
      this.paused = true;
      return Promise.reject(Object.assign(new Error(outcome.name), outcome));
    }
    return Promise.resolve();
  }
  pause(): void {
    this.calls.push('pause');
    this.paused = true;
  }
  load(): void {
    this.calls.push('load');
    this.error = null;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
  /** The browser reached the end of a non-looping sound. */
  finish(): void {
    this.paused = true;
    this.ended = true;
    this.currentTime = this.duration;
    this.fire('pause');
    this.fire('ended');
  }
}

function item(id: string, overrides: Partial<PlayerItem> = {}): PlayerItem {
  return {
    id,
    slug: `slug-${id}`,
    name: `Sound ${id}`,
    kind: 'One-Shot',
    key: 'C minor',
    bpm: 120,
    preview: { url: `/api/media/${id}/preview-mp3`, peaks_url: `/api/media/${id}/peaks-json`, duration_ms: 4000 },
    pack: null,
    creator: { id: 'c1', slug: 'creator', name: 'Creator' },
    ...overrides,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let media: FakeMedia;
let storage: ReturnType<typeof memoryStorage>;
let store: PlayerStore;
const list = [item('a'), item('b', { kind: 'Loop' }), item('c', { preview: null }), item('d')];

beforeEach(() => {
  media = new FakeMedia();
  storage = memoryStorage();
  store = createPlayerStore({ media, storage });
});

describe('starting a sound', () => {
  it('sets the source and calls play() synchronously, inside the gesture', () => {
    expect(store.playList(list, 0)).toBe(true);
    expect(media.src).toBe('/api/media/a/preview-mp3');
    expect(media.calls).toEqual(['play /api/media/a/preview-mp3']);
    expect(store.getState()).toMatchObject({ index: 0, status: 'loading', queue: list });
    expect(store.getState().current?.id).toBe('a');
  });

  it('buffers lazily: preload is metadata', () => {
    expect(media.preload).toBe('metadata');
  });

  it('is playing when the element says so', () => {
    store.playList(list, 0);
    media.fire('playing');
    expect(store.getState().status).toBe('playing');
  });

  it('refuses a row without a preview', () => {
    expect(store.playList(list, 2)).toBe(false);
    expect(media.calls).toEqual([]);
    expect(store.getState().current).toBeNull();
  });

  it('fetches the peaks in parallel, after the audio was asked for', () => {
    const requested: string[] = [];
    const peaks = createPeaksCache(async (url) => {
      requested.push(`${url} (audio src: ${media.src})`);
      return { ok: true, status: 200, json: async () => ({ data: [-1, 1] }) };
    });
    store = createPlayerStore({ media, storage, peaks });
    store.playList(list, 0);
    expect(requested).toEqual(['/api/media/a/peaks-json (audio src: /api/media/a/preview-mp3)']);
  });

  it('restarts the same sound in place when played again from another list', () => {
    store.playList(list, 0);
    media.currentTime = 2.5;
    store.playList([item('a')], 0);
    expect(media.currentTime).toBe(0);
    expect(media.calls).toEqual(['play /api/media/a/preview-mp3', 'play /api/media/a/preview-mp3']);
    expect(store.getState().queue).toHaveLength(1);
  });
});

describe('play, pause and the end of a sound', () => {
  beforeEach(() => {
    store.playList(list, 0);
    media.fire('playing');
  });

  it('toggles', () => {
    store.toggle();
    media.fire('pause');
    expect(store.getState().status).toBe('paused');
    store.toggle();
    expect(media.paused).toBe(false);
    media.fire('playing');
    expect(store.getState().status).toBe('playing');
  });

  it('ends and plays again from the start', () => {
    media.duration = 4;
    media.finish();
    expect(store.getState().status).toBe('ended');
    store.toggle();
    expect(media.currentTime).toBe(0);
    expect(media.paused).toBe(false);
  });

  it('ignores a pause event that a newer play() already overtook', () => {
    store.playList(list, 3);
    media.fire('pause');
    expect(store.getState().status).toBe('loading');
  });

  it('shows rebuffering as loading', () => {
    media.fire('waiting');
    expect(store.getState().status).toBe('loading');
  });
});

describe('play() rejections', () => {
  it('ignores an AbortError (a newer sound replaced this one)', async () => {
    media.playOutcome = { name: 'AbortError' };
    store.playList(list, 0);
    await flush();
    expect(store.getState().status).toBe('loading');
  });

  it('shows paused when the browser wants a gesture first', async () => {
    media.playOutcome = { name: 'NotAllowedError' };
    store.playList(list, 0);
    await flush();
    expect(store.getState().status).toBe('paused');
  });

  it('reports other failures', async () => {
    media.playOutcome = { name: 'NotSupportedError' };
    store.playList(list, 0);
    await flush();
    expect(store.getState()).toMatchObject({ status: 'error', errorMessage: 'This preview could not be played.' });
  });

  it('does not let a late rejection of an earlier sound touch the next one', async () => {
    media.playOutcome = { name: 'NotSupportedError' };
    store.playList(list, 0);
    media.playOutcome = undefined;
    store.playList(list, 1);
    await flush();
    expect(store.getState()).toMatchObject({ status: 'loading', errorMessage: null });
  });

  it('explains media errors and retries by loading again', () => {
    store.playList(list, 0);
    media.error = { code: 2 } as MediaError;
    media.fire('error');
    expect(store.getState()).toMatchObject({ status: 'error', errorMessage: 'The preview could not be downloaded. Check your connection.' });
    media.calls.length = 0;
    store.toggle();
    expect(media.calls).toEqual(['load', 'play /api/media/a/preview-mp3']);
  });
});

describe('the queue follows the list played from', () => {
  beforeEach(() => {
    store.playList(list, 0);
  });

  it('plays the next and previous rows, skipping rows without a preview', () => {
    expect(store.next()?.id).toBe('b');
    expect(store.next()?.id).toBe('d');
    expect(media.src).toBe('/api/media/d/preview-mp3');
    expect(store.previous()?.id).toBe('b');
    expect(store.getState().index).toBe(1);
  });

  it('stays put at the ends', () => {
    expect(store.previous()).toBeNull();
    store.playList(list, 3);
    expect(store.next()).toBeNull();
    expect(store.getState().current?.id).toBe('d');
  });

  it('playing from another list replaces the queue', () => {
    const other = [item('x'), item('y')];
    store.playList(other, 1);
    expect(store.getState().queue).toBe(other);
    expect(store.previous()?.id).toBe('x');
  });

  it('adopts the list when more rows were loaded, keeping the current row', () => {
    const longer = [...list, item('e')];
    store.syncQueue(longer);
    expect(store.getState().queue).toBe(longer);
    store.playList(longer, 3);
    expect(store.next()?.id).toBe('e');
  });

  it('does not adopt a different list that happens to hold the current row', () => {
    store.syncQueue([item('z'), item('a')]);
    expect(store.getState().queue).toBe(list);
  });
});

describe('loop', () => {
  it('is on by default for loops only, and resets per sound', () => {
    store.playList(list, 0);
    expect(store.getState().loop).toBe(false);
    expect(media.loop).toBe(false);
    store.playList(list, 1);
    expect(store.getState().loop).toBe(true);
    expect(media.loop).toBe(true);
    store.toggleLoop();
    expect(store.getState().loop).toBe(false);
    expect(media.loop).toBe(false);
    store.playList(list, 0);
    store.setLoop(true);
    expect(media.loop).toBe(true);
  });
});

describe('seeking', () => {
  beforeEach(() => {
    store.playList(list, 0);
  });

  it('moves by seconds within the sound, using the catalogue duration before metadata arrives', () => {
    media.currentTime = 1;
    store.seekBy(5);
    expect(media.currentTime).toBe(4);
    store.seekBy(-5);
    expect(media.currentTime).toBe(0);
  });

  it('uses the real duration once the element knows it', () => {
    media.duration = 10;
    store.seekTo(7.5);
    expect(media.currentTime).toBe(7.5);
    expect(store.getDuration()).toBe(10);
  });

  it('tells time listeners, without touching the main state', () => {
    let stateChanges = 0;
    let timeChanges = 0;
    store.subscribe(() => stateChanges++);
    store.subscribeTime(() => timeChanges++);
    store.seekBy(1);
    media.fire('timeupdate');
    expect(timeChanges).toBe(2);
    expect(stateChanges).toBe(0);
  });

  it('does nothing with nothing loaded', () => {
    store.stop();
    media.currentTime = 0;
    store.seekBy(5);
    expect(media.currentTime).toBe(0);
  });
});

describe('volume', () => {
  it('starts from the stored preference', () => {
    storage.setItem(VOLUME_STORAGE_KEY, JSON.stringify({ volume: 0.3, muted: true }));
    const restored = createPlayerStore({ media: new FakeMedia(), storage });
    expect(restored.media.volume).toBe(0.3);
    expect(restored.media.muted).toBe(true);
    expect(restored.getState()).toMatchObject({ volume: 0.3, muted: true });
  });

  it('persists changes', () => {
    store.setVolume(0.4);
    expect(media.volume).toBe(0.4);
    expect(JSON.parse(storage.getItem(VOLUME_STORAGE_KEY)!)).toEqual({ volume: 0.4, muted: false });
    store.toggleMute();
    expect(media.muted).toBe(true);
    expect(JSON.parse(storage.getItem(VOLUME_STORAGE_KEY)!)).toEqual({ volume: 0.4, muted: true });
  });

  it('unmutes when the volume is raised, and never unmutes into silence', () => {
    store.setMuted(true);
    store.setVolume(0.6);
    expect(store.getState()).toMatchObject({ volume: 0.6, muted: false });
    store.setVolume(0);
    store.setMuted(true);
    store.setMuted(false);
    expect(store.getState().volume).toBeGreaterThan(0);
  });

  it('clamps what the element would reject', () => {
    store.setVolume(3);
    expect(media.volume).toBe(1);
    store.setVolume(Number.NaN);
    expect(media.volume).toBe(1);
  });
});

describe('stop', () => {
  it('releases the audio and forgets the queue', () => {
    store.playList(list, 1);
    store.stop();
    expect(media.src).toBe('');
    expect(media.calls.slice(-2)).toEqual(['pause', 'load']);
    expect(store.getState()).toMatchObject({ current: null, queue: [], index: -1, status: 'idle', loop: false });
    media.fire('pause');
    expect(store.getState().status).toBe('idle');
  });
});

describe('subscribers', () => {
  it('hear about real changes only', () => {
    let changes = 0;
    store.subscribe(() => changes++);
    store.playList(list, 0);
    const after = changes;
    media.fire('waiting');
    expect(changes).toBe(after);
  });
});

describe('counting plays (docs/decisions/0028)', () => {
  const played = (seconds: number[]) => {
    for (const s of seconds) {
      media.currentTime = s;
      media.fire('timeupdate');
    }
  };

  it('reports a play only after the preview has really played for the threshold, once per listen', () => {
    const plays: [string, number][] = [];
    store = createPlayerStore({ media, storage, onPlay: (id, ms) => plays.push([id, ms]) });
    store.playList(list, 0); // 4 s preview: counted after 2 s
    media.fire('playing');
    played([0, 0.5, 1, 1.5]);
    expect(plays).toEqual([]);
    played([2, 2.5, 3]);
    expect(plays).toEqual([['a', 2000]]);
    store.playList(list, 3);
    media.fire('playing');
    expect(plays).toHaveLength(1); // a click on the next row is not a play
  });

  it('does not count seeking to the end, nor a pack preview', () => {
    const plays: string[] = [];
    store = createPlayerStore({ media, storage, onPlay: (id) => plays.push(id) });
    store.playList(list, 0);
    media.fire('playing');
    media.fire('seeking');
    played([3.9, 4]);
    expect(plays).toEqual([]);
    store.playList([item('pack-preview:p1', { preview: { url: '/p', peaks_url: '/pk', duration_ms: 30_000 } })], 0);
    media.fire('playing');
    played([0, 1, 2, 3, 4]);
    expect(plays).toEqual([]);
  });
});
