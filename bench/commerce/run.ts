/**
 * `npm run bench:commerce` — issue 11's performance targets, each as a ratio to a baseline measured in the
 * same run, on PostgreSQL, over HTTP on loopback:
 *  1. zip: a whole pack of about 1 GB downloaded as one zip by its owner; throughput ≥ 0.8 × reading the same
 *     files straight from storage, and the process's RSS grows by ≤ 64 MB while it streams;
 *  2. gets: 200 concurrent "get" requests from 20 users with too few credits for all they ask: 0 overdrafts,
 *     0 double spends (a tenth of the requests repeat another's idempotency key); throughput as a ratio to
 *     signed-in /api/health;
 *  3. webhooks: 1,000 events with 30 % duplicates in shuffled order (webhooks.ts): final state exact, events/s.
 * Prints one summary line and writes bench/reports/commerce.json.
 *
 * BENCH_COMMERCE_PARTS (default `zip,gets,webhooks`) runs only the parts it names (`gets` alone while working on
 * the get); BENCH_CPU_PROFILE=<file> writes a CPU profile (.cpuprofile, as `node --cpu-prof` would) of the server
 * process for the gets alone (decision 0076).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/sql-rows.ts';
import { creditLedger, items, ownedItems } from '../../apps/server/src/db/schema/index.ts';
import { addCredits } from '../../apps/server/src/features/credits/credit-ledger-service.ts';
import { createFileFromUpload } from '../../apps/server/src/files/file-repository.ts';
import { createCreator, createItems, createPack } from '../../apps/server/test/catalogue-factories.ts';
import { createUser, type TestUser } from '../../apps/server/test/factories.ts';
import { startCpuProfile } from '../lib/cpu-profile.ts';
import { listenOnLoopback, recordServerTimes, runLoad, summarise } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';
import { commerceBenchContext } from './commerce-context.ts';
import { runWebhookBench } from './webhooks.ts';

const DATABASE_URL = process.env.BENCH_COMMERCE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_commerce_bench';
const ZIP_FILES = Number(process.env.BENCH_ZIP_FILES ?? 40);
const ZIP_FILE_MB = Number(process.env.BENCH_ZIP_FILE_MB ?? 25);
const GET_USERS = 20;
const GETS = 200;
const CREDITS_PER_USER = 6;
const REPORT = path.resolve(import.meta.dirname, '../reports/commerce.json');
const PARTS = new Set((process.env.BENCH_COMMERCE_PARTS ?? 'zip,gets,webhooks').split(',').map((part) => part.trim()));
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
/** Rounds of the gets (each with new users): one round of 200 lasts a second or two, too short a sample alone on a shared machine. */
const GET_ROUNDS = Number(process.env.BENCH_GET_ROUNDS ?? 3);
/** Who sends the gets: `process` (a process of their own, as the health baseline's load) or `inline` (fetch in the server's own process, as before decision 0076). */
const GETS_CLIENT = process.env.BENCH_GETS_CLIENT === 'inline' ? 'inline' : 'process';
const log = (line: string) => process.stderr.write(`${line}\n`);
const round2 = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const mib = (bytes: number) => round2(bytes / 2 ** 20, 1);

/**
 * The client, in a process of its own so the server's figures are the server's: node:http reading each URL
 * (one after another, on one keep-alive connection) and counting the bytes — what a download manager does.
 */
const DOWNLOADER = `
import http from 'node:http';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const [cookie, ...urls] = process.argv.slice(1);
let bytes = 0;
for (const url of urls) {
  await new Promise((resolve, reject) => {
    http.get(url, { agent, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) { console.error('status ' + res.statusCode + ' for ' + url); process.exit(1); }
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', resolve);
      res.on('error', reject);
    }).on('error', reject);
  });
}
console.log(bytes);`;

function downloadElsewhere(urls: string[], cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', DOWNLOADER, cookie, ...urls], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`the download exited with ${code}`))));
  });
}

