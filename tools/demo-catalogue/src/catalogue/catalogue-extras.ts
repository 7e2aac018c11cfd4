/**
 * What the demo catalogue holds beside its packs, planned from the packs: bundles, staff picks,
 * home-page banners and staff playlists. Deterministic from the seeded random streams passed in.
 */
import { PACK_STATUS } from '@crate/contract/pack-status';
import { GENRE_FAMILIES, findGenre } from '@crate/contract/taxonomy';
import type { Random } from '../seeded-random.ts';
import type { PlannedItem, PlannedPack } from './catalogue-plan.ts';

/** The ids a written pack's items got, in plan order (a playlist lists items by id). */
export interface PackItemIds {
  items: readonly { id: string }[];
}

export interface BundlePlan {
  slug: string;
  title: string;
  description: string;
  packs: number[];
  priceCents: number;
  creditCost: number;
}

/** Bundles of 2–4 published packs: a creator's packs together, else a genre family's. */
export function planBundles(r: Random, sources: PlannedPack[], packCount: number, slugSuffix: string): BundlePlan[] {
  const published = sources.filter((p) => p.status === PACK_STATUS.published && !p.isFree);
  const wanted = packCount <= 40 ? Math.min(4, Math.max(1, Math.floor(packCount / 5))) : Math.min(25, Math.floor(published.length / 4));
  const byFamily = new Map<string, PlannedPack[]>();
  for (const pack of published) {
    const family = findGenre(pack.music.genre)?.family ?? 'pop';
    byFamily.set(family, [...(byFamily.get(family) ?? []), pack]);
  }
  const groups = [...byFamily.entries()].filter(([, list]) => list.length >= 2).sort((a, b) => b[1].length - a[1].length);
  const plans: BundlePlan[] = [];
  const used = new Set<number>();
  for (const [family, list] of groups) {
    if (plans.length >= wanted) break;
    const chosen = list.filter((p) => !used.has(p.index)).slice(0, r.int(2, 4));
    if (chosen.length < 2) continue;
    chosen.forEach((p) => used.add(p.index));
    const label = GENRE_FAMILIES.find((f) => f.slug === family)?.label ?? 'Producer';
    const title = `${label} ${r.pick(['Producer Bundle', 'Starter Bundle', 'Essentials Bundle', 'Mega Bundle'])}`;
    const full = chosen.reduce((sum, p) => sum + (p.priceCents ?? 0), 0);
    plans.push({
      slug: title.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') + (plans.some((b) => b.title === title) ? `-${plans.length + 1}` : ''),
      title,
      description: `${chosen.length} packs for one price: ${chosen.map((p) => p.title).join(', ')}. Save ${Math.round((1 - 0.6) * 100)}% on buying them one by one.`,
      packs: chosen.map((p) => p.index),
      priceCents: Math.max(999, Math.round((full * 0.6) / 100) * 100 - 1),
      creditCost: Math.round(chosen.reduce((sum, p) => sum + p.creditCost, 0) * 0.6),
    });
  }
  return plans.map((plan) => ({ ...plan, slug: `${plan.slug}${slugSuffix}` }));
}

/** Up to 8 published packs in a seeded shuffle. */
export function pickStaffPicks(r: Random, sources: PlannedPack[]): number[] {
  const published = sources.filter((p) => p.status === PACK_STATUS.published).map((p) => p.index);
  for (let i = published.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [published[i], published[j]] = [published[j]!, published[i]!];
  }
  return published.slice(0, 8);
}

/** Home-page banners: a staff pick, the first bundle, and plans. */
export function planBanners(sources: PlannedPack[], picks: number[], bundlePlans: BundlePlan[], creatorsPlan: { name: string }[]) {
  const rows: { title: string; subtitle: string; position: 'Top-Right' | 'Top-Left' | 'Bottom-Right' | 'Bottom-Left'; linkUrl: string }[] = [];
  const pick = sources[picks[0] ?? 0];
  if (pick) {
    const by = typeof pick.creator === 'number' ? creatorsPlan[pick.creator]?.name : null;
    rows.push({ title: pick.title, subtitle: `Staff pick${by ? ` from ${by}` : ''}: ${pick.items.length} sounds at ${pick.music.bpm} BPM in ${pick.music.key}`, position: 'Bottom-Left', linkUrl: `/products/${pick.slug}` });
  }
  const bundle = bundlePlans[0];
  if (bundle) rows.push({ title: 'Bundle and save', subtitle: `${bundle.title}: ${bundle.packs.length} packs for one price`, position: 'Top-Right', linkUrl: `/bundles/${bundle.slug}` });
  rows.push({ title: 'New sounds every week', subtitle: 'Plans from $9.99 a month, with credits for any sound in the store', position: 'Bottom-Right', linkUrl: '/pricing' });
  return rows;
}

export interface PlaylistPlan {
  slug: string;
  title: string;
  description: string;
  accepts: (item: PlannedItem) => boolean;
}

export const PLAYLISTS: PlaylistPlan[] = [
  {
    slug: 'late-night-keys',
    title: 'Late Night Keys',
    description: 'Chords, pads and keys for the 2 a.m. session, picked by the Crate team.',
    accepts: (i) => (i.role.group === 'loop' && i.role.layer === 'chords') || (i.role.group === 'tonal' && ['pad', 'electric-piano', 'stab'].includes(i.role.sound)),
  },
  {
    slug: 'hard-drums-only',
    title: 'Hard Drums Only',
    description: 'Drum loops, kicks and snares that cut through any mix.',
    accepts: (i) => (i.role.group === 'loop' && i.role.layer === 'drums') || (i.role.group === 'drum' && ['kick', 'snare', 'clap'].includes(i.role.sound)),
  },
  {
    slug: 'melodies-for-toplines',
    title: 'Melodies for Toplines',
    description: 'Melodic loops and full arrangements to write a hook over.',
    accepts: (i) => (i.role.group === 'loop' && (i.role.layer === 'lead' || i.role.layer === 'full')) || i.role.group === 'composition',
  },
  {
    slug: 'low-end-theory',
    title: 'Low End Theory',
    description: '808s, subs and bass lines, all tuned.',
    accepts: (i) => (i.role.group === 'loop' && i.role.layer === 'bass') || (i.role.group === 'tonal' && ['808', 'sub-bass', 'reese'].includes(i.role.sound)),
  },
];

/**
 * Up to 14 matching items, taken round-robin across the published packs so a playlist spans many; small
 * packs may hold too few matches, and then loops and compositions of any kind fill it to 6.
 */
export function playlistItems(r: Random, accepts: (item: PlannedItem) => boolean, plans: PlannedPack[], sources: readonly (PackItemIds | undefined)[]): string[] {
  const candidates = plans
    .filter((p) => p.status === PACK_STATUS.published && sources[p.index])
    .map((p) => p.items.map((item, n) => ({ item, id: sources[p.index]!.items[n]!.id })));
  const chosen: string[] = [];
  const fill = (wanted: (item: PlannedItem) => boolean, target: number) => {
    const perPack = candidates.map((list) => list.filter(({ item, id }) => wanted(item) && !chosen.includes(id)));
    for (let round = 0; chosen.length < target && round < 4; round++) {
      for (const list of perPack) {
        const candidate = list[round];
        if (candidate && chosen.length < target && r.chance(0.85)) chosen.push(candidate.id);
      }
    }
  };
  fill(accepts, 14);
  fill((item) => item.kind === 'Loop' || item.kind === 'Composition', 6);
  return chosen;
}
