/**
 * Time and label formatting for the player bar and rows. Pure, so the rules are tested without a
 * browser.
 */

/** "0:07", "1:05", "1:02:03". Anything that is not a finite, non-negative number reads "0:00". */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Below this, a sound's length reads in tenths of a second. */
export const SHORT_SOUND_SECONDS = 10;

/** A sound's length: "0.4 s", "2.5 s" for one-shots (0:00 would hide the difference), else "1:05". Unknown: "". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  if (seconds < SHORT_SOUND_SECONDS) return `${(Math.max(seconds, 0.1)).toFixed(1)} s`;
  return formatTime(seconds);
}

/** 120 → "120", 87.5 → "87.5", 93.333 → "93.33": tempo as a producer reads it, no trailing zeros. */
export function formatBpm(bpm: number): string {
  return String(Math.round(bpm * 100) / 100);
}

/** "C minor · 120 BPM", "120 BPM", "C minor" or "" — only what the item declares. */
export function formatKeyAndTempo(key: string | null, bpm: number | null): string {
  const parts: string[] = [];
  if (key) parts.push(key);
  if (bpm !== null && Number.isFinite(bpm) && bpm > 0) parts.push(`${formatBpm(bpm)} BPM`);
  return parts.join(' · ');
}