/**
 * CPU time (ms) the PostgreSQL backends serving this benchmark's database have used so far, read from /proc (the
 * bench runs beside its PostgreSQL, on loopback): a get's cost is the server's CPU and the database's.
 */
async function databaseCpuMs(db: Db): Promise<Map<number, number>> {
  const rows = rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    // utime and stime, in clock ticks (100 a second), are fields 14 and 15; the command name (field 2) may hold spaces.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields) used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
  }
  return used;
}
const databaseCpuMsSince = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * Starts the gets' client (gets-client.ts) with every request ready and waits until it says so; `answers` then has
 * it send them all at once and resolves with their statuses, in order.
 */
async function startGetsClient(base: string, requests: { cookie: string; body: string }[]): Promise<{ answers(): Promise<number[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'gets-client.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  child.stdin.write(JSON.stringify({ base, requests }) + '\n');
  if ((await lines.next()).value !== 'ready') throw new Error("the gets' client did not start");
  return {
    async answers() {
      child.stdin.end('go\n');
      const { value } = await lines.next();
      const code = await exited;
      if (code !== 0 || typeof value !== 'string') throw new Error(`the gets' client exited with ${code}`);
      return (JSON.parse(value) as { answers: { status: number }[] }).answers.map((a) => a.status);
    },
  };
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round2(n));
  const { dataDir, ctx } = await commerceBenchContext(DATABASE_URL, 'crate-bench-commerce-');
  const app = await buildApp(ctx);
  const timings = recordServerTimes(app);
  const base = await listenOnLoopback(app);
  const makerUser = await createUser(ctx, { roles: ['creator'] });
  const creator = await createCreator(ctx, makerUser.id, { name: 'Bench Audio' });
  const acquire = (user: TestUser, target: 'item' | 'pack', id: string, key = randomUUID()) =>
    fetch(`${base}/api/acquisitions`, { method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json', origin: base }, body: JSON.stringify({ target, id, idempotency_key: key }) });

  // ── 1. A ~1 GB pack as one zip ────────────────────────────────────────────────────────────────────
  const zipPart = async () => {
    log(`zip: writing a pack of ${ZIP_FILES} × ${ZIP_FILE_MB} MB files`);
    const bigPack = await createPack(ctx, creator.id, { title: 'Bench Gigabyte', status: PACK_STATUS.published, isFree: true });
    const bigItems = await createItems(ctx, bigPack, ZIP_FILES, { isFree: true, creditCost: 0 });
    const keys: string[] = [];
    for (const [index, item] of bigItems.entries()) {
      const file = await createFileFromUpload(ctx, { body: randomBytes(ZIP_FILE_MB * 2 ** 20), originalName: `take_${index}.wav`, contentType: 'audio/wav', kind: 'Sample audio', packId: bigPack.id, itemId: item.id });
      await ctx.db.update(items).set({ audioFileId: file.id }).where(eq(items.id, item.id));
      keys.push(file.storageKey);
    }
    const owner = await createUser(ctx, { name: 'Bench Owner' });
    const got = await acquire(owner, 'pack', bigPack.id);
    if (got.status !== 200) throw new Error(`getting the pack answered ${got.status}: ${await got.text()}`);

    const readRaw = async () => {
      // The baseline: the same files read straight from storage, one after another, in this process.
      const t0 = performance.now();
      let bytes = 0;
      for (const key of keys) {
        const stored = await ctx.storage.get(key);
        for await (const chunk of stored!.body) bytes += (chunk as Buffer).length;
      }
      return { bytes, ms: performance.now() - t0 };
    };
    const readZip = async () => {
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const t0 = performance.now();
      try {
        const bytes = await downloadElsewhere([`${base}/api/downloads/packs/${bigPack.id}`], owner.cookie);
        return { bytes, ms: performance.now() - t0, rssGrowth: peak - before };
      } finally {
        clearInterval(sampler);
      }
    };
    // The transport's own ceiling, for the arithmetic: the same files downloaded one by one over the same HTTP path.
    const readFilesOverHttp = async () => {
      const t0 = performance.now();
      const bytes = await downloadElsewhere(
        bigItems.map((item) => `${base}/api/downloads/items/${item.id}`),
        owner.cookie,
      );
      return { bytes, ms: performance.now() - t0 };
    };
    log('zip: raw reads, plain file downloads and zip downloads, alternating (the first of each warms the page cache)');
    await readRaw();
    await readFilesOverHttp();
    await readZip();
    const raws = [await readRaw(), await readRaw()];
    const plain = [await readFilesOverHttp(), await readFilesOverHttp()];
    const zips = [await readZip(), await readZip()];
    const rawMBps = Math.max(...raws.map((r) => r.bytes / 2 ** 20 / (r.ms / 1000)));
    const plainMBps = Math.max(...plain.map((r) => r.bytes / 2 ** 20 / (r.ms / 1000)));
    const zipMBps = Math.max(...zips.map((z) => z.bytes / 2 ** 20 / (z.ms / 1000)));
    const zip = {
      files: ZIP_FILES,
      total_mib: mib(raws[0]!.bytes),
      zip_mib: mib(zips[0]!.bytes),
      raw_read_mib_per_s: round2(rawMBps, 1),
      zip_mib_per_s: round2(zipMBps, 1),
      /** The same files as plain downloads over the same HTTP path: what the transport itself carries. */
      plain_downloads_mib_per_s: round2(plainMBps, 1),
      throughput_ratio: round2(zipMBps / rawMBps),
      /** The zip against the transport's ceiling: what archiving costs on top of HTTP. */
      zip_to_plain_downloads_ratio: round2(zipMBps / plainMBps),
      rss_growth_mib: mib(Math.max(...zips.map((z) => z.rssGrowth))),
    };
    log(`  zip ${zip.zip_mib_per_s} MiB/s vs raw ${zip.raw_read_mib_per_s} MiB/s (ratio ${zip.throughput_ratio}) vs plain downloads ${zip.plain_downloads_mib_per_s} MiB/s (ratio ${zip.zip_to_plain_downloads_ratio}), RSS +${zip.rss_growth_mib} MiB`);
    return zip;
  };
  const zip = PARTS.has('zip') ? await zipPart() : null;

  // ── 2. 200 concurrent gets from 20 users with too few credits ─────────────────────────────────────
  /** One round: 20 new users with 6 credits each send 200 gets at once; whether any was overdrawn or spent twice. */
  const getsRound = async (round: number) => {
    const shop = await createPack(ctx, creator.id, { title: `Bench Shop ${round}`, status: PACK_STATUS.published });
    const shopItems = await createItems(ctx, shop, 30, { creditCost: 1 });
    const buyers: TestUser[] = [];
    for (let u = 0; u < GET_USERS; u++) {
      const user = await createUser(ctx, { name: `Buyer ${round}.${u}` });
      await addCredits(ctx.db, { userId: user.id, kind: 'grant', amount: CREDITS_PER_USER, reason: 'bench', idempotencyKey: `bench:${randomUUID()}`, expiresAt: null });
      buyers.push(user);
    }
    const requests = Array.from({ length: GETS }, (_, n) => ({ user: buyers[n % GET_USERS]!, item: shopItems[Math.floor(Math.random() * shopItems.length)]!, key: randomUUID() }));
    // A tenth repeat an earlier request of the same user exactly (a double click, a retry): it must not charge again.
    for (let n = 0; n < GETS / 10; n++) {
      const original = requests[n * 10]!;
      requests[n * 10 + 1] = { ...original };
    }
    const client = GETS_CLIENT === 'process' ? await startGetsClient(base, requests.map((r) => ({ cookie: r.user.cookie, body: JSON.stringify({ target: 'item', id: r.item.id, idempotency_key: r.key }) }))) : null;
    timings.reset();
    const databaseCpu = await databaseCpuMs(ctx.db);
    const cpu = process.cpuUsage();
    const profiler = CPU_PROFILE && round === GET_ROUNDS - 1 ? await startCpuProfile() : null;
    const t0 = performance.now();
    const statusList = client ? await client.answers() : await Promise.all(requests.map(async (r) => (await acquire(r.user, 'item', r.item.id, r.key)).status));
    const wall = (performance.now() - t0) / 1000;
    const cpuMs = cpuMsSince(cpu);
    const databaseMs = databaseCpuMsSince(databaseCpu, await databaseCpuMs(ctx.db));
    if (profiler) await writeFile(CPU_PROFILE!, await profiler.stop());
    const server = summarise(timings.times(), wall);
    const statuses: Record<string, number> = {};
    for (const status of statusList) statuses[status] = (statuses[status] ?? 0) + 1;
    let overdrafts = 0;
    let doubleSpends = 0;
    for (const user of buyers) {
      const [{ balance }] = (await ctx.db.select({ balance: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` }).from(creditLedger).where(eq(creditLedger.userId, user.id))) as [{ balance: number }];
      const [{ owned }] = (await ctx.db.select({ owned: sql<number>`count(*)::int` }).from(ownedItems).where(eq(ownedItems.userId, user.id))) as [{ owned: number }];
      if (balance < 0) overdrafts += 1;
      // Every credit spent bought exactly one sound: spent credits beyond the sounds owned were spent twice.
      if (CREDITS_PER_USER - balance !== owned) doubleSpends += 1;
    }
    log(`  round ${round + 1}: ${round2(GETS / wall)} gets/s (${JSON.stringify(statuses)}), server p50 ${server.p50_ms} ms, ${round2(cpuMs / GETS)} ms of this process's CPU and ${round2(databaseMs / GETS)} ms of PostgreSQL's a get; ${overdrafts} overdrafts, ${doubleSpends} double spends`);
    return { wall, statuses, server, cpuMs, databaseMs, overdrafts, doubleSpends, cookie: buyers[0]!.cookie };
  };
  const getsPart = async () => {
    log(`gets: ${GET_ROUNDS} rounds of ${GETS} at once from ${GET_USERS} new users with ${CREDITS_PER_USER} credits each, sent ${GETS_CLIENT === 'process' ? 'by a process of their own' : 'from the server process (fetch)'}`);
    const rounds = [];
    for (let round = 0; round < GET_ROUNDS; round++) rounds.push(await getsRound(round));
    log('gets: the baseline, signed-in /api/health');
    timings.reset();
    const databaseCpu = await databaseCpuMs(ctx.db);
    const cpu = process.cpuUsage();
    const health = await runLoad(base, ['/api/health'], rounds[0]!.cookie, 32, 8);
    const healthCpuMs = cpuMsSince(cpu);
    const healthDatabaseMs = databaseCpuMsSince(databaseCpu, await databaseCpuMs(ctx.db));
    const healthServer = summarise(timings.times(), health.wallMs / 1000);
    const wall = rounds.reduce((sum, r) => sum + r.wall, 0);
    const perSecond = (GETS * rounds.length) / wall;
    const statuses: Record<string, number> = {};
    for (const r of rounds) for (const [status, count] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    const overdrafts = rounds.reduce((sum, r) => sum + r.overdrafts, 0);
    const doubleSpends = rounds.reduce((sum, r) => sum + r.doubleSpends, 0);
    const gets = {
      requests: GETS,
      rounds: rounds.length,
      users: GET_USERS,
      credits_per_user: CREDITS_PER_USER,
      client: GETS_CLIENT,
      statuses,
      overdrafts,
      double_spends: doubleSpends,
      per_second: round2(perSecond, 1),
      per_second_by_round: rounds.map((r) => round2(GETS / r.wall, 1)),
      server_by_round: rounds.map((r) => r.server),
      /** This process's CPU (user + system) per request: the server's alone when the gets' client is a process of its own. */
      cpu_ms_per_get: round2(rounds.reduce((sum, r) => sum + r.cpuMs, 0) / (GETS * rounds.length)),
      cpu_ms_per_health: round2(healthCpuMs / healthServer.requests),
      /** PostgreSQL's CPU per request: its backends serving the bench's database (from /proc; PostgreSQL runs beside the bench). */
      database_cpu_ms_per_get: round2(rounds.reduce((sum, r) => sum + r.databaseMs, 0) / (GETS * rounds.length)),
      database_cpu_ms_per_health: round2(healthDatabaseMs / healthServer.requests),
      health_per_second: healthServer.per_second,
      throughput_ratio_to_health: round2(perSecond / healthServer.per_second, 4),
    };
    log(`  ${gets.per_second} gets/s (${JSON.stringify(statuses)}), ${overdrafts} overdrafts, ${doubleSpends} double spends; health ${healthServer.per_second} req/s; CPU a get ${gets.cpu_ms_per_get} ms + PostgreSQL ${gets.database_cpu_ms_per_get} ms, a health ${gets.cpu_ms_per_health} ms + ${gets.database_cpu_ms_per_health} ms`);
    return gets;
  };
  const gets = PARTS.has('gets') ? await getsPart() : null;

  await app.close();
  await ctx.database.close();
  await rm(dataDir, { recursive: true, force: true });

  // ── 3. Webhooks ───────────────────────────────────────────────────────────────────────────────────
  const webhooks = PARTS.has('webhooks') ? (log('webhooks'), await runWebhookBench()) : null;

  const targets = {
    ...(zip && {
      zip_throughput_ratio: { value: zip.throughput_ratio, target: '>= 0.8', met: zip.throughput_ratio >= 0.8 },
      zip_rss_growth_mib: { value: zip.rss_growth_mib, target: '<= 64', met: zip.rss_growth_mib <= 64 },
    }),
    ...(gets && {
      overdrafts: { value: gets.overdrafts, target: 0, met: gets.overdrafts === 0 },
      double_spends: { value: gets.double_spends, target: 0, met: gets.double_spends === 0 },
    }),
    ...(webhooks && { webhooks_final_state_exact: { value: webhooks.met, target: true, met: webhooks.met } }),
  };
  const report = {
    benchmark: 'commerce',
    at: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round2(n)) },
    zip,
    gets,
    webhooks: webhooks?.report ?? null,
    targets,
    total_seconds: Math.round((Date.now() - started) / 1000),
  };
  await writeReport(REPORT, report);
  const met = allMet(targets);
  const said = [
    zip &&
      `zip of ${zip.total_mib} MiB at ${zip.zip_mib_per_s} MiB/s vs raw reads ${zip.raw_read_mib_per_s} MiB/s (ratio ${zip.throughput_ratio}; plain downloads ${zip.plain_downloads_mib_per_s} MiB/s, zip/plain ${zip.zip_to_plain_downloads_ratio}), RSS +${zip.rss_growth_mib} MiB`,
    gets && `${GETS} concurrent gets ${gets.per_second}/s (ratio to /api/health ${gets.throughput_ratio_to_health}), ${gets.overdrafts} overdrafts, ${gets.double_spends} double spends`,
    webhooks?.summary.replace(/^bench:commerce /, ''),
  ].filter(Boolean);
  console.log(`bench:commerce ${report.machine.cores} cores, load ${loadAtStart.join('/')}: ${said.join('; ')}; targets ${met ? 'met' : 'not all met'} → ${path.relative(process.cwd(), REPORT)}`);
  if (!met) process.exitCode = 1;
}

await main();
