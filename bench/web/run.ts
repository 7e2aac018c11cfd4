/**
 * `npm run bench:web` — issue 3's performance targets in one run:
 *  - Discover first load in headless Chromium: ≤ 170 KB gzipped JavaScript before first interaction, LCP ≤ 1.0 s;
 *  - preview start (click → `playing`): median ≤ 150 ms over 20 items;
 *  - search keystroke → results painted on localhost: median ≤ 100 ms (issue 4);
 *  - catalogue list endpoints on PostgreSQL with 1,000,000 items: p95 ≤ 20 ms at 32 connections, throughput
 *    as a ratio to /api/health measured in the same run.
 * Needs `npm run build` first, Chromium, and PostgreSQL (BENCH_DATABASE_URL, default the bench:search database).
 * Prints one summary line and writes bench/reports/web.json.
 */
import os from 'node:os';
import path from 'node:path';
import { measureInBrowser } from './browser-load.ts';
import { measureCatalogueLists } from './catalogue-load.ts';
import { measureKeystrokesOnMillion } from './million-keystroke.ts';
import { allMet, writeReport } from '../lib/report.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_search_bench';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const REPORT = path.resolve(import.meta.dirname, '../reports/web.json');
const log = (line: string) => process.stderr.write(`${line}\n`);

const started = Date.now();
const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
log('browser: Discover first load, preview start, search keystroke');
const browser = await measureInBrowser({ previews: 20, log });
log('search keystroke on the million-sound catalogue');
const millionKeystroke = await measureKeystrokesOnMillion({ databaseUrl: DATABASE_URL, words: 20, log });
log('catalogue lists on PostgreSQL');
const lists = await measureCatalogueLists({ databaseUrl: DATABASE_URL, items: ITEMS, connections: CONNECTIONS, seconds: SECONDS, log });

const targets = {
  discover_js_gzip_kb: { target: 170, value: browser.discover.js_gzip_kb, met: browser.discover.js_gzip_kb <= 170 },
  discover_lcp_ms: { target: 1000, value: browser.discover.lcp_ms, met: browser.discover.lcp_ms <= 1000 },
  preview_start_median_ms: { target: 150, value: browser.preview_start.median_ms, met: browser.preview_start.median_ms <= 150 },
  search_keystroke_median_ms: { target: 100, value: browser.search_keystroke.median_ms, met: browser.search_keystroke.median_ms <= 100 },
  search_keystroke_million_median_ms: { target: 100, value: millionKeystroke.median_ms, met: millionKeystroke.median_ms <= 100 },
  lists_p95_ms: { target: 20, value: lists.lists.p95_ms, met: lists.lists.p95_ms <= 20 },
};
const report = {
  benchmark: 'web',
  at: new Date().toISOString(),
  machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart },
  measured: {
    discover: 'cold context; scripts fetched until network idle, sized by their .gz build files; LCP from PerformanceObserver',
    preview_start: 'click → audio `playing` inside the page, rows of one pack in order, paused between clicks',
    search_keystroke: "signed-in subscriber on /search with a word's prefix answered; keydown of its last letter → requestAnimationFrame of the frame showing that word's results",
    lists: 'server-side (reply.elapsedTime), HTTP/1.1 keep-alive on loopback from a separate load process; with the public micro-cache as deployed, and again with it off',
  },
  browser,
  search_keystroke_million: millionKeystroke,
  catalogue_lists: lists,
  targets,
  total_seconds: Math.round((Date.now() - started) / 1000),
};
await writeReport(REPORT, report);
const met = allMet(targets);
console.log(
  `bench:web ${report.machine.cores} cores: Discover JS ${browser.discover.js_gzip_kb} KB gz, LCP ${browser.discover.lcp_ms} ms; ` +
    `preview start median ${browser.preview_start.median_ms} ms (${browser.preview_start.samples} items); ` +
    `search keystroke → results median ${browser.search_keystroke.median_ms} ms p95 ${browser.search_keystroke.p95_ms} ms (${browser.search_keystroke.samples} words), on ${ITEMS.toLocaleString('en')} sounds median ${millionKeystroke.median_ms} ms p95 ${millionKeystroke.p95_ms} ms; ` +
    `lists on ${lists.items.toLocaleString('en')} items p50 ${lists.lists.p50_ms} ms p95 ${lists.lists.p95_ms} ms ${lists.lists.per_second} req/s ` +
    `(ratio to /api/health ${lists.throughput_ratio_to_health}, micro-cache hits ${Math.round(lists.lists_cache_hit_ratio * 100)} %; ` +
    `without it p50 ${lists.lists_uncached.p50_ms} ms p95 ${lists.lists_uncached.p95_ms} ms ${lists.lists_uncached.per_second} req/s); targets ${met ? 'met' : 'not met'} → ${path.relative(process.cwd(), REPORT)}`,
);
