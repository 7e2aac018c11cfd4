/**
 * `npm run bench:signed-in` — issue 31: what a signed-in producer's browsing costs, against signed-in
 * `/api/health` (the session's read and a small answer) measured in the same run, on PostgreSQL and on the
 * embedded default (PGlite), over the same catalogue:
 *  1. the browse mix (Discover, the pack lists, a pack, its page of sounds, a sound, text searches) at 50
 *     connections / signed-in health, on PostgreSQL (target ≥ 0.8);
 *  2. the same mix on PGlite / the same mix on PostgreSQL (target ≥ 0.6);
 *  3. a signed-in page of 24 sounds (a pack's sounds, no search) / signed-in health (target ≥ 0.8).
 * The viewer has favourites among what they browse, as a subscriber does. Both databases are served by this
 * process at once; rounds (BENCH_ROUNDS, 3) alternate them and the phases (BENCH_SECONDS each, 6), so a change in
 * the machine's load falls on both sides of every ratio, and each ratio reported is the median of its rounds.
 *
 * `BENCH_PROFILE=1` also writes a CPU profile of the server under each phase to bench/reports/profiles/
 * (open it in Chromium's DevTools, Performance → Load profile; decision 0077 says how it was read).
 * Prints one summary line and writes bench/reports/signed-in.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import type { AppContext } from '../../apps/server/src/app-context.ts';
import { favorites } from '../../apps/server/src/db/schema/index.ts';
import { rowsOf } from '../../apps/server/src/db/sql-rows.ts';
import { createUser } from '../../apps/server/test/factories.ts';
import { buildCatalogue, type CatalogueSize } from '../search/build-catalogue.ts';
import { startCpuProfile } from '../lib/cpu-profile.ts';
import { freshDatabase, listenOnLoopback, recordServerTimes, runLoad, summarise, type LatencySummary } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';

const DATABASE_URL = process.env.BENCH_SIGNED_IN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_signed_in_bench';
const SIZE: CatalogueSize = { creators: 60, packs: 400, items: Number(process.env.BENCH_ITEMS ?? 20_000) };
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === '1';
const REPORT = path.resolve(import.meta.dirname, '../reports/signed-in.json');
const PROFILES = path.resolve(import.meta.dirname, '../reports/profiles');
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

/** The paths a subscriber browses, from the catalogue as built: every list, pack, page of sounds and sound differs. */
async function browsePaths(ctx: AppContext): Promise<{ mix: string[]; pages: string[]; favourites: { items: string[]; packs: string[] } }> {
  const packs = rowsOf<{ slug: string; id: string }>(
    await ctx.db.execute(sql`select slug, id from packs where status = 4 and taken_down_at is null order by slug limit 120`),
  );
  const itemRows = rowsOf<{ slug: string; id: string }>(
    await ctx.db.execute(sql`select i.slug, i.id from items i join packs p on p.id = i.pack_id where p.status = 4 and p.taken_down_at is null and i.taken_down_at is null order by i.slug limit 240`),
  );
  const words = ['kick', 'dark snare', 'warm pad', 'vocal', 'bass loop', 'piano', 'hat', 'lofi keys', 'guitar', 'cinematic'];
  const pages = packs.map((p) => `/api/packs/${p.slug}/items?limit=24`);
  const mix: string[] = [];
  for (let i = 0; i < 120; i += 1) {
    const pack = packs[i % packs.length]!;
    const item = itemRows[(i * 2) % itemRows.length]!;
    mix.push(
      '/api/discover',
      i % 2 === 0 ? '/api/packs?limit=24' : '/api/staff-picks?limit=24',
      `/api/packs/${pack.slug}`,
      pages[i % pages.length]!,
      `/api/items/${item.slug}`,
      `/api/search?q=${encodeURIComponent(words[i % words.length]!)}&limit=24`,
    );
  }
  return { mix, pages, favourites: { items: itemRows.filter((_, i) => i % 3 === 0).map((r) => r.id), packs: packs.filter((_, i) => i % 4 === 0).map((p) => p.id) } };
}

