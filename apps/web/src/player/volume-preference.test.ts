import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../lib/browser-storage.ts';
import { clampVolume, DEFAULT_VOLUME, readVolumePreference, VOLUME_STORAGE_KEY, writeVolumePreference } from './volume-preference.ts';

describe('volume preference', () => {
  it('starts at the default when nothing is stored or storage is unavailable', () => {
    expect(readVolumePreference(memoryStorage())).toEqual(DEFAULT_VOLUME);
    expect(readVolumePreference(null)).toEqual(DEFAULT_VOLUME);
  });

  it('round-trips volume and mute', () => {
    const storage = memoryStorage();
    writeVolumePreference(storage, { volume: 0.35, muted: true });
    expect(JSON.parse(storage.dump()[VOLUME_STORAGE_KEY]!)).toEqual({ volume: 0.35, muted: true });
    expect(readVolumePreference(storage)).toEqual({ volume: 0.35, muted: true });
  });

  it('repairs stored values the media element would reject', () => {
    expect(readVolumePreference(memoryStorage({ [VOLUME_STORAGE_KEY]: '{"volume":4,"muted":"yes"}' }))).toEqual({ volume: 1, muted: false });
    expect(readVolumePreference(memoryStorage({ [VOLUME_STORAGE_KEY]: '{"volume":-1}' }))).toEqual({ volume: 0, muted: false });
    expect(readVolumePreference(memoryStorage({ [VOLUME_STORAGE_KEY]: 'not json' }))).toEqual(DEFAULT_VOLUME);
    expect(readVolumePreference(memoryStorage({ [VOLUME_STORAGE_KEY]: '"loud"' }))).toEqual(DEFAULT_VOLUME);
  });

  it('clamps to 0..1', () => {
    expect(clampVolume(0.5)).toBe(0.5);
    expect(clampVolume(2)).toBe(1);
    expect(clampVolume(-0.1)).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(DEFAULT_VOLUME.volume);
    expect(clampVolume('0.5')).toBe(DEFAULT_VOLUME.volume);
  });

  it('keeps working when storage throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(readVolumePreference(broken)).toEqual(DEFAULT_VOLUME);
    expect(() => writeVolumePreference(broken, { volume: 0.2, muted: false })).not.toThrow();
  });
});
