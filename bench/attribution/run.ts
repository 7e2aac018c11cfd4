/**
 * `npm run bench:attribution` — the attribution forwarder (issue 29, decision 0057) on PostgreSQL, into a local
 * stand-in receiver (receiver.ts, its own process).
 *
 * 1. A fresh database; the real app listens on 127.0.0.1 with ATTRIBUTION_ENDPOINT set to the receiver; a signed-in
 *    user's session for /api/health.
 * 2. Baseline: signed-in `/api/health` from a separate load process (8 connections), nothing else running.
 * 3. Backlog: BACKLOG events recorded, then the `attribution-forward` job run back to back until none wait:
 *    the forwarder's capacity in events/s.
 * 4. Steady state: page views recorded at RATE events/s (rows as the tracking callable stores them, one insert per 50 ms tick) for
 *    SECONDS, while the job runs at every slot of its schedule (every 10 s, as the scheduler would) and the same
 *    `/api/health` load runs: forwarded events/s, what is left waiting at the end, and health p95 as a ratio to the
 *    baseline measured in this run.
 *
 * Prints one summary line and writes bench/reports/attribution.json.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { runAttributionForward, ATTRIBUTION_FORWARD_EVERY_MS } from '../../apps/server/src/features/tracking/attribution-forward-job.ts';
import { trackingEvents } from '../../apps/server/src/db/schema/index.ts';
import { attributionCounts } from '../../apps/server/src/features/tracking/tracking-repository.ts';
import { freshDatabase, listenOnLoopback, recordServerTimes, runLoad, summarise } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_attribution_bench';
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 50_000);
const REPORT = path.resolve(import.meta.dirname, '../reports/attribution.json');
const TICK_MS = 50;
const FBP = 'fb.1.1732233600000.1234567890';
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startReceiver(): Promise<{ url: string; count(): Promise<number>; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'receiver.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.on('error', reject);
    child.stdout.once('data', (chunk: Buffer) => {
      const base = `http://127.0.0.1:${chunk.toString().trim()}`;
      resolve({
        url: `${base}/v1/events`,
        count: async () => ((await (await fetch(`${base}/count`)).json()) as { events: number }).events,
        stop: () => void child.kill(),
      });
    });
  });
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n, 2));
  await freshDatabase(DATABASE_URL);
  const receiver = await startReceiver();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-attribution-'));
  const config = loadConfig(
    { DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', SEARCH_INDEX: 'postgres', PUBLIC_URL: 'http://127.0.0.1:3000', ATTRIBUTION_ENDPOINT: receiver.url, ATTRIBUTION_TOKEN: 'bench' } as NodeJS.ProcessEnv,
    { webDist: null, rateLimits: false },
  );
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const signUp = await ctx.auth.api.signUpEmail({ body: { email: `bench-${randomUUID().slice(0, 8)}@bench.crate.test`, password: 'bench-password-123', name: 'Bench' }, asResponse: true });
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const app = await buildApp(ctx);
  const timings = recordServerTimes(app);
  const base = await listenOnLoopback(app);
  // Page views as the tracking callable stores them, one multi-row insert per tick: what is measured is the
  // forwarder's cost to page answers, not that of 1,000 separate callable requests a second.
  const record = (n: number) => {
    const now = new Date();
    return ctx.db.insert(trackingEvents).values(
      Array.from({ length: n }, () => ({ eventId: randomUUID(), eventType: 'PageView' as const, fbp: FBP, route: '/discover', email: 'bench@example.com', ipAddress: '203.0.113.9', userAgent: 'Bench/1.0', nextAttemptAt: now })),
    );
  };

  const health = async (name: string, seconds: number) => {
    timings.reset();
    log(`  ${name}: /api/health, 8 connections, ${seconds} s`);
    const result = await runLoad(base, ['/api/health'], cookie, 8, seconds);
    if (Object.keys(result.statuses).some((s) => s !== '200')) throw new Error(`${name}: ${JSON.stringify(result.statuses)}`);
    return summarise(timings.times(), result.wallMs / 1000);
  };

  await health('warm-up', 3);
  const baseline = await health('baseline', SECONDS);

  // Capacity: a backlog drained by back-to-back runs.
  log(`  backlog: recording ${BACKLOG.toLocaleString('en')} events`);
  for (let done = 0; done < BACKLOG; done += 500) await record(Math.min(500, BACKLOG - done));
  const before = await receiver.count();
  let t0 = performance.now();
  let runs = 0;
  while ((await attributionCounts(ctx.db, new Date(0))).waiting > 0) {
    await runAttributionForward(ctx);
    runs += 1;
  }
  const drainSeconds = (performance.now() - t0) / 1000;
  const drained = (await receiver.count()) - before;
  log(`  backlog: ${drained} events in ${round(drainSeconds, 2)} s over ${runs} runs`);

  // Steady state: recording at RATE/s, the job at every slot, health under load.
  let recording = true;
  let recorded = 0;
  const recorder = (async () => {
    const perTick = Math.round((RATE * TICK_MS) / 1000);
    const start = performance.now();
    for (let tick = 1; recording; tick++) {
      await record(perTick);
      recorded += perTick;
      const due = start + tick * TICK_MS - performance.now();
      if (due > 0) await sleep(due);
    }
  })();
  let forwarding = true;
  const forwarder = (async () => {
    while (forwarding) {
      await sleep(ATTRIBUTION_FORWARD_EVERY_MS - (Date.now() % ATTRIBUTION_FORWARD_EVERY_MS));
      if (forwarding) await runAttributionForward(ctx);
    }
  })();
  const steadyBefore = await receiver.count();
  t0 = performance.now();
  const underLoad = await health('while recording and forwarding', SECONDS);
  recording = false;
  await recorder;
  const steadySeconds = (performance.now() - t0) / 1000;
  forwarding = false;
  // The last slot's events: one more run, as the next slot would.
  await runAttributionForward(ctx);
  await forwarder;
  const steadyForwarded = (await receiver.count()) - steadyBefore;
  const left = (await attributionCounts(ctx.db, new Date(0))).waiting;

  const capacity = round(drained / drainSeconds);
  const recordedPerSecond = round(recorded / steadySeconds);
  const ratio = round(underLoad.p95_ms / baseline.p95_ms, 2);
  const targets = {
    forwarding_capacity_events_per_second: { value: capacity, target: '>= 1000', met: capacity >= 1000 },
    steady_state_all_forwarded: { value: left, target: '0 waiting after the last slot', met: left === 0 },
    health_p95_ratio_while_forwarding: { value: ratio, target: '<= 2', met: ratio <= 2 },
  };
  const report = {
    benchmark: 'attribution',
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n, 2)) },
    measured: 'server-side: reply.elapsedTime of signed-in /api/health, 8 keep-alive connections from a separate load process; the receiver in its own process',
    backlog: { events: drained, seconds: round(drainSeconds, 2), runs, forwarded_per_second: capacity },
    steady_state: { seconds: round(steadySeconds, 1), recorded, recorded_per_second: recordedPerSecond, forwarded: steadyForwarded, waiting_after_last_slot: left },
    health: { baseline, while_forwarding: underLoad, p95_ratio: ratio },
    targets,
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  await writeReport(REPORT, report);
  await app.close();
  await ctx.database.close();
  receiver.stop();
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `bench:attribution ${report.machine.cores} cores, load ${loadAtStart.join('/')}: backlog of ${drained.toLocaleString('en')} forwarded at ${capacity} events/s; ` +
      `${recordedPerSecond} events/s recorded for ${round(steadySeconds, 0)} s, ${steadyForwarded.toLocaleString('en')} forwarded, ${left} left waiting; ` +
      `signed-in /api/health p95 ${underLoad.p95_ms} ms while forwarding vs ${baseline.p95_ms} ms alone (×${ratio}); targets ${allMet(targets) ? 'met' : 'not all met'} → ${path.relative(process.cwd(), REPORT)}`,
  );
}

await main();
