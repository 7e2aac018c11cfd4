/**
 * `npm run bench:payouts` — issue 28's performance target, on PostgreSQL, in-process through the app's own
 * database client: computing a month with 10,000 payees and 10 million spends takes ≤ 30 s, and the process's RSS
 * grows by ≤ 200 MB while it does (the month is aggregated in SQL and its lines streamed, never loaded into Node).
 * Reported as a ratio to a plain `select count(*)` over the same month's spends, measured in the same run.
 *
 * 1. A fresh database (BENCH_PAYOUTS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/crate_payouts_bench;
 *    dropped and created), migrated, then a month generated set-based (generate.ts): BENCH_PAYEES creators
 *    (default 10,000), BENCH_SPENDS spends with credits (default 10,000,000), plans, refills, purchases and noise,
 *    then VACUUM ANALYZE. Generation time is printed, not part of the figure.
 * 2. The baseline: `select count(*) from owned_items where created_at in the month and credits > 0`, three times
 *    (the median counts).
 * 3. computeDraft for the month, then again (the re-run replaces the draft's lines), each with RSS sampled every
 *    20 ms (before, peak). Checked: the lines add up to exactly pool + sales owed (+ adjustments), the month's
 *    credits are the spends' credits, the re-run wrote the same lines.
 *
 * Prints one summary line and writes bench/reports/payouts.json (and, when a target is missed or BENCH_EXPLAIN=1,
 * EXPLAIN ANALYZE of the slowest statements to bench/reports/payouts-explain.txt). BENCH_KEEP=1 keeps the database
 * afterwards; BENCH_REUSE=1 keeps it and reuses a month generated before with the same sizes (for iterating on
 * computeDraft: the figure of record is a fresh run). BENCH_SPENDS and BENCH_PAYEES size the month.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { computeDraft } from '../../apps/server/src/features/payouts/payout-month-service.ts';
import { ensureDatabase, freshDatabase, median } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';
import { type GeneratedMonth, generatedBefore, generateMonth } from './generate.ts';
import { explainSlowest, traceStatements } from './profile.ts';

const DATABASE_URL = process.env.BENCH_PAYOUTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_payouts_bench';
const PAYEES = Number(process.env.BENCH_PAYEES ?? 10_000);
const SPENDS = Number(process.env.BENCH_SPENDS ?? 10_000_000);
/** Keep the database afterwards, and reuse a month generated before with the same sizes (iterating on computeDraft). */
const REUSE = process.env.BENCH_REUSE === '1';
const KEEP = REUSE || process.env.BENCH_KEEP === '1';
/** EXPLAIN ANALYZE the slowest statements even when the targets are met (they always are when missed). */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const TARGET_SECONDS = 30;
const TARGET_RSS_MIB = 200;
const REPORT = path.resolve(import.meta.dirname, '../reports/payouts.json');
const EXPLAIN_REPORT = path.resolve(import.meta.dirname, '../reports/payouts-explain.txt');
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const mib = (bytes: number) => round(bytes / 2 ** 20, 1);

/** The month that ended last (UTC), as its first day: computed as the hourly job computes it. */
function lastMonth(now: Date): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 10);
}

