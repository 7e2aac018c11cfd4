/**
 * The catalogue list endpoints at scale: the 1,000,000-item catalogue of bench:search (built once in
 * SQL, reused via its marker table) on PostgreSQL, the real app on loopback, 32 keep-alive connections
 * cycling through the browse lists a visitor opens, and /api/health in the same run as the baseline.
 * Latency is server-side (Fastify's reply.elapsedTime). The lists run twice: as deployed, with the
 * public micro-cache (its hit ratio reported), and with it off — every answer from SQL.
 */
import pg from 'pg';
import pino from 'pino';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { ensureDatabase, listenOnLoopback, recordServerTimes, runLoad, summarise, type LatencySummary } from '../lib/http-load.ts';
import { buildCatalogue, catalogueIsBuilt, type CatalogueSize } from '../search/build-catalogue.ts';

export interface CatalogueLoadResult {
  items: number;
  connections: number;
  health: LatencySummary;
  lists: LatencySummary;
  /** Hits of the public micro-cache during the lists phase. */
  lists_cache_hit_ratio: number;
  /** The same lists with the micro-cache off. */
  lists_uncached: LatencySummary;
  throughput_ratio_to_health: number;
  paths_sampled: number;
}

/** The browse requests of a visitor, over real ids and slugs of the catalogue. */
async function listPaths(client: pg.Client): Promise<string[]> {
  const packs = (await client.query<{ id: string; slug: string }>(`select id, slug from packs where status = ${PACK_STATUS.published} order by md5(id::text) limit 200`)).rows;
  const creators = (await client.query<{ slug: string }>(`select slug from creators order by md5(id::text) limit 50`)).rows;
  const genres = (await client.query<{ genre: string }>(`select distinct unnest(genres) as genre from packs limit 40`)).rows;
  const paths: string[] = [];
  for (let i = 0; i < 400; i += 1) {
    const pack = packs[i % packs.length]!;
    const creator = creators[i % creators.length]!;
    const genre = genres[i % genres.length]!;
    paths.push(
      `/api/packs/${pack.id}/items?limit=50`,
      `/api/packs/${pack.slug}`,
      `/api/packs?limit=24&genre=${encodeURIComponent(genre.genre)}`,
      `/api/creators/${creator.slug}/packs?limit=24`,
      i % 4 === 0 ? '/api/packs?limit=24' : `/api/creators/${creator.slug}`,
      i % 8 === 0 ? '/api/discover' : '/api/staff-picks?limit=24',
    );
  }
  return paths;
}

export async function measureCatalogueLists(options: { databaseUrl: string; items: number; connections: number; seconds: number; log: (line: string) => void }): Promise<CatalogueLoadResult> {
  const size: CatalogueSize = { items: options.items, packs: Math.max(10, Math.round(options.items / 50)), creators: Math.max(5, Math.round(options.items / 500)) };
  await ensureDatabase(options.databaseUrl);
  // Lists only: search answered by PostgreSQL, so no index is read (or saved) for this app.
  const config = loadConfig({ DATABASE_URL: options.databaseUrl, SEARCH_INDEX: 'postgres', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false' } as NodeJS.ProcessEnv, { webDist: null });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  if (!(await catalogueIsBuilt(client, size))) {
    options.log(`building a ${size.items.toLocaleString('en')}-item catalogue (once; later runs reuse it)`);
    await buildCatalogue(client, size, options.log);
  }
  const paths = await listPaths(client);

  const cached = await buildApp(ctx);
  const uncached = await buildApp({ ...ctx, config: { ...ctx.config, publicCacheSeconds: 0 } });
  const servers = await Promise.all(
    [cached, uncached].map(async (app) => ({ app, timings: recordServerTimes(app), base: await listenOnLoopback(app) })),
  );

  const phase = async (server: (typeof servers)[number], name: string, phasePaths: string[], seconds: number) => {
    server.timings.reset();
    options.log(`  ${name}: ${options.connections} connections, ${seconds} s`);
    const result = await runLoad(server.base, phasePaths, '', options.connections, seconds);
    const bad = Object.keys(result.statuses).filter((status) => status !== '200');
    if (bad.length > 0) throw new Error(`${name}: non-200 answers ${JSON.stringify(result.statuses)}`);
    return summarise(server.timings.times(), result.wallMs / 1000);
  };
  const [withCache, withoutCache] = servers as [(typeof servers)[number], (typeof servers)[number]];
  try {
    await phase(withoutCache, 'warm-up (catalogue lists, every answer from SQL)', paths, 5);
    const health = await phase(withCache, '/api/health baseline', ['/api/health'], 8);
    const before = { ...cached.publicResponseCacheStats };
    const lists = await phase(withCache, 'catalogue lists', paths, options.seconds);
    const hits = cached.publicResponseCacheStats.hits - before.hits;
    const misses = cached.publicResponseCacheStats.misses - before.misses;
    const listsUncached = await phase(withoutCache, 'catalogue lists, micro-cache off', paths, options.seconds);
    return {
      items: size.items,
      connections: options.connections,
      health,
      lists,
      lists_cache_hit_ratio: Math.round((hits / Math.max(1, hits + misses)) * 1000) / 1000,
      lists_uncached: listsUncached,
      throughput_ratio_to_health: Math.round((lists.per_second / health.per_second) * 10000) / 10000,
      paths_sampled: paths.length,
    };
  } finally {
    await Promise.all([cached.close(), uncached.close()]);
    await client.end();
    await ctx.database.close();
  }
}
