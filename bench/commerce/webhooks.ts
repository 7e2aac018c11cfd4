/**
 * The webhook part of `npm run bench:commerce`: 1,000 payment webhook events, 30 % of them duplicates, in
 * shuffled order, POSTed over HTTP on loopback to the real app on PostgreSQL, as a provider delivers
 * them (several at once; a 5xx is retried, as Stripe retries). Runnable on its own
 * (`npm run bench:commerce:webhooks`); the commerce bench's entry calls `runWebhookBench()`.
 *
 * 1. A fresh database (BENCH_WEBHOOK_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crate_commerce_webhooks_bench,
 *    dropped and created each run) with a small payments catalogue.
 * 2. The events are made by the real sandbox provider: USERS users subscribe (checkout, hosted-page card,
 *    three events each) and renew twice through the test clock (two events each renewal), the signed
 *    deliveries kept instead of sent. 100 users → 700 distinct events; 300 of them are picked again.
 * 3. All 1,000 are shuffled and delivered with CONCURRENCY in flight; then the final state is checked
 *    exactly: every event stored once and processed, each user 3 grants (300 credits), 3 receipts, one
 *    active subscription and the subscriber role — nothing more, nothing less.
 *
 * Prints one summary line and writes bench/reports/commerce-webhooks.json.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { SandboxProvider } from '../../apps/server/src/features/payments/sandbox/sandbox-provider.ts';
import { seedPaymentCatalogue } from '../../apps/server/test/payment-catalogue-fixture.ts';
import { createUser } from '../../apps/server/test/factories.ts';
import { freshDatabase, listenOnLoopback, summarise } from '../lib/http-load.ts';
import { writeReport } from '../lib/report.ts';

const DATABASE_URL = process.env.BENCH_WEBHOOK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_commerce_webhooks_bench';
const TOTAL = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const DUPLICATE_SHARE = 0.3;
const RENEWALS = 2;
/** A subscription makes 3 events (subscription created, invoice paid, checkout completed), each renewal 2. */
const EVENTS_PER_USER = 3 + 2 * RENEWALS;
const USERS = Number(process.env.BENCH_WEBHOOK_USERS ?? Math.round((TOTAL * (1 - DUPLICATE_SHARE)) / EVENTS_PER_USER));
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 8);
const REPORT = path.resolve(import.meta.dirname, '../reports/commerce-webhooks.json');
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function runWebhookBench(): Promise<{ report: unknown; summary: string; met: boolean }> {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n));
  await freshDatabase(DATABASE_URL);
  const dataDir = path.join(os.tmpdir(), `crate-bench-webhooks-${randomUUID().slice(0, 8)}`);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL: 'http://127.0.0.1:1' } as NodeJS.ProcessEnv, {
    database: { kind: 'postgres', url: DATABASE_URL },
    webDist: null,
    rateLimits: false,
  });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  ctx.jobs.handleWith(ctx);
  const app = await buildApp(ctx);
  const base = await listenOnLoopback(app);
  const sandbox = ctx.payments;
  if (!(sandbox instanceof SandboxProvider)) throw new Error('the bench runs the sandbox provider');
  await seedPaymentCatalogue(ctx);

  // ── the events, made by the sandbox and kept ──
  const t0 = performance.now();
  const captured: { id: string; body: string; signature: string }[] = [];
  sandbox.transport = async (body, signature) => {
    captured.push({ id: (JSON.parse(body) as { id: string }).id, body, signature });
    return 200;
  };
  const users: { id: string }[] = [];
  for (let n = 0; n < USERS; n++) {
    const user = await createUser(ctx);
    users.push(user);
    const started = await app.inject({ method: 'POST', url: '/api/checkout-sessions', headers: { cookie: user.cookie }, payload: { price: 'price_starter', idempotency_key: randomUUID() } });
    const checkout = started.json() as { url: string; session_id: string };
    const paid = await app.inject({
      method: 'POST',
      url: `${new URL(checkout.url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=4242424242424242',
    });
    if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
    const session = await sandbox.session(checkout.session_id);
    for (let r = 0; r < RENEWALS; r++) await sandbox.advanceTestClock(session.subscriptionId!, 'pay');
  }
  await ctx.jobs.drain();
  // Nothing else may run while the deliveries are measured: mail and the job copies come after.
  const distinct = captured.length;
  const duplicates = TOTAL - distinct;
  if (duplicates < 0) throw new Error(`${distinct} distinct events exceed ${TOTAL}; lower BENCH_WEBHOOK_USERS`);
  const deliveries = shuffled([...captured, ...shuffled(captured).slice(0, duplicates)]);
  const generateSeconds = round((performance.now() - t0) / 1000);
  log(`made ${distinct} distinct events for ${USERS} users in ${generateSeconds} s; delivering ${deliveries.length} (${duplicates} duplicates) with ${CONCURRENCY} in flight`);

  // ── delivery, as a provider does it ──
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const retryQueue: typeof deliveries = [];
  const deliver = async (d: (typeof deliveries)[number]) => {
    const a = performance.now();
    const response = await fetch(`${base}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': d.signature }, body: d.body });
    await response.arrayBuffer();
    latencies.push(performance.now() - a);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status >= 500) retryQueue.push(d);
  };
  const w0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < deliveries.length) await deliver(deliveries[next++]!);
    }),
  );
  let retries = 0;
  while (retryQueue.length > 0 && retries < 10 * deliveries.length) {
    const again = retryQueue.splice(0);
    retries += again.length;
    for (const d of again) await deliver(d);
  }
  const deliverSeconds = (performance.now() - w0) / 1000;

  // ── the final state, exactly ──
  const q = async (sql: string) => (await ctx.database.db.execute(sql as never)) as unknown as { rows: Record<string, unknown>[] };
  const one = async (sql: string) => Number(Object.values((await q(sql)).rows[0] ?? { n: NaN })[0]);
  const state = {
    events_stored: await one('select count(*) from payment_events'),
    events_unprocessed: await one('select count(*) from payment_events where processed_at is null'),
    grants: await one(`select count(*) from credit_ledger where kind = 'grant'`),
    credits_granted: await one(`select coalesce(sum(amount), 0) from credit_ledger where kind = 'grant'`),
    users_with_exactly_300: await one(`select count(*) from (select user_id from credit_ledger where kind = 'grant' group by user_id having sum(amount) = ${100 * (RENEWALS + 1)} and count(*) = ${RENEWALS + 1}) s`),
    receipts: await one('select count(*) from payment_receipts'),
    active_subscriptions: await one(`select count(*) from subscriptions where status = 'active'`),
    subscribers: await one(`select count(*) from user_roles where role = 'subscriber'`),
    checkouts_complete: await one(`select count(*) from checkout_sessions where status = 'complete'`),
  };
  const periods = RENEWALS + 1;
  const expected = {
    events_stored: distinct,
    events_unprocessed: 0,
    grants: USERS * periods,
    credits_granted: USERS * periods * 100,
    users_with_exactly_300: USERS,
    receipts: USERS * periods,
    active_subscriptions: USERS,
    subscribers: USERS,
    checkouts_complete: USERS,
  };
  const exact = Object.entries(expected).every(([k, v]) => state[k as keyof typeof state] === v);
  const perSecond = round(deliveries.length / deliverSeconds, 1);
  const loadAtEnd = os.loadavg().map((n) => round(n));
  const report = {
    benchmark: 'commerce-webhooks',
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: loadAtEnd },
    database: 'postgresql (fresh database per run)',
    measured: 'wall time from the first to the last webhook answer, HTTP/1.1 on loopback, signature checked, event stored and fulfilled in the request',
    users: USERS,
    events: { delivered: deliveries.length, distinct, duplicates, concurrency: CONCURRENCY, retried_after_5xx: retries },
    statuses,
    latency: summarise(latencies, deliverSeconds),
    events_per_second: perSecond,
    generate_seconds: generateSeconds,
    deliver_seconds: round(deliverSeconds),
    final_state: state,
    expected_state: expected,
    targets: { final_state_exact: { value: exact, target: 'exact', met: exact } },
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  await writeReport(REPORT, report);
  await app.close();
  await ctx.database.close();
  await rm(dataDir, { recursive: true, force: true });
  const summary =
    `bench:commerce webhooks ${deliveries.length} events (${duplicates} duplicates, shuffled, ${CONCURRENCY} in flight), ${report.machine.cores} cores, load ${loadAtStart.join('/')}: ` +
    `${perSecond} events/s, p50 ${report.latency.p50_ms} ms p95 ${report.latency.p95_ms} ms, ${retries} retried after 5xx; final state ${exact ? 'exact' : 'WRONG'} ` +
    `(${state.grants} grants, ${state.credits_granted} credits, ${state.receipts} receipts for ${USERS} users × ${periods} periods) → ${path.relative(process.cwd(), REPORT)}`;
  return { report, summary, met: exact };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { summary, met } = await runWebhookBench();
  console.log(summary);
  if (!met) process.exitCode = 1;
}
