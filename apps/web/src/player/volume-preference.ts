import { type KeyValueStorage, readJson, writeJson } from '../lib/browser-storage.ts';

/** Volume and mute survive reloads and visits (localStorage). */
export const VOLUME_STORAGE_KEY = 'crate.player.volume';

export interface VolumePreference {
  /** 0..1, as HTMLMediaElement.volume. */
  volume: number;
  muted: boolean;
}

export const DEFAULT_VOLUME: VolumePreference = { volume: 0.8, muted: false };

/** A volume the media element accepts (it throws outside 0..1); anything unreadable is the default. */
export function clampVolume(volume: unknown, fallback = DEFAULT_VOLUME.volume): number {
  if (typeof volume !== 'number' || !Number.isFinite(volume)) return fallback;
  return Math.min(1, Math.max(0, volume));
}

export function readVolumePreference(storage: KeyValueStorage | null): VolumePreference {
  const stored = readJson(storage, VOLUME_STORAGE_KEY);
  if (typeof stored !== 'object' || stored === null) return DEFAULT_VOLUME;
  const { volume, muted } = stored as { volume?: unknown; muted?: unknown };
  return { volume: clampVolume(volume), muted: muted === true };
}

export function writeVolumePreference(storage: KeyValueStorage | null, preference: VolumePreference): void {
  writeJson(storage, VOLUME_STORAGE_KEY, { volume: clampVolume(preference.volume), muted: preference.muted });
}
