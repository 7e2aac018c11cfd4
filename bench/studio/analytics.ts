/**
 * The analytics part of `npm run bench:studio`: pack analytics over 10 million play events, on PostgreSQL,
 * over HTTP on loopback. Runnable on its own (`node --import tsx bench/studio/analytics.ts`); run.ts (the
 * studio bench's entry) calls `runAnalyticsBench()`.
 *
 * 1. Database: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/crate_studio_bench), created
 *    and migrated if needed. Once (a marker table records it): one creator with BENCH_PACKS packs of 50
 *    sounds, and BENCH_EVENTS play events over the last 365 days, written by `generate_series` in batches
 *    of a million rows straight into item_events — so the real rollup trigger builds item_daily_stats and
 *    pack_daily_stats exactly as it does for the app. Pack 0 is a hit: a fifth of all plays.
 * 2. The real app listens on 127.0.0.1; the creator's real session asks for its packs' analytics (the hit
 *    and the others, last 30 days by day, 90 days by week, 12 months by month, and the hit's CSV).
 * 3. Latency is server-side (Fastify's reply.elapsedTime), with signed-in /api/health measured in the same
 *    run as the baseline. One connection for the latency target, 8 for throughput.
 *
 * Prints one summary line and writes bench/reports/studio-analytics.json.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { userRoles } from '../../apps/server/src/db/schema/index.ts';
import { ensureDatabase, listenOnLoopback, recordServerTimes, runLoad, summarise } from '../lib/http-load.ts';
import { allMet, type BenchPartResult, writeReport } from '../lib/report.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_studio_bench';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const PACKS = Number(process.env.BENCH_PACKS ?? 200);
const ITEMS_PER_PACK = 50;
const DAYS = 365;
const BATCH = 1_000_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const REPORT = path.resolve(import.meta.dirname, '../reports/studio-analytics.json');
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

const MARKER = 'bench_studio_analytics_marker';

interface Dataset {
  creatorUserEmail: string;
  packIds: string[];
  built: boolean;
  buildSeconds: number | null;
}

/** Builds the creator, packs, items and events once; later runs reuse them (the marker says for which size). */
async function ensureDataset(client: pg.Client): Promise<Dataset> {
  await client.query(`create table if not exists ${MARKER} (events bigint not null, packs int not null, email text not null, built_seconds real not null)`);
  const { rows } = await client.query<{ events: string; packs: number; email: string; built_seconds: number }>(`select * from ${MARKER}`);
  const existing = rows[0];
  if (existing && Number(existing.events) === EVENTS && existing.packs === PACKS) {
    const packs = await client.query<{ id: string }>(`select p.id from packs p join creators c on c.id = p.creator_id join users u on u.id = c.user_id where u.email = $1 order by p.slug`, [existing.email]);
    await client.query('analyze');
    return { creatorUserEmail: existing.email, packIds: packs.rows.map((r) => r.id), built: false, buildSeconds: existing.built_seconds };
  }
  if (existing) throw new Error(`${DATABASE_URL} holds a dataset of another size (${existing.events} events, ${existing.packs} packs): drop the database or set BENCH_DATABASE_URL`);
  return { creatorUserEmail: '', packIds: [], built: true, buildSeconds: null };
}

