import { PRESET_PLUGINS } from '@crate/contract/catalogue-enums';
import { isGenreSlug } from '@crate/contract/taxonomy';
import { describe, expect, it } from 'vitest';
import { GROOVES } from '../synth/grooves.ts';
import { createCataloguePlanner } from './catalogue-plan.ts';
import { PACK_GENRES } from './catalogue-vocabulary.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('catalogue plan', () => {
  it('is the same catalogue for the same seed, and another for another seed', () => {
    const a = createCataloguePlanner({ packs: 30, now: NOW });
    const b = createCataloguePlanner({ packs: 30, now: NOW });
    const c = createCataloguePlanner({ packs: 30, now: NOW, seed: 'other' });
    const titles = (p: typeof a) => Array.from({ length: 30 }, (_, i) => [p.pack(i).title, p.pack(i).music, p.pack(i).items.map((item) => item.name)]);
    expect(titles(a)).toEqual(titles(b));
    expect(titles(c)).not.toEqual(titles(a));
    expect(c.pack(0).slug).toMatch(/-other$/);
  });

  it('gives the first pack to a featured creator, so even a three-pack catalogue has featured creators on Discover', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const plan = createCataloguePlanner({ packs: 3, now: NOW, seed });
      const creator = plan.pack(0).creator;
      expect(typeof creator === 'number' && plan.creators[creator]!.featured, seed).toBe(true);
    }
  });

  it('keeps slugs unique across a large catalogue and names unique within each pack', () => {
    const planner = createCataloguePlanner({ packs: 5000, now: NOW });
    const slugs = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const pack = planner.pack(i);
      expect(slugs.has(pack.slug), pack.slug).toBe(false);
      slugs.add(pack.slug);
      expect(new Set(pack.items.map((item) => item.name)).size).toBe(pack.items.length);
    }
    expect(new Set(planner.creators.map((c) => c.slug)).size).toBe(planner.creators.length);
  });

  it('covers every plugin target, every meter and both feels within the first eight packs', () => {
    const planner = createCataloguePlanner({ packs: 8, now: NOW });
    const packs = Array.from({ length: 8 }, (_, i) => planner.pack(i));
    expect(new Set(packs.flatMap((p) => p.plugins))).toEqual(new Set(PRESET_PLUGINS));
    const samples = packs.filter((p) => p.archetype === 'samples');
    expect(new Set(samples.map((p) => p.music.timeSignature))).toEqual(new Set(['4/4', '3/4', '6/8']));
    expect(new Set(samples.map((p) => p.music.feel))).toEqual(new Set(['straight', 'swing']));
  });

  it('plays every pack at a tempo of its genre and files it under real genres', () => {
    const planner = createCataloguePlanner({ packs: 200, now: NOW, distinctItems: 4000 });
    for (let i = 0; i < 200; i++) {
      const pack = planner.pack(i);
      const genre = PACK_GENRES.find((g) => g.slug === pack.music.genre)!;
      expect(pack.music.bpm).toBeGreaterThanOrEqual(genre.bpm[0]);
      expect(pack.music.bpm).toBeLessThanOrEqual(genre.bpm[1]);
      expect(GROOVES[pack.music.style]).toBeDefined();
      for (const slug of pack.genres) expect(isGenreSlug(slug), slug).toBe(true);
      if (pack.music.timeSignature !== '4/4') expect(genre.altMeter).toBe(pack.music.timeSignature);
    }
  });

  it('makes packs past the distinct items echoes of earlier ones: same sounds and music, new names', () => {
    const planner = createCataloguePlanner({ packs: 12, itemsPerPack: 10, distinctItems: 50, now: NOW });
    expect(planner.distinctPacks).toBe(5);
    const echo = planner.pack(7);
    const source = planner.pack(echo.soundSource);
    expect(echo.soundSource).toBe(2);
    expect(echo.music).toEqual(source.music);
    expect(echo.items.map((i) => i.recipe)).toEqual(source.items.map((i) => i.recipe));
    expect(echo.title).not.toBe(source.title);
    expect(echo.items.every((i) => !i.stems && !i.midi)).toBe(true);
  });

  it('publishes in the past, with a few free packs, and prices the rest', () => {
    const planner = createCataloguePlanner({ packs: 20, now: NOW });
    const packs = Array.from({ length: 20 }, (_, i) => planner.pack(i));
    for (const pack of packs) {
      expect(pack.publishedAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(pack.createdAt.getTime()).toBeLessThan(pack.publishedAt!.getTime());
      if (pack.isFree) expect(pack.items.every((i) => i.creditCost === 0)).toBe(true);
      else expect(pack.priceCents).toBeGreaterThan(0);
    }
    expect(packs.filter((p) => p.isFree).length).toBe(2);
    const drafts = planner.demoCreatorPacks();
    expect(drafts.map((d) => [d.creator, d.status, d.publishedAt])).toEqual([
      ['demo', 0, null],
      ['demo', 1, null],
    ]);
  });
});
