import { useEffect, useState, type ReactNode } from 'react';
import { browserStorage } from '../lib/browser-storage.ts';
import { trackPlay } from '../tracking/api/track-play.ts';
import { PlayerContext, type PlayerRuntime } from './player-context.ts';
import { createPlayerStore } from './player-store.ts';
import type { PeaksCache } from './waveform-peaks.ts';

/** The one audio element, findable by tests and benchmarks (click → its `playing` event). */
const PLAYER_AUDIO_ID = 'crate-player-audio';

/**
 * The peaks cache, its code (peaks decoding) fetched with the first waveform asked for: a page that
 * plays nothing does not load it. Until then nothing is cached, so peek() has nothing to return.
 */
function createLazyPeaksCache(): PeaksCache {
  let cache: PeaksCache | null = null;
  let loading: Promise<PeaksCache> | null = null;
  const load = () =>
    (loading ??= import('./waveform-peaks.ts').then(({ createPeaksCache }) => (cache = createPeaksCache((url, init) => fetch(url, init)))).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    load: (url) => load().then((ready) => ready.load(url)),
    peek: (url) => cache?.peek(url),
  };
}

function createBrowserRuntime(): PlayerRuntime {
  const audio = document.createElement('audio');
  audio.id = PLAYER_AUDIO_ID;
  const peaks = createLazyPeaksCache();
  const onPlay = (itemId: string, listenedMs: number) => void trackPlay({ item_id: itemId, listened_ms: listenedMs });
  return { store: createPlayerStore({ media: audio, storage: browserStorage(), peaks, onPlay }), peaks };
}

/**
 * The persistent player: one store and one audio element for the whole app. Mount it above the
 * router outlet so sound keeps playing across navigation; it renders no UI (see PlayerBar).
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [runtime] = useState(createBrowserRuntime);

  useEffect(() => {
    const { store } = runtime;
    const audio = store.media as HTMLAudioElement;
    document.body.append(audio);
    // Player keys and media controls arrive with the first sound (nothing for them to do before).
    let uninstallSession: (() => void) | null = null;
    let disposed = false;
    const loadSession = () => {
      if (store.getState().current === null) return;
      unsubscribe();
      void import('./player-session.ts').then(({ installPlayerSession }) => {
        if (!disposed) uninstallSession = installPlayerSession(store);
      });
    };
    const unsubscribe = store.subscribe(loadSession);
    loadSession();
    return () => {
      disposed = true;
      unsubscribe();
      uninstallSession?.();
      audio.pause();
      audio.remove();
    };
  }, [runtime]);

  return <PlayerContext.Provider value={runtime}>{children}</PlayerContext.Provider>;
}