async function buildDataset(client: pg.Client, creatorUserId: string, email: string): Promise<{ packIds: string[]; seconds: number }> {
  const t0 = performance.now();
  const tag = randomUUID().slice(0, 6);
  const { rows: creatorRows } = await client.query<{ id: string }>(`insert into creators (user_id, slug, name) values ($1, $2, 'Bench Creator') returning id`, [creatorUserId, `bench-creator-${tag}`]);
  const creatorId = creatorRows[0]!.id;
  await client.query(
    `insert into packs (creator_id, slug, title, status, published_at)
     select $1, 'bench-pack-' || lpad(n::text, 4, '0'), 'Bench Pack ' || n, 4, now() - interval '400 days' from generate_series(0, $2::int - 1) n`,
    [creatorId, PACKS],
  );
  await client.query(
    `insert into items (creator_id, pack_id, slug, name, type, kind, position, duration_ms)
     select $1, p.id, p.slug || '-' || i, 'Sound ' || i, 'sample', 'Loop', i, 8000
     from packs p, generate_series(0, $2::int - 1) i where p.creator_id = $1`,
    [creatorId, ITEMS_PER_PACK],
  );
  log(`  ${PACKS} packs, ${PACKS * ITEMS_PER_PACK} sounds in ${round((performance.now() - t0) / 1000, 1)} s`);
  // Items numbered 0..N-1 (pack 0's first); a fifth of the plays go to pack 0, the rest spread over every item.
  await client.query(`create temp table bench_items as select row_number() over (order by p.slug, i.position) - 1 as n, i.id, i.pack_id from items i join packs p on p.id = i.pack_id where i.creator_id = $1`, [creatorId]);
  await client.query('create unique index on bench_items (n)');
  const total = PACKS * ITEMS_PER_PACK;
  for (let done = 0; done < EVENTS; done += BATCH) {
    const count = Math.min(BATCH, EVENTS - done);
    const t = performance.now();
    // One statement per batch: the rollup trigger folds each million into the daily counters as it would any insert.
    await client.query(
      `insert into item_events (item_id, pack_id, user_id, kind, created_at)
       select b.id, b.pack_id, null, 'play', now() - (random() * $3::int) * interval '1 day'
       from generate_series(1, $1::int) g
       join bench_items b on b.n = case when g % 5 = 0 then (g / 5) % $4::int else (hashint4(g + $5::int) & 2147483647) % $2::int end`,
      [count, total, DAYS, ITEMS_PER_PACK, done],
    );
    log(`  events ${(done + count).toLocaleString('en')} / ${EVENTS.toLocaleString('en')} (${round((performance.now() - t) / 1000, 1)} s)`);
  }
  // The rollup rows were updated once per batch: vacuum, as autovacuum would soon, so the figures are a settled database's.
  await client.query('vacuum (analyze) item_daily_stats, pack_daily_stats');
  await client.query('analyze');
  const seconds = round((performance.now() - t0) / 1000, 1);
  await client.query(`insert into ${MARKER} (events, packs, email, built_seconds) values ($1, $2, $3, $4)`, [EVENTS, PACKS, email, seconds]);
  const packs = await client.query<{ id: string }>(`select id from packs where creator_id = $1 order by slug`, [creatorId]);
  return { packIds: packs.rows.map((r) => r.id), seconds };
}

