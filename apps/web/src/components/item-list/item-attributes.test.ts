import { describe, expect, it } from 'vitest';
import { itemChips, itemDuration, itemKindLabel } from './item-attributes.ts';

describe('item attributes as a row shows them', () => {
  it('names presets by their plugin', () => {
    expect(itemKindLabel({ type: 'preset', kind: null, plugin: 'Serum' })).toBe('Serum preset');
    expect(itemKindLabel({ type: 'sample', kind: 'Loop', plugin: null })).toBe('Loop');
  });

  it('reads short sounds in tenths of a second and long ones as minutes', () => {
    expect(itemDuration({ duration_ms: 420, preview: null })).toBe('0.4 s');
    expect(itemDuration({ duration_ms: 30, preview: null })).toBe('0.1 s');
    expect(itemDuration({ duration_ms: 65_000, preview: null })).toBe('1:05');
    expect(itemDuration({ duration_ms: null, preview: { url: 'u', peaks_url: 'p', duration_ms: 2500 } })).toBe('2.5 s');
    expect(itemDuration({ duration_ms: null, preview: null })).toBeNull();
  });

  it('puts instruments first, then tags, then genres, without repeats', () => {
    expect(itemChips({ instruments: ['kick'], tags: ['Kick', 'punchy'], genres: ['trap'] }, 3)).toEqual(['Kick', 'punchy', 'Trap']);
  });
});
