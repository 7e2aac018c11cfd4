import { describe, expect, it } from 'vitest';
import { GENERATED_ART_STYLES, generateArtSvg } from './generated-art.ts';

describe('generated cover art', () => {
  it('is deterministic from seed and title, and differs between packs', () => {
    const a = generateArtSvg({ seed: 7, title: 'Midnight Drill Vol. 1' });
    expect(generateArtSvg({ seed: 7, title: 'Midnight Drill Vol. 1' })).toBe(a);
    expect(generateArtSvg({ seed: 7, title: 'Midnight Drill Vol. 2' })).not.toBe(a);
    expect(generateArtSvg({ seed: 8, title: 'Midnight Drill Vol. 1' })).not.toBe(a);
  });

  it('uses every composition style across seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 80 && seen.size < GENERATED_ART_STYLES.length; seed++) {
      const svg = generateArtSvg({ seed, title: 'x', width: 200, height: 200 });
      seen.add(/data-style="([a-z]+)"/.exec(svg)![1]!);
    }
    expect(seen.size).toBe(GENERATED_ART_STYLES.length);
  });
});
