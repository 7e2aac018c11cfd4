import { randomUUID } from 'node:crypto';
import type { BundleCard, Discover, ItemRow, PackCard, PackDetail } from '@crate/contract/catalogue';
import { DEMO_CREATOR_SLUG } from '@crate/demo-catalogue/demo-accounts';
import { seedCatalogue } from '../apps/server/src/seed/seed-catalogue.ts';
import { bundlePacks, bundles } from '../apps/server/src/db/schema/index.ts';
import { createCreator } from '../apps/server/test/catalogue-factories.ts';
import { createUser, type E2eServer } from './harness.ts';
import type { TestUser } from '../apps/server/test/factories.ts';

export interface SmallCatalogue {
  /** The creator account that owns the unpublished packs. */
  owner: TestUser;
  ownerCreator: { id: string; slug: string; name: string };
  discover: Discover;
  /** Published packs with their items in pack order (real MP3 previews, peaks and covers made by the jobs). */
  packs: { pack: PackDetail; items: ItemRow[] }[];
  unpublished: PackCard[];
  bundle: BundleCard & { packIds: string[] };
}

async function getJson<T>(server: E2eServer, path: string, cookie?: string): Promise<T> {
  const response = await fetch(server.baseUrl + path, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`[e2e] GET ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A small catalogue made by the product's own generator: synthesized audio in each pack's key and
 * tempo, covers, staff picks, staff playlists, banners; the derive-media jobs drained so every
 * preview, waveform and cover size exists. A creator account of our own takes the demo creator's
 * place, so the generator gives it unpublished packs. One bundle is added over the published packs.
 */
export async function seedSmallCatalogue(server: E2eServer, options: { packs?: number; itemsPerPack?: number } = {}): Promise<SmallCatalogue> {
  const { ctx } = server;
  const owner = await createUser(ctx, { roles: ['creator'] });
  const creator = await createCreator(ctx, owner.id, { slug: DEMO_CREATOR_SLUG, name: 'Test Owner Sounds' });
  await seedCatalogue({ db: ctx.db, storage: ctx.storage, jobs: ctx.jobs }, { packs: options.packs ?? 3, itemsPerPack: options.itemsPerPack ?? 6, seed: `e2e-${randomUUID().slice(0, 6)}`, renderThreads: 2 });
  await ctx.jobs.drain();

  const discover = await getJson<Discover>(server, '/api/discover');
  const listed = await getJson<{ items: PackCard[] }>(server, '/api/packs?limit=100');
  const packs = [];
  for (const card of listed.items) {
    const pack = await getJson<PackDetail>(server, `/api/packs/${card.id}`);
    const items = await getJson<{ items: ItemRow[] }>(server, `/api/packs/${card.id}/items?limit=100`);
    packs.push({ pack, items: items.items });
  }
  const ownPacks = await getJson<{ items: PackCard[] }>(server, `/api/creators/${creator.id}/packs?limit=100`, owner.cookie);
  const unpublished = ownPacks.items.filter((p) => !p.published);

  const bundleId = randomUUID();
  const packIds = packs.slice(0, 2).map((p) => p.pack.id);
  await ctx.db.insert(bundles).values({ id: bundleId, slug: `e2e-bundle-${bundleId.slice(0, 6)}`, title: 'E2E Starter Bundle', description: 'Two packs that belong together.', priceCents: 2499, creditCost: 30 });
  await ctx.db.insert(bundlePacks).values(packIds.map((packId, position) => ({ bundleId, packId, position })));
  const bundle = await getJson<BundleCard>(server, `/api/bundles/${bundleId}`);

  return { owner, ownerCreator: { id: creator.id, slug: creator.slug, name: creator.name }, discover, packs, unpublished, bundle: { ...bundle, packIds } };
}

/** Two neighbouring rows that are both loops (long enough and looping, so they are still playing when checked). */
export function loopPair(items: ItemRow[]): [number, number] | null {
  for (let i = 0; i + 1 < items.length; i++) {
    if (items[i]!.kind === 'Loop' && items[i + 1]!.kind === 'Loop' && items[i]!.preview && items[i + 1]!.preview) return [i, i + 1];
  }
  return null;
}
