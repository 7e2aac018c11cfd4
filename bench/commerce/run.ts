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
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { creditLedger, items, ownedItems } from '../../apps/server/src/db/schema/index.ts';
import { addCredits } from '../../apps/server/src/features/credits/credit-ledger-service.ts';
import { createFileFromUpload } from '../../apps/server/src/files/file-repository.ts';
import { createCreator, createItems, createPack } from '../../apps/server/test/catalogue-factories.ts';
import { createUser, type TestUser } from '../../apps/server/test/factories.ts';
import { freshDatabase, listenOnLoopback, recordServerTimes, runLoad, summarise } from '../lib/http-load.ts';
import { allMet, writeReport } from '../lib/report.ts';
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
const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const mib = (bytes: number) => round(bytes / 2 ** 20, 1);

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

/** A CPU profile of this process (the server's side of the gets) from now until `stop`, as `node --cpu-prof` writes one. */
async function startCpuProfile(): Promise<{ stop(): Promise<string> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return JSON.stringify(profile);
    },
  };
}

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n));
  await freshDatabase(DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-commerce-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: 'false', SEARCH_INDEX: 'postgres', PUBLIC_URL: 'http://127.0.0.1:1' } as NodeJS.ProcessEnv, {
    database: { kind: 'postgres', url: DATABASE_URL },
    webDist: null,
    rateLimits: false,
  });
  const ctx = await createContext(config, pino({ level: 'silent' }));
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
      raw_read_mib_per_s: round(rawMBps, 1),
      zip_mib_per_s: round(zipMBps, 1),
      /** The same files as plain downloads over the same HTTP path: what the transport itself carries. */
      plain_downloads_mib_per_s: round(plainMBps, 1),
      throughput_ratio: round(zipMBps / rawMBps),
      /** The zip against the transport's ceiling: what archiving costs on top of HTTP. */
      zip_to_plain_downloads_ratio: round(zipMBps / plainMBps),
      rss_growth_mib: mib(Math.max(...zips.map((z) => z.rssGrowth))),
    };
    log(`  zip ${zip.zip_mib_per_s} MiB/s vs raw ${zip.raw_read_mib_per_s} MiB/s (ratio ${zip.throughput_ratio}) vs plain downloads ${zip.plain_downloads_mib_per_s} MiB/s (ratio ${zip.zip_to_plain_downloads_ratio}), RSS +${zip.rss_growth_mib} MiB`);
    return zip;
  };
  const zip = PARTS.has('zip') ? await zipPart() : null;

  // ── 2. 200 concurrent gets from 20 users with too few credits ─────────────────────────────────────
  const getsPart = async () => {
    log(`gets: ${GETS} at once from ${GET_USERS} users with ${CREDITS_PER_USER} credits each`);
    const shop = await createPack(ctx, creator.id, { title: 'Bench Shop', status: PACK_STATUS.published });
    const shopItems = await createItems(ctx, shop, 30, { creditCost: 1 });
    const buyers: TestUser[] = [];
    for (let u = 0; u < GET_USERS; u++) {
      const user = await createUser(ctx, { name: `Buyer ${u}` });
      await addCredits(ctx.db, { userId: user.id, kind: 'grant', amount: CREDITS_PER_USER, reason: 'bench', idempotencyKey: `bench:${randomUUID()}`, expiresAt: null });
      buyers.push(user);
    }
    const requests = Array.from({ length: GETS }, (_, n) => ({ user: buyers[n % GET_USERS]!, item: shopItems[Math.floor(Math.random() * shopItems.length)]!, key: randomUUID() }));
    // A tenth repeat an earlier request of the same user exactly (a double click, a retry): it must not charge again.
    for (let n = 0; n < GETS / 10; n++) {
      const original = requests[n * 10]!;
      requests[n * 10 + 1] = { ...original };
    }
    timings.reset();
    const profiler = CPU_PROFILE ? await startCpuProfile() : null;
    const t0 = performance.now();
    const answers = await Promise.all(requests.map(async (r) => ({ ...r, status: (await acquire(r.user, 'item', r.item.id, r.key)).status })));
    const getsWall = (performance.now() - t0) / 1000;
    if (profiler) await writeFile(CPU_PROFILE!, await profiler.stop());
    const getsServer = summarise(timings.times(), getsWall);
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    let overdrafts = 0;
    let doubleSpends = 0;
    for (const user of buyers) {
      const [{ balance }] = (await ctx.db.select({ balance: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` }).from(creditLedger).where(eq(creditLedger.userId, user.id))) as [{ balance: number }];
      const [{ owned }] = (await ctx.db.select({ owned: sql<number>`count(*)::int` }).from(ownedItems).where(eq(ownedItems.userId, user.id))) as [{ owned: number }];
      if (balance < 0) overdrafts += 1;
      // Every credit spent bought exactly one sound: spent credits beyond the sounds owned were spent twice.
      if (CREDITS_PER_USER - balance !== owned) doubleSpends += 1;
    }
    log('gets: the baseline, signed-in /api/health');
    timings.reset();
    const health = await runLoad(base, ['/api/health'], buyers[0]!.cookie, 32, 8);
    const healthServer = summarise(timings.times(), health.wallMs / 1000);
    const gets = {
      requests: GETS,
      users: GET_USERS,
      credits_per_user: CREDITS_PER_USER,
      statuses,
      overdrafts,
      double_spends: doubleSpends,
      per_second: round(GETS / getsWall, 1),
      server: getsServer,
      health_per_second: healthServer.per_second,
      throughput_ratio_to_health: round(GETS / getsWall / healthServer.per_second, 4),
    };
    log(`  ${gets.per_second} gets/s (${JSON.stringify(statuses)}), ${overdrafts} overdrafts, ${doubleSpends} double spends; health ${healthServer.per_second} req/s`);
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
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n)) },
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
