import { useEffect, useState, type ReactNode } from 'react';
import { browserStorage } from '../lib/browser-storage.ts';
import { connectMediaSession } from './media-session.ts';
import { PlayerContext, type PlayerRuntime } from './player-context.ts';
import { installPlayerKeyboard } from './player-keyboard.ts';
import { createPlayerStore } from './player-store.ts';
import { createPeaksCache } from './waveform-peaks.ts';

/** The one audio element, findable by tests and benchmarks (click → its `playing` event). */
export const PLAYER_AUDIO_ID = 'crate-player-audio';

function createBrowserRuntime(): PlayerRuntime {
  const audio = document.createElement('audio');
  audio.id = PLAYER_AUDIO_ID;
  const peaks = createPeaksCache((url, init) => fetch(url, init));
  return { store: createPlayerStore({ media: audio, storage: browserStorage(), peaks }), peaks };
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
    const uninstallKeyboard = installPlayerKeyboard(store);
    const disconnectSession = connectMediaSession(store);
    return () => {
      disconnectSession();
      uninstallKeyboard();
      audio.pause();
      audio.remove();
    };
  }, [runtime]);

  return <PlayerContext.Provider value={runtime}>{children}</PlayerContext.Provider>;
}
