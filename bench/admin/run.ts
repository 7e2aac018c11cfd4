/**
 * `npm run bench:admin` — /admin and the admins' user list at scale, on PostgreSQL, over HTTP on loopback.
 *
 * 1. Database: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/crate_admin_bench), created and
 *    migrated if needed. bench:search's million-sound catalogue is built in it (its own builder), then a
 *    million accounts (BENCH_USERS, sign-ups spread over two years, a few disabled, every tenth a subscriber)
 *    and ten million play events (BENCH_PLAYS, over the last 60 days, a download for every tenth), once;
 *    a marker table records what was built and later runs reuse it.
 * 2. The site-stats rollup (decision 0048) runs as its scheduled job would: first with an empty table (it
 *    backfills the month), then again (today and yesterday only). Both times are reported.
 * 3. The real app listens on 127.0.0.1 (search in PostgreSQL: this benchmark does not need the in-memory
 *    index); an admin with a real session asks from a separate load process: /api/health (the baseline),
 *    /api/admin/dashboard, and the user list (first pages with each filter and searches by prefix, and pages
 *    deep in the list by cursor), each at 1 and 8 connections. Latency is the server's (reply.elapsedTime).
 *
 * Prints one summary line and writes bench/reports/admin.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { siteDailyStats, userRoles } from '../../apps/server/src/db/schema/index.ts';
import { rollUpSiteStats } from '../../apps/server/src/features/admin-dashboard/admin-dashboard-service.ts';
import { ensureDatabase, listenOnLoopback, recordServerTimes, runLoad, summarise } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';
import { buildCatalogue, catalogueIsBuilt, type CatalogueSize } from '../search/build-catalogue.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_admin_bench';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const SIZE: CatalogueSize = { items: ITEMS, packs: Math.max(10, Math.round(ITEMS / 50)), creators: Math.max(5, Math.round(ITEMS / 500)) };
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPORT = path.resolve(import.meta.dirname, '../reports/admin.json');
/** Bump when what is built here changes: a database built by another version is rebuilt. */
const ACTIVITY_VERSION = 'admin-bench-v1';
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/** Accounts and events, set-based, with triggers off (the per-item rollup trigger is analytics', not measured here). */
async function buildActivity(client: pg.ClientBase): Promise<void> {
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await client.query('create table if not exists bench_admin_marker (version text primary key, users integer not null, plays integer not null, items integer not null)');
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query(`delete from user_roles where user_id like 'bench-account-%'`);
    await client.query(`delete from users where id like 'bench-account-%'`);
    await client.query('truncate item_events, site_daily_stats, bench_admin_marker');
    await client.query(
      `insert into users (id, email, name, email_verified, created_at, updated_at, disabled_at, disabled_reason, deactivated_at)
       select 'bench-account-' || n, 'account' || n || '@bench-users.crate.test', 'Account ' || n, true,
              now() - (n::float / $1) * interval '730 days', now(),
              case when n % 997 = 0 then now() end, case when n % 997 = 0 then 'bench' end,
              case when n % 499 = 0 then now() end
       from generate_series(1, $1) n`,
      [USERS],
    );
    step(`${USERS.toLocaleString('en')} accounts`);
    await client.query(`insert into user_roles (user_id, role) select 'bench-account-' || n, 'subscriber' from generate_series(10, $1, 10) n`, [USERS]);
    step('their roles');
    await client.query('create temporary table bench_items on commit drop as select row_number() over (order by id) as n, id, pack_id from items');
    const { rows } = await client.query<{ n: string }>('select count(*) as n from bench_items');
    const items = Number(rows[0]!.n);
    await client.query(
      `insert into item_events (item_id, pack_id, user_id, kind, created_at)
       select i.id, i.pack_id, null, case when g % 10 = 0 then 'download' else 'play' end, now() - (g::float / $1) * interval '60 days'
       from generate_series(1, $1) g join bench_items i on i.n = 1 + (g::bigint * 7919) % $2`,
      [PLAYS, items],
    );
    step(`${PLAYS.toLocaleString('en')} item events`);
    await client.query('insert into bench_admin_marker (version, users, plays, items) values ($1, $2, $3, $4)', [ACTIVITY_VERSION, USERS, PLAYS, ITEMS]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('vacuum analyze users, user_roles, item_events');
  step('vacuum analyze');
}

async function activityIsBuilt(client: pg.ClientBase): Promise<boolean> {
  await client.query('create table if not exists bench_admin_marker (version text primary key, users integer not null, plays integer not null, items integer not null)');
  const { rows } = await client.query<{ users: number; plays: number; items: number }>('select users, plays, items from bench_admin_marker where version = $1', [ACTIVITY_VERSION]);
  return rows[0]?.users === USERS && rows[0]?.plays === PLAYS && rows[0]?.items === ITEMS;
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n, 2));
  await ensureDatabase(DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-admin-'));
  const config = loadConfig(
    { DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', SEARCH_INDEX: 'postgres', PUBLIC_URL: 'http://127.0.0.1:3000' } as NodeJS.ProcessEnv,
    { webDist: null, rateLimits: false },
  );
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  let built = false;
  if (!(await catalogueIsBuilt(client, SIZE))) {
    log(`building a ${SIZE.items.toLocaleString('en')}-item catalogue (once; later runs reuse it)`);
    await buildCatalogue(client, SIZE, log);
    built = true;
  }
  if (built || !(await activityIsBuilt(client))) {
    log(`adding ${USERS.toLocaleString('en')} accounts and ${PLAYS.toLocaleString('en')} play and download events (once)`);
    await buildActivity(client);
    built = true;
  }

  // The rollup as the scheduled job runs it: a first run backfills the month, later runs recount two days.
  await ctx.db.delete(siteDailyStats);
  let t0 = performance.now();
  await rollUpSiteStats(ctx.db, new Date());
  const backfillMs = round(performance.now() - t0);
  t0 = performance.now();
  await rollUpSiteStats(ctx.db, new Date());
  const rollupMs = round(performance.now() - t0);
  log(`  rollup: backfill ${backfillMs} ms, a scheduled run ${rollupMs} ms`);

  // An admin with a real session.
  const email = `admin-${randomUUID().slice(0, 8)}@bench.crate.test`;
  const signUp = await ctx.auth.api.signUpEmail({ body: { email, password: 'bench-password-123', name: 'Bench admin' }, asResponse: true });
  const adminId = ((await signUp.json()) as { user: { id: string } }).user.id;
  await ctx.db.insert(userRoles).values({ userId: adminId, role: 'admin' });
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const app = await buildApp(ctx);
  const timings = recordServerTimes(app);
  const base = await listenOnLoopback(app);

  // Pages deep in the list: cursors taken from the list itself, every 20,000th account.
  const deep: string[] = [];
  const marks = await client.query<{ created_at: string; id: string }>(
    `select created_at::text, id from (select created_at, id, row_number() over (order by created_at desc, id desc) as r from users) t where r % 20000 = 0 limit 40`,
  );
  for (const m of marks.rows) deep.push(`/api/admin/users?limit=50&cursor=${Buffer.from(JSON.stringify([m.created_at, m.id])).toString('base64url')}`);
  const userList = [
    '/api/admin/users?limit=50',
    '/api/admin/users?limit=50&role=subscriber',
    '/api/admin/users?limit=50&role=admin',
    '/api/admin/users?limit=50&status=disabled',
    '/api/admin/users?limit=50&status=deactivated',
    '/api/admin/users?limit=50&status=active',
    '/api/admin/users?limit=50&status=locked',
    ...['account1', 'account42', 'account9', 'account77', 'Account 5', 'account1234@', 'bench-account-31337', 'a', 'zz'].map((q) => `/api/admin/users?limit=50&q=${encodeURIComponent(q)}`),
    ...deep,
  ];
  for (const p of [...userList, '/api/admin/dashboard']) {
    const res = await fetch(base + p, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  }

  const phase = async (name: string, paths: string[], connections: number, seconds = SECONDS) => {
    timings.reset();
    log(`  ${name}: ${connections} connection(s), ${seconds} s`);
    const result = await runLoad(base, paths, cookie, connections, seconds);
    const bad = Object.entries(result.statuses).filter(([status]) => status !== '200');
    if (bad.length > 0) throw new Error(`${name}: non-200 answers ${JSON.stringify(result.statuses)}`);
    return { connections, server: summarise(timings.times(), result.wallMs / 1000) };
  };

  await phase('warm-up', [...userList, '/api/admin/dashboard'], 8, 5);
  const health = await phase('/api/health baseline', ['/api/health'], 8);
  const dashboard1 = await phase('/api/admin/dashboard', ['/api/admin/dashboard'], 1);
  const dashboard8 = await phase('/api/admin/dashboard', ['/api/admin/dashboard'], 8);
  const users1 = await phase('user list mix', userList, 1);
  const users8 = await phase('user list mix', userList, 8);

  const targets = {
    dashboard_p95_ms: { value: dashboard1.server.p95_ms, target: '<= 50', met: dashboard1.server.p95_ms <= 50 },
    dashboard_p95_ms_8_connections: { value: dashboard8.server.p95_ms, target: '<= 50', met: dashboard8.server.p95_ms <= 50 },
    user_list_p95_ms: { value: users1.server.p95_ms, target: '<= 50', met: users1.server.p95_ms <= 50 },
    scheduled_rollup_ms: { value: rollupMs, target: '<= 10000', met: rollupMs <= 10_000 },
  };
  const report = {
    benchmark: 'admin',
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n, 2)) },
    data: { items: SIZE.items, accounts: USERS, play_and_download_events: PLAYS, built_this_run: built },
    measured: 'server-side: reply.elapsedTime inside the app, HTTP/1.1 keep-alive on loopback from a separate load process',
    rollup: { backfill_30_days_ms: backfillMs, scheduled_run_ms: rollupMs },
    health,
    dashboard: { one_connection: dashboard1, eight_connections: dashboard8 },
    user_list: { paths: userList.length, one_connection: users1, eight_connections: users8 },
    targets,
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  await writeReport(REPORT, report);
  await app.close();
  await client.end();
  await ctx.database.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `bench:admin ${SIZE.items.toLocaleString('en')} items, ${USERS.toLocaleString('en')} accounts, ${PLAYS.toLocaleString('en')} events, ${report.machine.cores} cores, load ${loadAtStart.join('/')}: ` +
      `/api/admin/dashboard p50 ${dashboard1.server.p50_ms} ms p95 ${dashboard1.server.p95_ms} ms (8 conn. p95 ${dashboard8.server.p95_ms} ms, ${dashboard8.server.per_second} req/s vs /api/health ${health.server.per_second} req/s); ` +
      `user list p50 ${users1.server.p50_ms} ms p95 ${users1.server.p95_ms} ms; rollup backfill ${backfillMs} ms, scheduled run ${rollupMs} ms; targets ${allMet(targets) ? 'met' : 'not all met'} → ${path.relative(process.cwd(), REPORT)}`,
  );
}

await main();
