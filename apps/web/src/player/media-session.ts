import { SEEK_STEP_SECONDS } from './player-keys.ts';
import type { PlayerStore } from './player-store.ts';

/**
 * Hardware media keys, headset buttons and the OS "now playing" panel drive the same player, and
 * show the sound with its cover.
 */
export function connectMediaSession(store: PlayerStore): () => void {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  if (!session) return () => undefined;

  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => store.play()],
    ['pause', () => store.pause()],
    ['stop', () => store.stop()],
    ['previoustrack', () => void store.previous()],
    ['nexttrack', () => void store.next()],
    ['seekbackward', (details) => store.seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS))],
    ['seekforward', (details) => store.seekBy(details.seekOffset ?? SEEK_STEP_SECONDS)],
    ['seekto', (details) => details.seekTime !== undefined && store.seekTo(details.seekTime)],
  ];
  const setHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // This browser does not know the action.
    }
  };
  for (const [action, handler] of handlers) setHandler(action, handler);

  let shownId: string | null = null;
  const sync = () => {
    const { current, status } = store.getState();
    if ((current?.id ?? null) !== shownId) {
      shownId = current?.id ?? null;
      session.metadata =
        current && typeof MediaMetadata !== 'undefined'
          ? new MediaMetadata({
              title: current.name,
              artist: current.creator.name,
              album: current.pack?.title ?? '',
              artwork: current.pack?.cover
                ? (['75x75', '250x250', '500x500'] as const).map((size) => ({
                    src: new URL(current.pack!.cover![size], document.baseURI).href,
                    sizes: size,
                  }))
                : [],
            })
          : null;
    }
    session.playbackState = !current ? 'none' : status === 'playing' || status === 'loading' ? 'playing' : 'paused';
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    for (const [action] of handlers) setHandler(action, null);
    session.metadata = null;
    session.playbackState = 'none';
  };
}
