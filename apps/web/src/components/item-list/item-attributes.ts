import type { ItemRow } from '@crate/contract/catalogue';
import { genreLabel, instrumentLabel } from '@crate/contract/taxonomy';
import { formatBpm, formatDuration } from '../../player/player-format.ts';

/** "Loop", "One-Shot", or "Serum preset" for presets (the plugin is what a producer needs to know). */
export function itemKindLabel(item: Pick<ItemRow, 'type' | 'kind' | 'plugin'>): string {
  if (item.type === 'preset') return item.plugin ? `${item.plugin} preset` : 'Preset';
  return item.kind ?? 'Sample';
}

/**
 * Length of the sound: the item's own, else its preview's; null when neither is known yet.
 * One-shots are short, so under ten seconds it reads in tenths ("0.4 s", "2.5 s"), else "1:05".
 */
export function itemDuration(item: Pick<ItemRow, 'duration_ms' | 'preview'>): string | null {
  const ms = item.duration_ms ?? item.preview?.duration_ms ?? null;
  return ms === null || ms <= 0 ? null : formatDuration(ms / 1000);
}

export function itemBpm(item: Pick<ItemRow, 'bpm'>): string | null {
  return item.bpm !== null && item.bpm > 0 ? formatBpm(item.bpm) : null;
}

/**
 * The chips of a row: instruments first (what it sounds like), then free tags, then genres, without
 * repeats, at most `limit`.
 */
export function itemChips(item: Pick<ItemRow, 'instruments' | 'tags' | 'genres'>, limit = 3): string[] {
  const seen = new Set<string>();
  const chips: string[] = [];
  const push = (label: string) => {
    const key = label.toLowerCase();
    if (seen.has(key) || chips.length >= limit) return;
    seen.add(key);
    chips.push(label);
  };
  for (const slug of item.instruments) push(instrumentLabel(slug));
  for (const tag of item.tags) push(tag);
  for (const slug of item.genres) push(genreLabel(slug));
  return chips;
}

/** One line for narrow screens and the player: "Loop · C minor · 120 BPM · 4/4 · 0:08". */
export function itemSummary(item: ItemRow): string {
  const parts = [itemKindLabel(item)];
  if (item.key) parts.push(item.key);
  const bpm = itemBpm(item);
  if (bpm) parts.push(`${bpm} BPM`);
  if (item.time_signature) parts.push(item.time_signature);
  if (item.feel === 'swing') parts.push('swing');
  const duration = itemDuration(item);
  if (duration) parts.push(duration);
  return parts.join(' · ');
}
