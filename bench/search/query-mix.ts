/**
 * The benchmark's search traffic: what producers type into a sample store, from a seeded generator so
 * every run sends the same requests. Each request is text (one or two words: instruments, descriptors,
 * genres; a quarter still being typed, a few with a one-letter typo) plus two or three filters, always
 * a first page, so every request also counts every facet.
 */
import { ITEM_KINDS, MUSICAL_KEYS } from '@crate/contract/catalogue-enums';
import { GENRES, INSTRUMENTS } from '@crate/contract/taxonomy';
import { DESCRIPTORS } from './build-catalogue.ts';

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function searchMix(count: number, seed = 7): string[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[], skew = 1) => list[Math.floor(random() ** skew * list.length)]!;
  const word = () => {
    const r = random();
    if (r < 0.55) return pick(INSTRUMENTS, 1.8).label.toLowerCase();
    if (r < 0.85) return pick(DESCRIPTORS, 1.3);
    return pick(GENRES, 1.8).label.toLowerCase();
  };
  const typo = (w: string) => {
    if (w.length < 5) return w;
    const i = 1 + Math.floor(random() * (w.length - 2));
    return w.slice(0, i) + w.slice(i + 1);
  };
  const filters: (() => [string, string][])[] = [
    () => [['kind', pick(ITEM_KINDS.slice(0, 2))]],
    () => [['genre', pick(GENRES, 2).slug]],
    () => [['key', pick(MUSICAL_KEYS)]],
    () => {
      const low = 70 + Math.floor(random() * 10) * 10;
      return [['bpm_min', String(low)], ['bpm_max', String(low + 10 + Math.floor(random() * 3) * 10)]];
    },
    () => [['type', 'sample']],
    () => [['has_midi', 'true']],
    () => [['licence_type', 'Royalty-Free']],
    () => [['time_signature', '4/4']],
    () => [['feel', random() < 0.7 ? 'straight' : 'swing']],
  ];
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const words = random() < 0.6 ? [word()] : [word(), word()];
    const last = words.length - 1;
    if (random() < 0.25 && words[last]!.length > 3) words[last] = words[last]!.slice(0, 3 + Math.floor(random() * (words[last]!.length - 3)));
    else if (random() < 0.04) words[0] = typo(words[0]!);
    const params = new URLSearchParams({ q: words.join(' ') });
    const chosen = new Set<number>();
    const want = random() < 0.5 ? 2 : 3;
    while (chosen.size < want) chosen.add(Math.floor(random() * filters.length));
    for (const i of chosen) for (const [k, v] of filters[i]!()) params.append(k, v);
    const r = random();
    if (r > 0.7) params.set('sort', r < 0.8 ? 'newest' : r < 0.9 ? 'popular' : r < 0.95 ? 'bpm' : 'random');
    if (params.get('sort') === 'random') params.set('seed', String(n));
    out.push(`/api/search?${params.toString()}`);
  }
  return out;
}
