// No schemas here: the player, in the web app's first load, imports this, and zod must not come with it.

/**
 * A play counts once the preview has actually sounded for this long: 3 s, or half of a preview shorter
 * than 6 s (a one-shot), never less than 100 ms. Listening time is what the audio element played, not
 * where the playhead went (seeking adds nothing).
 */
export const PLAY_THRESHOLD = { maxMs: 3000, fraction: 0.5, minMs: 100 } as const;

export function playThresholdMs(durationMs: number | null | undefined): number {
  if (!durationMs || !Number.isFinite(durationMs) || durationMs <= 0) return PLAY_THRESHOLD.maxMs;
  return Math.max(PLAY_THRESHOLD.minMs, Math.min(PLAY_THRESHOLD.maxMs, Math.round(durationMs * PLAY_THRESHOLD.fraction)));
}

/** Whether a listen of `listenedMs` to a preview of `durationMs` is a play. */
export const isCountedPlay = (listenedMs: number, durationMs: number | null | undefined): boolean => listenedMs >= playThresholdMs(durationMs);

/**
 * A listen can be no longer than the preview it is a listen of (docs/decisions/0034). The slack covers
 * what the browser's MP3 adds to the probed length (encoder delay and padding, under two frames) and a
 * one-shot shorter than the player's position updates, whose first update may land past its end.
 */
export const PREVIEW_LENGTH_SLACK_MS = 100;

/** Whether `listenedMs` fits in a preview of `durationMs`; an unknown length fits nothing (there is no preview yet). */
export const fitsPreview = (listenedMs: number, durationMs: number | null | undefined): boolean =>
  durationMs !== null && durationMs !== undefined && Number.isFinite(durationMs) && durationMs > 0 && listenedMs <= durationMs + PREVIEW_LENGTH_SLACK_MS;
