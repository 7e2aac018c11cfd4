/**
 * `npm run bench:studio` — issue 12's performance targets, each against a baseline measured in the same run:
 *  1. upload (upload.ts): ~1 GB of WAVs through the real tus endpoint with the web app's client settings;
 *     throughput ≥ 0.7 × a stream copy of the same bytes, server RSS growth ≤ 128 MB;
 *  2. processing (processing.ts): a 300-file pack from approval to published by the job queue; ≤ 1.5 × plain
 *     ffmpeg transcoding of the same files to MP3 at the pipeline's concurrency; peak RSS;
 *  3. decode latency (decode-latency.ts, decision 0031): signed-in /api/health p99 while a lying 30-minute demo
 *     is decoded < 2 × its idle p99;
 *  4. analytics (analytics.ts, unchanged): pack analytics over 10 M play events, p95 ≤ 50 ms. Last, as it
 *     may first spend minutes building its database. BENCH_SKIP_ANALYTICS=1 leaves it out (quick local runs).
 * Each part is runnable alone and writes its own report; this prints one summary line and writes
 * bench/reports/studio.json with every figure, the core count and the load averages (another engineer's
 * tests may share the machine: the load says how much).
 */
import os from 'node:os';
import path from 'node:path';
import { runAnalyticsBench } from './analytics.ts';
import { runDecodeLatencyBench } from './decode-latency.ts';
import { runProcessingBench } from './processing.ts';
import { log, round } from './studio-server.ts';
import { runUploadBench } from './upload.ts';
import { writeReport } from '../lib/report.ts';

const REPORT = path.resolve(import.meta.dirname, '../reports/studio.json');
const skipAnalytics = process.env.BENCH_SKIP_ANALYTICS === '1';

const started = Date.now();
const loadAtStart = os.loadavg().map((n) => round(n));
const upload = await runUploadBench();
log(upload.summary);
const processing = await runProcessingBench();
log(processing.summary);
const decode = await runDecodeLatencyBench();
log(decode.summary);
const analytics = skipAnalytics ? null : await runAnalyticsBench();
if (analytics) log(analytics.summary);
const loadAtEnd = os.loadavg().map((n) => round(n));

const parts = [upload, processing, decode, ...(analytics ? [analytics] : [])];
const met = parts.every((p) => p.met);
const analyticsReport = analytics?.report as { pack_analytics?: { server: { p95_ms: number } }; hit_pack_only?: { server: { p95_ms: number } } } | undefined;
const analyticsP95 = analyticsReport ? Math.max(analyticsReport.pack_analytics!.server.p95_ms, analyticsReport.hit_pack_only!.server.p95_ms) : null;
const report = {
  benchmark: 'studio',
  at: new Date().toISOString(),
  machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: loadAtEnd },
  upload: upload.report,
  processing: processing.report,
  decode: decode.report,
  analytics: analytics?.report ?? 'skipped (BENCH_SKIP_ANALYTICS=1)',
  targets_met: { upload: upload.met, processing: processing.met, decode: decode.met, analytics: analytics?.met ?? null },
  total_seconds: Math.round((Date.now() - started) / 1000),
};
await writeReport(REPORT, report);
console.log(
  `bench:studio ${upload.summary} · ${processing.summary} · ${decode.summary} · ${analyticsP95 === null ? 'analytics skipped' : `analytics p95 ${analyticsP95} ms`} · ` +
    `${report.machine.cores} cores, load ${loadAtStart.join('/')} → ${loadAtEnd.join('/')}; targets ${met ? 'met' : 'not all met'} → ${path.relative(process.cwd(), REPORT)}`,
);
if (!met) process.exitCode = 1;
