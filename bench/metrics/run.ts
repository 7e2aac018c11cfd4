/**
 * `npm run bench:metrics` — what Prometheus metrics cost (issue 33, docs/operations.md): signed-in `/api/health`
 * throughput with metrics off and on, measured in the same run on PostgreSQL.
 *
 * 1. A fresh database; two app instances on it in this process, each listening on its own port: one without
 *    METRICS_TOKEN, one with it (request histogram, default process metrics, the gauges read at scrape). A signed-in
 *    user's session.
 * 2. ROUNDS rounds of SECONDS: both instances loaded at the same time, each by its own load process (4 keep-alive
 *    connections each, closed loop, signed-in `/api/health`), so both share the same moment of a busy machine's
 *    load; `/metrics` is scraped every SCRAPE_MS meanwhile, as Prometheus would (faster than its 15 s default).
 * 3. Per round the ratio on/off of the requests answered; the cost is 1 − the median ratio. Target: ≤ 3 %.
 *
 * Prints one summary line and writes bench/reports/metrics.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import type { AppContext } from '../../apps/server/src/app-context.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { freshDatabase, listenOnLoopback, median, runLoad } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_metrics_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SCRAPE_MS = 5_000;
const CONNECTIONS_PER_SIDE = 4;
const TOKEN = `bench-metrics-token-${randomUUID()}`;
const REPORT = path.resolve(import.meta.dirname, '../reports/metrics.json');
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

type Side = 'off' | 'on';

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n, 2));
  await freshDatabase(DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-metrics-'));
  const env = { DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', SEARCH_INDEX: 'postgres', PUBLIC_URL: 'http://127.0.0.1:3000' } as NodeJS.ProcessEnv;
  const contexts: Record<Side, AppContext> = {
    off: await createContext(loadConfig(env, { webDist: null, rateLimits: false }), pino({ level: 'silent' })),
    on: await createContext(loadConfig({ ...env, METRICS_TOKEN: TOKEN }, { webDist: null, rateLimits: false }), pino({ level: 'silent' })),
  };
  const signUp = await contexts.off.auth.api.signUpEmail({ body: { email: `bench-${randomUUID().slice(0, 8)}@bench.crate.test`, password: 'bench-password-123', name: 'Bench' }, asResponse: true });
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const apps = { off: await buildApp(contexts.off), on: await buildApp(contexts.on) };
  const bases = { off: await listenOnLoopback(apps.off), on: await listenOnLoopback(apps.on) };
  const scrapes: number[] = [];
  /** Both sides under the same load at the same moment for `seconds`: requests per second of each. */
  const measure = async (seconds: number): Promise<Record<Side, number>> => {
    let scraping = true;
    const scraper = (async () => {
      while (scraping) {
        await new Promise((resolve) => setTimeout(resolve, SCRAPE_MS));
        if (!scraping) break;
        const t0 = performance.now();
        const res = await fetch(`${bases.on}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        if (res.status !== 200) throw new Error(`scrape answered ${res.status}`);
        await res.text();
        scrapes.push(performance.now() - t0);
      }
    })();
    try {
      const [off, on] = await Promise.all((['off', 'on'] as const).map((side) => runLoad(bases[side], ['/api/health'], cookie, CONNECTIONS_PER_SIDE, seconds)));
      for (const [side, result] of [['off', off!], ['on', on!]] as const) {
        if (Object.keys(result.statuses).some((s) => s !== '200')) throw new Error(`${side}: ${JSON.stringify(result.statuses)}`);
      }
      const perSecond = (result: { latencies: number[]; wallMs: number }) => round(result.latencies.length / (result.wallMs / 1000));
      return { off: perSecond(off!), on: perSecond(on!) };
    } finally {
      scraping = false;
      await scraper;
    }
  };

  log('  warm-up: 3 s');
  await measure(3);
  const rounds: Array<Record<Side, number> & { ratio: number }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    log(`  round ${r + 1}/${ROUNDS}: /api/health on both, ${CONNECTIONS_PER_SIDE} connections each, ${SECONDS} s`);
    const figures = await measure(SECONDS);
    rounds.push({ ...figures, ratio: round(figures.on / figures.off, 4) });
  }
  for (const app of Object.values(apps)) await app.close();

  const off = median(rounds.map((r) => r.off));
  const on = median(rounds.map((r) => r.on));
  const ratio = median(rounds.map((r) => r.ratio));
  const costPercent = round((1 - ratio) * 100, 2);
  const targets = { metrics_cost_percent: { value: costPercent, target: '<= 3', met: costPercent <= 3 } };
  const report = {
    benchmark: 'metrics',
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n, 2)) },
    measured: `client-side throughput of signed-in /api/health on both instances at once, ${CONNECTIONS_PER_SIDE} keep-alive connections each from its own load process, ${SECONDS} s per round; /metrics scraped every ${SCRAPE_MS / 1000} s`,
    rounds,
    requests_per_second: { metrics_off: off, metrics_on: on, median_on_over_off: ratio },
    scrapes: { count: scrapes.length, median_ms: median(scrapes) },
    targets,
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  await writeReport(REPORT, report);
  for (const ctx of Object.values(contexts)) await ctx.database.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `bench:metrics ${report.machine.cores} cores, load ${loadAtStart.join('/')}: signed-in /api/health ${off} req/s with metrics off vs ${on} req/s on ` +
      `(medians of ${ROUNDS} simultaneous rounds; on/off ×${ratio}, cost ${costPercent} %, target ≤ 3 %: ${allMet(targets) ? 'met' : 'not met'}); ` +
      `${scrapes.length} scrapes, median ${report.scrapes.median_ms} ms → ${path.relative(process.cwd(), REPORT)}`,
  );
}

await main();