export async function runAnalyticsBench(): Promise<BenchPartResult> {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n));
  await ensureDatabase(DATABASE_URL);
  const config = loadConfig({ DATABASE_URL, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', PUBLIC_URL: 'http://127.0.0.1:3000' } as NodeJS.ProcessEnv, { webDist: null, rateLimits: false });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();

  const dataset = await ensureDataset(client);
  // The creator signs in for real (a fresh session each run); on the first run the account is made too.
  const password = 'bench-password-123';
  let email = dataset.creatorUserEmail;
  let packIds = dataset.packIds;
  let buildSeconds = dataset.buildSeconds;
  if (dataset.built) {
    email = `bench-creator-${randomUUID().slice(0, 8)}@bench.crate.test`;
    const signUp = await ctx.auth.api.signUpEmail({ body: { email, password, name: 'Bench Creator' }, asResponse: true });
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    await ctx.db.insert(userRoles).values({ userId, role: 'creator' });
    log(`building the dataset: ${EVENTS.toLocaleString('en')} play events (once; later runs reuse it)`);
    ({ packIds, seconds: buildSeconds } = await buildDataset(client, userId, email));
  }
  const signIn = await ctx.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (!signIn.ok) throw new Error(`bench creator sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const counts = (await client.query<{ events: string; item_days: string; pack_days: string }>(`select (select count(*) from item_events) as events, (select count(*) from item_daily_stats) as item_days, (select count(*) from pack_daily_stats) as pack_days`)).rows[0]!;
  const hit = packIds[0]!;
  const hitPlays = Number((await client.query<{ n: string }>('select coalesce(sum(plays), 0) as n from pack_daily_stats where pack_id = $1', [hit])).rows[0]!.n);

  const app = await buildApp(ctx);
  const timings = recordServerTimes(app);
  const base = await listenOnLoopback(app);
  await app.searchIndex?.ready;

  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const ranges = [`from=${daysAgo(29)}&to=${today}&granularity=day`, `from=${daysAgo(89)}&to=${today}&granularity=week`, `from=${daysAgo(364)}&to=${today}&granularity=month`, `from=${daysAgo(364)}&to=${today}&granularity=day`];
  const packPaths = packIds.flatMap((id) => ranges.map((range) => `/api/analytics/packs/${id}?${range}`));
  // The hit pack in every range, as often as all the others together: the worst case is measured, not averaged away.
  const hitPaths = ranges.map((range) => `/api/analytics/packs/${hit}?${range}`);
  const mix = packPaths.flatMap((p, i) => [p, hitPaths[i % hitPaths.length]!]);

  const probe = await fetch(`${base}/api/analytics/packs/${hit}?${ranges[2]}`, { headers: { cookie } });
  if (probe.status !== 200) throw new Error(`pack analytics answered ${probe.status}: ${await probe.text()}`);
  const probeBody = (await probe.json()) as { totals: { plays: number } };
  const csv = await fetch(`${base}/api/analytics/packs/${hit}/export.csv?${ranges[3]}`, { headers: { cookie } });
  const csvT0 = performance.now();
  const csvBytes = (await csv.arrayBuffer()).byteLength;
  const csvMs = round(performance.now() - csvT0, 1);

  const phase = async (name: string, paths: string[], connections: number, seconds: number) => {
    timings.reset();
    log(`  ${name}: ${connections} connection(s), ${seconds} s`);
    const result = await runLoad(base, paths, cookie, connections, seconds);
    const bad = Object.entries(result.statuses).filter(([status]) => status !== '200');
    if (bad.length > 0) throw new Error(`${name}: non-200 answers ${JSON.stringify(result.statuses)}`);
    const wall = result.wallMs / 1000;
    return { connections, seconds: round(wall, 1), server: summarise(timings.times(), wall), client: summarise(result.latencies, wall) };
  };

  await phase('warm-up', mix, 4, 5);
  const health = await phase('/api/health baseline (signed in)', ['/api/health'], 1, 8);
  const analytics = await phase('pack analytics', mix, 1, SECONDS);
  const hitOnly = await phase('the hit pack only', hitPaths, 1, Math.max(5, Math.round(SECONDS / 2)));
  const healthLoaded = await phase('/api/health baseline (signed in), 8 connections', ['/api/health'], 8, 8);
  const analyticsLoaded = await phase('pack analytics, 8 connections', mix, 8, SECONDS);

  const p95 = Math.max(analytics.server.p95_ms, hitOnly.server.p95_ms);
  const targets = { pack_analytics_p95_ms: { value: p95, target: '<= 50', met: p95 <= 50 } };
  const loadAtEnd = os.loadavg().map((n) => round(n));
  const report = {
    benchmark: 'studio-analytics',
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: loadAtEnd },
    dataset: {
      play_events: Number(counts.events),
      packs: packIds.length,
      sounds: packIds.length * ITEMS_PER_PACK,
      days: DAYS,
      item_day_rows: Number(counts.item_days),
      pack_day_rows: Number(counts.pack_days),
      hit_pack_plays: hitPlays,
      built_this_run: dataset.built,
      build_seconds: buildSeconds,
    },
    measured: 'server-side: reply.elapsedTime inside the app, HTTP/1.1 keep-alive on loopback from a separate load process, the creator signed in',
    mix: 'GET /api/analytics/packs/{id}: every pack × (30 days by day, 90 by week, 12 months by month, 12 months by day), the hit pack (a fifth of all plays) every other request',
    probe_hit_pack_12_months_plays: probeBody.totals.plays,
    csv_hit_pack_12_months_by_day: { bytes: csvBytes, ms_to_read: csvMs },
    health,
    pack_analytics: analytics,
    hit_pack_only: hitOnly,
    health_8_connections: healthLoaded,
    pack_analytics_8_connections: analyticsLoaded,
    ratios: {
      p50_to_health_p50: round(analytics.server.p50_ms / health.server.p50_ms),
      p95_to_health_p95: round(analytics.server.p95_ms / health.server.p95_ms),
      throughput_8_connections_to_health: round(analyticsLoaded.server.per_second / healthLoaded.server.per_second, 3),
    },
    targets,
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  await writeReport(REPORT, report);
  await app.close();
  await client.end();
  await ctx.database.close();
  const met = allMet(targets);
  const summary =
    `bench:studio analytics ${Number(counts.events).toLocaleString('en')} play events, ${packIds.length} packs, ${report.machine.cores} cores, load ${loadAtStart.join('/')}: ` +
    `pack analytics p50 ${analytics.server.p50_ms} ms p95 ${analytics.server.p95_ms} ms (hit pack p95 ${hitOnly.server.p95_ms} ms; target p95 <= 50 ms) ` +
    `vs signed-in /api/health p50 ${health.server.p50_ms} ms p95 ${health.server.p95_ms} ms (p95 ratio ${report.ratios.p95_to_health_p95}); ` +
    `8 conn. ${analyticsLoaded.server.per_second} req/s (${report.ratios.throughput_8_connections_to_health} of health); targets ${met ? 'met' : 'not met'} → ${path.relative(process.cwd(), REPORT)}`;
  return { report, summary, met };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { summary } = await runAnalyticsBench();
  console.log(summary);
}
