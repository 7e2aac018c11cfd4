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