/** Runs `work` with the process's RSS sampled every 20 ms: wall seconds, RSS before and its peak above that. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; rssBeforeMiB: number; rssGrowthMiB: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - t0) / 1000, rssBeforeMiB: mib(before), rssGrowthMiB: mib(peak - before) };
  } finally {
    clearInterval(sampler);
  }
}

interface MonthCheck {
  lines: number;
  payees: number;
  revenue: string;
  pool: string;
  credits: string;
  sales_owed: string;
  adjustments: string;
  lines_pool: string;
  lines_sales: string;
  lines_adjustments: string;
  lines_credits: string;
  fingerprint: string;
}

/** What the month's draft holds, summed in SQL (numeric: exact), and a fingerprint of its lines to compare runs. */
async function readMonth(client: pg.Client, month: string): Promise<MonthCheck> {
  const { rows } = await client.query<MonthCheck>(
    `select (select count(*)::int from payout_lines l where l.payout_id = m.id) as lines,
            (select count(distinct payee_user_id)::int from payout_lines l where l.payout_id = m.id) as payees,
            m.revenue_cents::text as revenue, m.pool_cents::text as pool, m.credits::text as credits,
            m.sales_owed_cents::text as sales_owed, m.adjustments_cents::text as adjustments,
            coalesce(s.pool, 0)::text as lines_pool, coalesce(s.sales, 0)::text as lines_sales,
            coalesce(s.adjustments, 0)::text as lines_adjustments, coalesce(s.credits, 0)::text as lines_credits,
            coalesce(s.fingerprint, '') as fingerprint
     from monthly_payouts m
     cross join lateral (
       select sum(pool_cents::numeric) as pool, sum(sales_cents::numeric) as sales, sum(adjustment_cents::numeric) as adjustments,
              sum(credits::numeric) as credits,
              md5(string_agg(concat_ws(':', payee_user_id, credits, pool_cents, sales_cents, adjustment_cents, carried_in_cents, amount_cents, status, carry_reason), ',' order by payee_user_id)) as fingerprint
       from payout_lines l where l.payout_id = m.id
     ) s
     where m.month = $1::date`,
    [month],
  );
  if (!rows[0]) throw new Error(`computeDraft wrote no monthly_payouts row for ${month}`);
  return rows[0];
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n));
  const now = new Date();
  const month = lastMonth(now);
  log(`bench:payouts: ${PAYEES.toLocaleString('en')} payees, ${SPENDS.toLocaleString('en')} spends in ${month.slice(0, 7)} on ${new URL(DATABASE_URL).pathname.slice(1)}`);
  const size = { payees: PAYEES, spends: SPENDS };
  let reused: GeneratedMonth | null = null;
  if (REUSE) {
    await ensureDatabase(DATABASE_URL);
    const probe = new pg.Client({ connectionString: DATABASE_URL });
    await probe.connect();
    reused = await generatedBefore(probe, size, month).catch(() => null);
    await probe.end();
  }
  if (!reused) await freshDatabase(DATABASE_URL);
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  await database.migrate();
  // The app's session settings (db/client.ts: no JIT, 64 MB work_mem), so the baseline runs as computeDraft's queries do.
  const client = new pg.Client({ connectionString: DATABASE_URL, options: '-c jit=off -c work_mem=64MB -c timezone=UTC' });
  await client.connect();
  try {
    let generated = reused;
    if (generated) {
      log(`reusing the month generated before (in ${round(generated.seconds, 1)} s); its drafts deleted`);
      await client.query('delete from monthly_payouts');
      await client.query('vacuum analyze payout_lines, monthly_payouts');
    } else {
      log('generating the month');
      generated = await generateMonth(client, size, month, log);
      log(`  generated in ${round(generated.seconds, 1)} s: ${generated.ownedItems.toLocaleString('en')} owned_items`);
    }

    // The baseline: the plainest read of the same spends.
    const baselineSql = `select count(*)::bigint as n from owned_items where created_at >= $1::date and created_at < ($1::date + interval '1 month') and credits > 0`;
    const counts: { seconds: number; n: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const { rows } = await client.query<{ n: string }>(baselineSql, [month]);
      counts.push({ seconds: (performance.now() - t0) / 1000, n: Number(rows[0]!.n) });
    }
    const countSeconds = median(counts.map((c) => c.seconds));
    const spends = counts[0]!.n;
    log(`  baseline count(*) = ${spends.toLocaleString('en')} spends: ${counts.map((c) => round(c.seconds, 3)).join(' / ')} s (median ${countSeconds} s)`);
    const { rows: creditRows } = await client.query<{ credits: string; sales: string }>(
      `select coalesce(sum(credits), 0)::text as credits, coalesce(sum(price_cents), 0)::text as sales from owned_items where created_at >= $1::date and created_at < ($1::date + interval '1 month')`,
      [month],
    );

    log('computeDraft (first run)');
    const trace = traceStatements();
    const first = await measured(() => computeDraft(database.db, month, now));
    trace.stop();
    const firstMonth = await readMonth(client, month);
    log(`  ${round(first.seconds, 2)} s, RSS ${first.rssBeforeMiB} MiB +${first.rssGrowthMiB} MiB, ${firstMonth.lines.toLocaleString('en')} lines`);
    log('computeDraft (re-run)');
    const again = await measured(() => computeDraft(database.db, month, now));
    const againMonth = await readMonth(client, month);
    log(`  ${round(again.seconds, 2)} s, RSS ${again.rssBeforeMiB} MiB +${again.rssGrowthMiB} MiB, ${againMonth.lines.toLocaleString('en')} lines`);

    // Exact to the cent (decision 0051): the lines add up to pool + sales owed + adjustments, in numeric.
    const sumsExact = (m: MonthCheck) =>
      BigInt(m.lines_pool) + BigInt(m.lines_sales) + BigInt(m.lines_adjustments) === BigInt(m.pool) + BigInt(m.sales_owed) + BigInt(m.adjustments) && BigInt(m.lines_pool) === BigInt(m.pool) && BigInt(m.lines_sales) === BigInt(m.sales_owed);
    // A line's credits are those spent on every pack it shares in (a split pack's credits count in each of its payees' lines).
    const creditsExact = (m: MonthCheck) => m.credits === creditRows[0]!.credits && BigInt(m.lines_credits) >= BigInt(m.credits);
    const checks = {
      lines_sum_to_pool_plus_sales_owed: sumsExact(firstMonth) && sumsExact(againMonth),
      credits_are_the_spends_credits: creditsExact(firstMonth) && creditsExact(againMonth),
      every_payee_has_a_line: firstMonth.payees === PAYEES,
      revenue_as_generated: Number(firstMonth.revenue) === generated.expected.revenueCents,
      pool_is_70_percent: BigInt(firstMonth.pool) === (BigInt(generated.expected.revenueCents) * 7000n) / 10000n,
      sales_owed_is_70_percent: BigInt(firstMonth.sales_owed) === (BigInt(generated.expected.salesCents) * 7000n) / 10000n,
      rerun_writes_the_same_lines: firstMonth.fingerprint === againMonth.fingerprint && firstMonth.lines === againMonth.lines,
    };
    const worstSeconds = Math.max(first.seconds, again.seconds);
    const worstRss = Math.max(first.rssGrowthMiB, again.rssGrowthMiB);
    const targets = {
      compute_seconds: { value: round(worstSeconds), target: `<= ${TARGET_SECONDS}`, met: worstSeconds <= TARGET_SECONDS },
      rss_growth_mib: { value: worstRss, target: `<= ${TARGET_RSS_MIB}`, met: worstRss <= TARGET_RSS_MIB },
      ...Object.fromEntries(Object.entries(checks).map(([name, ok]) => [name, { value: ok, target: true, met: ok }])),
    };
    const run = (r: typeof first, m: MonthCheck) => ({
      seconds: round(r.seconds),
      ratio_to_count: round(r.seconds / countSeconds, 1),
      rss_before_mib: r.rssBeforeMiB,
      rss_growth_mib: r.rssGrowthMiB,
      lines: m.lines,
    });
    const report = {
      benchmark: 'payouts',
      at: new Date().toISOString(),
      machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n)) },
      data: { month, payees: PAYEES, spends, producers: generated.producers, buyers: generated.buyers, owned_items: generated.ownedItems, generation_seconds: round(generated.seconds, 1), reused: reused !== null },
      baseline: { sql: 'select count(*) from owned_items where created_at in the month and credits > 0', seconds: counts.map((c) => round(c.seconds, 3)), median_seconds: countSeconds },
      compute_draft: { first: run(first, firstMonth), rerun: run(again, againMonth) },
      month_totals: { expected_revenue_cents: generated.expected.revenueCents, expected_sales_cents: generated.expected.salesCents, revenue_cents: firstMonth.revenue, pool_cents: firstMonth.pool, credits: firstMonth.credits, sales_owed_cents: firstMonth.sales_owed, adjustments_cents: firstMonth.adjustments, spends_credits: creditRows[0]!.credits, spends_price_cents: creditRows[0]!.sales },
      checks,
      targets,
      total_seconds: Math.round((Date.now() - started) / 1000),
    };
    const met = allMet(targets);
    const slowest = trace.statements
      .filter((t) => t.ms !== null)
      .sort((a, b) => b.ms! - a.ms!)
      .slice(0, 5)
      .map((t) => ({ seconds: round(t.ms! / 1000, 3), sql: t.text.replace(/\s+/g, ' ').slice(0, 240) }));
    Object.assign(report, { first_run_statements: { count: trace.statements.length, streamed: trace.statements.filter((t) => t.ms === null).length, slowest } });
    await writeReport(REPORT, report);
    if (!met || EXPLAIN) {
      log(`EXPLAIN ANALYZE of the slowest statements → ${path.relative(process.cwd(), EXPLAIN_REPORT)}`);
      await writeFile(EXPLAIN_REPORT, await explainSlowest(client, trace.statements));
    }
    const ok = Object.values(checks).every(Boolean);
    console.log(
      `bench:payouts ${report.machine.cores} cores, load ${loadAtStart.join('/')}: ${PAYEES.toLocaleString('en')} payees, ${spends.toLocaleString('en')} spends (generated in ${round(generated.seconds)} s); ` +
        `computeDraft ${round(first.seconds)} s (${report.compute_draft.first.ratio_to_count} × count(*) ${countSeconds} s), RSS +${first.rssGrowthMiB} MiB, ${firstMonth.lines.toLocaleString('en')} lines; ` +
        `re-run ${round(again.seconds)} s (${report.compute_draft.rerun.ratio_to_count} ×), RSS +${again.rssGrowthMiB} MiB; sums ${ok ? 'ok' : 'FAIL'}; targets ${met ? 'met' : 'not all met'} → ${path.relative(process.cwd(), REPORT)}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await client.end();
    await database.close();
    if (!KEEP) await dropDatabase(DATABASE_URL);
  }
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} with (force)`);
  } finally {
    await client.end();
  }
}

await main();
