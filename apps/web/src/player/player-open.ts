/** Set on <html> while the player bar shows; --player-height follows it (see player-bar.module.css). */
export const PLAYER_OPEN_ATTRIBUTE = 'data-player-open';
