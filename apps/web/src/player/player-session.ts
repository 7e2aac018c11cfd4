import { connectMediaSession } from './media-session.ts';
import { installPlayerKeyboard } from './player-keyboard.ts';
import type { PlayerStore } from './player-store.ts';

/**
 * What only matters once a sound is in the player: the global player keys (they ignore every press
 * while nothing is current) and the OS media controls. Its own chunk, loaded on the first play.
 * Returns the uninstaller.
 */
export function installPlayerSession(store: PlayerStore): () => void {
  const uninstallKeyboard = installPlayerKeyboard(store);
  const disconnectSession = connectMediaSession(store);
  return () => {
    disconnectSession();
    uninstallKeyboard();
  };
}
