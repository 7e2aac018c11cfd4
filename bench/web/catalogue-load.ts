/**
 * The catalogue list endpoints at scale: the 1,000,000-item catalogue of bench:search (built once in
 * SQL, reused via its marker table) on PostgreSQL, the real app on loopback, 32 keep-alive connections
 * cycling through the browse lists a visitor opens, and /api/health in the same run as the baseline.
 * Latency is server-side: onRequest → onResponse inside the app.
 */
import pg from 'pg';
import pino from 'pino';
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
  throughput_ratio_to_health: number;
  paths_sampled: number;
}

/** The browse requests of a visitor, over real ids and slugs of the catalogue. */
async function listPaths(client: pg.Client): Promise<string[]> {
  const packs = (await client.query<{ id: string; slug: string }>(`select id, slug from packs where status = 4 order by md5(id::text) limit 200`)).rows;
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
  const config = loadConfig({ DATABASE_URL: options.databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false' } as NodeJS.ProcessEnv, { webDist: null });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  if (!(await catalogueIsBuilt(client, size))) {
    options.log(`building a ${size.items.toLocaleString('en')}-item catalogue (once; later runs reuse it)`);
    await buildCatalogue(client, size, options.log);
  }
  const paths = await listPaths(client);

  const app = await buildApp(ctx);
  const timings = recordServerTimes(app);
  const base = await listenOnLoopback(app);

  const phase = async (name: string, phasePaths: string[], seconds: number) => {
    timings.reset();
    options.log(`  ${name}: ${options.connections} connections, ${seconds} s`);
    const result = await runLoad(base, phasePaths, '', options.connections, seconds);
    const bad = Object.keys(result.statuses).filter((status) => status !== '200');
    if (bad.length > 0) throw new Error(`${name}: non-200 answers ${JSON.stringify(result.statuses)}`);
    return summarise(timings.times(), result.wallMs / 1000);
  };
  try {
    await phase('warm-up (catalogue lists)', paths, 5);
    const health = await phase('/api/health baseline', ['/api/health'], 8);
    const lists = await phase('catalogue lists', paths, options.seconds);
    return {
      items: size.items,
      connections: options.connections,
      health,
      lists,
      throughput_ratio_to_health: Math.round((lists.per_second / health.per_second) * 10000) / 10000,
      paths_sampled: paths.length,
    };
  } finally {
    await app.close();
    await client.end();
    await ctx.database.close();
  }
}
