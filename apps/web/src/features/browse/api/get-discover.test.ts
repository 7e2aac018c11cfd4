import { describe, expect, test } from 'vitest';
import { API } from '@crate/contract/api-endpoints';
import { discoverSchema } from '@crate/contract/catalogue';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { DISCOVER_PATH, isDiscover } from './get-discover.ts';

const cover = { '75x75': '/c/75', '250x250': '/c/250', '500x500': '/c/500' };
const pack = {
  id: 'p1',
  slug: 'chrome-arp',
  title: 'Chrome Arp',
  creator: { id: 'c1', slug: 'ada', name: 'Ada' },
  cover,
  licence_type: 'Royalty-Free',
  genres: ['house'],
  item_count: 12,
  is_free: false,
  published_at: '2026-01-01T00:00:00.000Z',
  status: PACK_STATUS.published,
  published: true,
  preview: { url: '/api/media/f1/preview', peaks_url: '/api/media/f1/peaks', duration_ms: 30000 },
};
const DISCOVER = {
  banners: [{ id: 'b1', title: 'New', subtitle: '', image_url: '/b/1', size: '1632x600', position: 'Top-Left', link_url: null }],
  staff_picks: [pack],
  new_packs: [{ ...pack, cover: null, published_at: null, preview: null }],
  trending_packs: [],
  genres: [{ slug: 'house', label: 'House', pack_count: 1 }],
  featured_creators: [{ id: 'c1', slug: 'ada', name: 'Ada', bio: '', location: '', avatar: null, pack_count: 1, featured: true }],
  staff_playlists: [{ id: 's1', slug: 'late', title: 'Late', description: '', cover, item_count: 3 }],
};

/** Every way of breaking one field: a wrong type, a fraction for an integer, or the field gone. */
function* brokenCopies(value: unknown, path: string[] = []): Generator<[string, unknown]> {
  const wrong: unknown[] = typeof value === 'string' ? [42] : typeof value === 'number' ? ['42', 1.5] : typeof value === 'boolean' ? ['true'] : value === null ? [42] : ['x'];
  for (const replacement of wrong) yield [path.join('.'), replacement];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [childPath, replacement] of brokenCopies(child, [...path, key])) yield [childPath, replacement];
    }
  }
}

function withReplaced(root: unknown, path: string, replacement: unknown): unknown {
  if (path === '') return replacement;
  const copy = structuredClone(root) as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
  parent[last] = replacement;
  return copy;
}

describe('Discover without zod', () => {
  test('asks the contract endpoint', () => {
    expect(DISCOVER_PATH).toBe(API.discover.path);
    expect(API.discover.method).toBe('GET');
  });

  test('accepts what the contract accepts', () => {
    expect(discoverSchema.safeParse(DISCOVER).success).toBe(true);
    expect(isDiscover(DISCOVER)).toBe(true);
  });

  test('refuses every one-field breakage the contract refuses', () => {
    let checked = 0;
    for (const [path, replacement] of brokenCopies(DISCOVER)) {
      const broken = withReplaced(DISCOVER, path, replacement);
      expect({ path, replacement, accepted: isDiscover(broken) }).toEqual({ path, replacement, accepted: discoverSchema.safeParse(broken).success });
      checked += 1;
    }
    for (const field of ['banners', 'genres', 'staff_playlists']) {
      const missing = { ...DISCOVER } as Record<string, unknown>;
      delete missing[field];
      expect(isDiscover(missing)).toBe(false);
    }
    expect(checked).toBeGreaterThan(80);
  });

  test('an unknown banner corner or licence is refused, as the contract does', () => {
    const corner = withReplaced(DISCOVER, 'banners.0.position', 'Middle');
    const licence = withReplaced(DISCOVER, 'staff_picks.0.licence_type', 'Public Domain');
    expect([isDiscover(corner), discoverSchema.safeParse(corner).success]).toEqual([false, false]);
    expect([isDiscover(licence), discoverSchema.safeParse(licence).success]).toEqual([false, false]);
  });
});