/** PostgreSQL's text form of an array (PGlite sends a JS array as text only for types it knows, not for our enums). */
const arrayLiteral = (values: unknown[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'boolean' ? String(v) : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;

/** The embedded database as the catalogue builder's client (PGlite is one connection: begin and commit hold). */
function pgliteClient(ctx: AppContext): pg.ClientBase {
  const client = (ctx.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<unknown> } }).$client;
  return { query: (text: string, params?: unknown[]) => client.query(text, params?.map((v) => (Array.isArray(v) ? arrayLiteral(v) : v))) } as unknown as pg.ClientBase;
}

async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE) return work();
  const profiler = await startCpuProfile();
  try {
    return await work();
  } finally {
    await mkdir(PROFILES, { recursive: true });
    await writeFile(path.join(PROFILES, `${name}.cpuprofile`), await profiler.stop());
  }
}

type Kind = 'postgres' | 'pglite';
type PhaseName = 'health' | 'mix' | 'page_of_24';
interface Measured {
  summary: LatencySummary;
  queries: number;
}

/** One database with its catalogue, a subscriber with favourites, and the app listening on loopback. */
async function serve(kind: Kind) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `crate-bench-signed-in-${kind}-`));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', PUBLIC_URL: 'http://127.0.0.1:1' } as NodeJS.ProcessEnv;
  if (kind === 'postgres') await freshDatabase(DATABASE_URL);
  const config = loadConfig(env, { ...(kind === 'postgres' ? { database: { kind: 'postgres', url: DATABASE_URL } } : {}), webDist: null, rateLimits: false });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  log(`${kind}: building a ${SIZE.items.toLocaleString('en')}-item catalogue`);
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await buildCatalogue(client, SIZE, log).finally(() => client.end());
  } else {
    await buildCatalogue(pgliteClient(ctx), SIZE, log);
  }
  const paths = await browsePaths(ctx);
  const viewer = await createUser(ctx, { name: 'Bench Subscriber', roles: ['subscriber'] });
  await ctx.db.insert(favorites).values([
    ...paths.favourites.items.map((itemId) => ({ userId: viewer.id, itemId })),
    ...paths.favourites.packs.map((packId) => ({ userId: viewer.id, packId })),
  ]);
  const app = await buildApp(ctx);
  const timings = recordServerTimes(app);
  const base = await listenOnLoopback(app);
  await app.searchIndex?.ready;
  const pathsOf: Record<PhaseName, string[]> = { health: ['/api/health'], mix: paths.mix, page_of_24: paths.pages };
  const phase = async (name: PhaseName | 'warm-up', seconds: number, round: number): Promise<Measured> => {
    timings.reset();
    const queriesBefore = ctx.database.queryCount();
    const phasePaths = name === 'warm-up' ? [...paths.mix, '/api/health'] : pathsOf[name];
    const result = await profiled(`${kind}-${name}-${round}`, () => runLoad(base, phasePaths, viewer.cookie, CONNECTIONS, seconds));
    const bad = Object.keys(result.statuses).filter((status) => status !== '200');
    if (bad.length > 0) throw new Error(`${kind} ${name}: non-200 answers ${JSON.stringify(result.statuses)}`);
    const summary = summarise(timings.times(), result.wallMs / 1000);
    log(`  round ${round} ${kind} ${name}: ${summary.per_second} req/s, p50 ${summary.p50_ms} ms, p95 ${summary.p95_ms} ms`);
    return { summary, queries: round2((ctx.database.queryCount() - queriesBefore) / Math.max(1, summary.requests)) };
  };
  return {
    phase,
    async close() {
      await app.close();
      await ctx.database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
const round2 = (n: number) => round(n, 2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const started = Date.now();
const loadAtStart = os.loadavg().map((n) => round(n, 2));
const servers = { postgres: await serve('postgres'), pglite: await serve('pglite') };
const PHASES: PhaseName[] = ['health', 'mix', 'page_of_24'];
const rounds: Array<Record<Kind, Record<PhaseName, Measured>>> = [];
try {
  for (const kind of ['postgres', 'pglite'] as const) await servers[kind].phase('warm-up', 5, 0);
  // Rounds alternate the databases and the phases, so a change in the machine's load falls on both sides of a ratio.
  for (let r = 1; r <= ROUNDS; r++) {
    const measured = {} as Record<Kind, Record<PhaseName, Measured>>;
    for (const kind of ['postgres', 'pglite'] as const) {
      measured[kind] = {} as Record<PhaseName, Measured>;
      for (const name of PHASES) measured[kind][name] = await servers[kind].phase(name, SECONDS, r);
    }
    rounds.push(measured);
  }
} finally {
  await servers.postgres.close();
  await servers.pglite.close();
}
const perSecond = (r: (typeof rounds)[number], kind: Kind, name: PhaseName) => r[kind][name].summary.per_second;
const ratioOf = (f: (r: (typeof rounds)[number]) => number) => round(median(rounds.map(f)));
const ratios = {
  mix_to_health_postgres: ratioOf((r) => perSecond(r, 'postgres', 'mix') / perSecond(r, 'postgres', 'health')),
  mix_to_health_pglite: ratioOf((r) => perSecond(r, 'pglite', 'mix') / perSecond(r, 'pglite', 'health')),
  mix_pglite_to_postgres: ratioOf((r) => perSecond(r, 'pglite', 'mix') / perSecond(r, 'postgres', 'mix')),
  page_of_24_to_health_postgres: ratioOf((r) => perSecond(r, 'postgres', 'page_of_24') / perSecond(r, 'postgres', 'health')),
  page_of_24_to_health_pglite: ratioOf((r) => perSecond(r, 'pglite', 'page_of_24') / perSecond(r, 'pglite', 'health')),
};
const medians = Object.fromEntries(
  (['postgres', 'pglite'] as const).map((kind) => [
    kind,
    Object.fromEntries(PHASES.map((name) => [name, { per_second: median(rounds.map((r) => perSecond(r, kind, name))), queries_per_request: median(rounds.map((r) => r[kind][name].queries)) }])),
  ]),
) as Record<Kind, Record<PhaseName, { per_second: number; queries_per_request: number }>>;
const targets = {
  mix_to_health_postgres: { target: '>= 0.8', value: ratios.mix_to_health_postgres, met: ratios.mix_to_health_postgres >= 0.8 },
  mix_pglite_to_postgres: { target: '>= 0.6', value: ratios.mix_pglite_to_postgres, met: ratios.mix_pglite_to_postgres >= 0.6 },
  page_of_24_to_health_postgres: { target: '>= 0.8', value: ratios.page_of_24_to_health_postgres, met: ratios.page_of_24_to_health_postgres >= 0.8 },
};
const report = {
  benchmark: 'signed-in',
  at: new Date().toISOString(),
  machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n, 2)) },
  catalogue: SIZE,
  connections: CONNECTIONS,
  seconds_per_phase: SECONDS,
  rounds: ROUNDS,
  measured:
    'server-side (reply.elapsedTime) over HTTP/1.1 keep-alive on loopback from a separate load process; one signed-in subscriber with favourites; ' +
    'rounds alternate PostgreSQL and PGlite and, within each, health, the mix and the page of 24; each ratio is the median of its per-round ratios',
  medians,
  ratios,
  targets,
  per_round: rounds.map((r) => Object.fromEntries((['postgres', 'pglite'] as const).map((kind) => [kind, Object.fromEntries(PHASES.map((name) => [name, r[kind][name].summary]))]))),
  total_seconds: Math.round((Date.now() - started) / 1000),
};
await writeReport(REPORT, report);
console.log(
  `bench:signed-in ${allMet(targets) ? 'MET' : 'NOT MET'} — ${os.cpus().length} cores, load ${loadAtStart.join('/')}, median of ${ROUNDS} rounds: ` +
    `mix/health PostgreSQL ${ratios.mix_to_health_postgres} (${medians.postgres.mix.per_second} / ${medians.postgres.health.per_second} req/s, ${medians.postgres.mix.queries_per_request} statements per request), ` +
    `PGlite/PostgreSQL mix ${ratios.mix_pglite_to_postgres} (PGlite ${medians.pglite.mix.per_second} req/s, its health ${medians.pglite.health.per_second}), ` +
    `page of 24/health PostgreSQL ${ratios.page_of_24_to_health_postgres} (PGlite ${ratios.page_of_24_to_health_pglite})`,
);
