/**
 * The upload part of `npm run bench:studio`: about 1 GB of WAV files (BENCH_UPLOAD_FILES × BENCH_UPLOAD_FILE_MB
 * MiB, 24-bit stereo PCM, generated once into a cache under os.tmpdir()) uploaded into a draft pack through
 * the real tus endpoint from another process with the web app's settings (16 MiB PATCHes, 3 files at a time).
 * Runnable on its own (`node --expose-gc --import tsx bench/studio/upload.ts`).
 *
 * The client (upload-client.ts) speaks tus in raw HTTP, piping each chunk from the file as a browser's native
 * fetch would; tus-js-client's Node build, with the same settings, is measured once too — its JS, not the
 * server, bounded the first runs (3× the server time per PATCH), and a browser does not run that code.
 *
 * Baseline, in the same run: the same files copied by a stream (read, write) into another directory, 3 at a
 * time. The source files are in the page cache for both (dropping it needs root); neither is fsynced by the
 * copy, while object storage fsyncs every object it stores — fs.copyFile (in-kernel copy_file_range) and a
 * stream copy that fsyncs are reported beside it. Copy and upload alternate, twice each; the best of each counts.
 *
 * Server side: the RSS of this process (the server runs in it) every 100 ms during each upload, and each
 * PATCH's server time (Fastify's reply.elapsedTime): a file's last PATCH includes the ingest (content check,
 * storing the file with its MD5, the pack's transaction), so last minus middle PATCHes shows its cost.
 * Job workers are off: what the upload queues (analyse-audio) waits for a worker, as with `npm run worker`.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { StudioPack } from '@crate/contract/studio-packs';
import { encodeWav } from '@crate/audio/wav';
import { API } from '@crate/contract/api-endpoints';
import { callApi, log, machine, mib, round, sampleRss, startStudioServer, type StudioServer } from './studio-server.ts';
import { allMet, type BenchPartResult, writeReport } from '../lib/report.ts';

/** The tus endpoint, from the contract like every other address. */
const UPLOAD_PATH = API.createUpload.path;

const FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 20);
const FILE_MB = Number(process.env.BENCH_UPLOAD_FILE_MB ?? 50);
const CHUNK_BYTES = 16 * 2 ** 20;
const PARALLEL = 3;
const ROUNDS = 2;
type UploadClient = 'raw' | 'tus-js-client';
const RATE = 44100;
const CACHE = path.join(os.tmpdir(), 'crate-bench-studio-cache', `upload-${FILES}x${FILE_MB}MiB-v1`);
const REPORT = path.resolve(import.meta.dirname, '../reports/studio-upload.json');

/** A take of `bytes` as 24-bit stereo WAV: a chord that drifts, with a little noise, different for each index (real PCM, no two files alike). */
function takeWav(index: number, bytes: number): Buffer {
  const frames = Math.floor((bytes - 44) / 6);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const root = 55 * 2 ** (index / 12);
  let seed = 0x9e3779b9 ^ index;
  for (let i = 0; i < frames; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    const noise = (seed / 2 ** 31) * 0.02;
    const t = i / RATE;
    const a = Math.sin(2 * Math.PI * root * t);
    const b = Math.sin(2 * Math.PI * root * 1.5 * t + 0.001 * t * t);
    left[i] = 0.3 * a + 0.2 * b + noise;
    right[i] = 0.2 * a + 0.3 * b - noise;
  }
  return encodeWav({ sampleRate: RATE, channels: [left, right] }, 24);
}

/** The files, generated once (later runs find them in the cache). */
async function cachedTakes(): Promise<string[]> {
  await mkdir(CACHE, { recursive: true });
  const bytes = FILE_MB * 2 ** 20;
  const paths: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const file = path.join(CACHE, `take-${String(i + 1).padStart(2, '0')}.wav`);
    const size = await stat(file).then((s) => s.size, () => -1);
    if (size < bytes - 6 || size > bytes) {
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, takeWav(i, bytes));
      await rename(temp, file);
      log(`  generated ${path.basename(file)}`);
    }
    paths.push(file);
  }
  return paths;
}

async function eachAtOnce<T>(list: readonly T[], limit: number, work: (value: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, async () => {
    while (next < list.length) await work(list[next++]!);
  }));
}

type CopyWay = 'stream' | 'stream-fsync' | 'copyFile';

/**
 * The floor HTTP itself sets on this machine: a bare node:http server answering the same tus requests the
 * client sends (POST → 201 and a Location, PATCH → the body piped into a file at its offset), no framework,
 * no sign-in, no tus library, no ingest. Ours minus this is what Fastify, tus and the ingest cost.
 */
async function bareHttpUpload(server: StudioServer, sources: string[]): Promise<{ bytes: number; ms: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-bare-'));
  const sizes = new Map<string, number>();
  const bare = http.createServer((req, res) => {
    void (async () => {
      if (req.method === 'POST') {
        const id = randomUUID();
        sizes.set(id, Number(req.headers['upload-length']));
        await writeFile(path.join(folder, id), '');
        res.writeHead(201, { location: `/uploads/${id}` }).end();
        return;
      }
      const id = path.basename(req.url ?? '');
      const offset = Number(req.headers['upload-offset']);
      await pipeline(req, createWriteStream(path.join(folder, id), { flags: 'r+', start: offset }));
      const done = offset + Number(req.headers['content-length']) >= sizes.get(id)!;
      res.writeHead(done ? 200 : 204).end();
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    const endpoint = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/uploads`;
    const sent = await uploadElsewhere({ ...server, base: endpoint.replace(/\/uploads$/, '') }, randomUUID(), sources, 'raw', endpoint);
    return { bytes: sent.bytes, ms: sent.wallMs };
  } finally {
    bare.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The baseline: the same bytes copied into another directory, 3 at a time. */
async function copyAll(sources: string[], way: CopyWay): Promise<{ bytes: number; ms: number }> {
  const target = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-copy-'));
  let bytes = 0;
  const t0 = performance.now();
  try {
    await eachAtOnce(sources, PARALLEL, async (source) => {
      const to = path.join(target, path.basename(source));
      if (way === 'copyFile') await copyFile(source, to);
      else await pipeline(createReadStream(source), createWriteStream(to, { flush: way === 'stream-fsync' }));
      const { size } = await stat(to);
      bytes += size;
    });
    return { bytes, ms: performance.now() - t0 };
  } finally {
    await rm(target, { recursive: true, force: true });
  }
}

function uploadElsewhere(server: StudioServer, packId: string, sources: string[], client: UploadClient, endpoint = `${server.base}${UPLOAD_PATH}`): Promise<{ bytes: number; wallMs: number; perFileMs: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'upload-client.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    const files = sources.map((file) => ({ path: file, relativePath: `Bench Gigabyte/Takes/${path.basename(file, '.wav')} Full Mix.wav` }));
    child.stdin.end(JSON.stringify({ endpoint, cookie: server.creator.cookie, origin: server.base, packId, files, chunkSize: CHUNK_BYTES, parallel: PARALLEL, client }));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the upload client exited with ${code}`))));
  });
}

/** Server time of every tus request, by what it was: creation, a middle PATCH (204), a file's last PATCH (200, with the ingest). */
function recordUploadTimes(app: FastifyInstance) {
  let times = { create: [] as number[], middle: [] as number[], last: [] as number[] };
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith(UPLOAD_PATH)) return;
    if (request.method === 'POST') times.create.push(reply.elapsedTime);
    else if (request.method === 'PATCH') (reply.statusCode === 200 ? times.last : times.middle).push(reply.elapsedTime);
  });
  return { reset: () => void (times = { create: [], middle: [], last: [] }), times: () => times };
}

const mean = (values: number[]) => (values.length === 0 ? 0 : round(values.reduce((s, v) => s + v, 0) / values.length, 1));

export async function runUploadBench(): Promise<BenchPartResult> {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((n) => round(n));
  log(`upload: ${FILES} × ${FILE_MB} MiB WAV files (cache ${CACHE})`);
  const sources = await cachedTakes();
  let timings!: ReturnType<typeof recordUploadTimes>;
  const server = await startStudioServer({ workers: false, beforeListen: (app) => void (timings = recordUploadTimes(app)) });
  try {
    type UploadRun = { client: UploadClient; bytes: number; ms: number; rss: ReturnType<ReturnType<typeof sampleRss>['stop']>; server: ReturnType<typeof timings.times>; files: number };
    const uploadRound = async (client: UploadClient, title: string): Promise<UploadRun> => {
      const pack = await callApi<StudioPack>(server, server.creator.cookie, 'POST', '/api/studio/packs', { title, genres: ['ambient'] });
      timings.reset();
      const rss = sampleRss(100);
      const sent = await uploadElsewhere(server, pack.id, sources, client);
      const memory = rss.stop();
      const stored = await callApi<StudioPack>(server, server.creator.cookie, 'GET', `/api/studio/packs/${pack.id}`);
      const storedBytes = stored.files.reduce((sum, f) => sum + f.size, 0);
      if (stored.files.length !== sources.length || storedBytes !== sent.bytes) throw new Error(`the pack holds ${stored.files.length} files of ${storedBytes} bytes, not ${sources.length} of ${sent.bytes}`);
      log(`    ${round(sent.bytes / 2 ** 20 / (sent.wallMs / 1000), 1)} MiB/s, RSS +${memory.growthMib} MiB`);
      return { client, bytes: sent.bytes, ms: sent.wallMs, rss: memory, server: timings.times(), files: stored.files.length };
    };
    const copies: Array<{ bytes: number; ms: number }> = [];
    const uploads: UploadRun[] = [];
    for (let round_ = 1; round_ <= ROUNDS; round_++) {
      log(`  round ${round_}: stream copy`);
      copies.push(await copyAll(sources, 'stream'));
      log(`  round ${round_}: upload through tus, raw HTTP PATCHes`);
      uploads.push(await uploadRound('raw', `Bench Gigabyte ${round_}`));
    }
    log('  for comparison: the same bytes to a bare node:http server (the floor HTTP sets)');
    const bareRuns = [await bareHttpUpload(server, sources), await bareHttpUpload(server, sources)];
    log('  for comparison: the same upload by tus-js-client (Node build)');
    const viaLibrary = await uploadRound('tus-js-client', 'Bench Gigabyte by tus-js-client');
    log('  for comparison: fs.copyFile, and a stream copy that fsyncs each file');
    const copyFileRun = await copyAll(sources, 'copyFile');
    const fsyncRun = await copyAll(sources, 'stream-fsync');

    const mibPerS = (r: { bytes: number; ms: number }) => r.bytes / 2 ** 20 / (r.ms / 1000);
    const copyMBps = Math.max(...copies.map(mibPerS));
    const best = uploads.reduce((a, b) => (mibPerS(b) > mibPerS(a) ? b : a));
    const uploadMBps = mibPerS(best);
    const rssGrowth = Math.max(...[...uploads, viaLibrary].map((u) => u.rss.growthMib));
    const ratio = round(uploadMBps / copyMBps);
    const middleMsPerMiB = round(mean(best.server.middle) / (CHUNK_BYTES / 2 ** 20), 2);
    const targets = {
      upload_throughput_ratio_to_copy: { value: ratio, target: '>= 0.7', met: ratio >= 0.7 },
      server_rss_growth_mib: { value: rssGrowth, target: '<= 128', met: rssGrowth <= 128 },
    };
    const report = {
      benchmark: 'studio-upload',
      at: new Date().toISOString(),
      machine: machine(loadAtStart),
      database: 'PostgreSQL (fresh database), local object storage and the tus file store in a temporary DATA_DIR, job workers off',
      files: FILES,
      file_mib: FILE_MB,
      total_mib: mib(best.bytes),
      client: `raw HTTP in another process as a browser's native fetch sends it: POST, then ${CHUNK_BYTES / 2 ** 20} MiB PATCHes piped from the file, ${PARALLEL} files at a time, HTTP/1.1 keep-alive on loopback`,
      baseline: `stream copy (createReadStream → createWriteStream) of the same files into another directory, ${PARALLEL} at a time, no fsync; source files in the page cache for both`,
      copy_mib_per_s: copies.map((c) => round(mibPerS(c), 1)),
      upload_mib_per_s: uploads.map((u) => round(mibPerS(u), 1)),
      best_copy_mib_per_s: round(copyMBps, 1),
      best_upload_mib_per_s: round(uploadMBps, 1),
      throughput_ratio: ratio,
      bare_http_floor: {
        note: 'the same client and bytes to a bare node:http server writing each PATCH to a file: what HTTP on loopback costs here before Fastify, tus and the ingest',
        mib_per_s: bareRuns.map((r) => round(mibPerS(r), 1)),
        ratio_to_copy: round(Math.max(...bareRuns.map(mibPerS)) / copyMBps),
        upload_to_bare_ratio: round(uploadMBps / Math.max(...bareRuns.map(mibPerS))),
      },
      tus_js_client: {
        note: "the web app's library, Node build, same settings: its JS (reading each chunk, sending it) costs more CPU than the server's side and was the bottleneck, so the target is measured with the raw client",
        mib_per_s: round(mibPerS(viaLibrary), 1),
        ratio_to_copy: round(mibPerS(viaLibrary) / copyMBps),
        middle_patch_ms_mean: mean(viaLibrary.server.middle),
        last_patch_ms_mean: mean(viaLibrary.server.last),
      },
      for_comparison: { copy_file_mib_per_s: round(mibPerS(copyFileRun), 1), stream_copy_fsync_each_file_mib_per_s: round(mibPerS(fsyncRun), 1), ratio_to_fsync_copy: round(uploadMBps / mibPerS(fsyncRun)) },
      server_rss: [...uploads, viaLibrary].map((u) => ({ client: u.client, ...u.rss })),
      server_rss_growth_mib: rssGrowth,
      server_time_best_round: {
        creations: best.server.create.length,
        create_ms_mean: mean(best.server.create),
        middle_patches: best.server.middle.length,
        middle_patch_ms_mean: mean(best.server.middle),
        middle_patch_ms_per_mib: middleMsPerMiB,
        last_patches: best.server.last.length,
        last_patch_ms_mean: mean(best.server.last),
        note: 'a last PATCH carries the rest of the file (up to 16 MiB) and the ingest; the middle PATCHes are the tus write alone',
      },
      targets,
      total_seconds: Math.round((Date.now() - started) / 1000),
    };
    await writeReport(REPORT, report);
    const met = allMet(targets);
    const summary = `upload ${report.total_mib} MiB ${ratio}× copy (${report.best_upload_mib_per_s} MiB/s vs ${report.best_copy_mib_per_s}; bare node:http ${Math.max(...report.bare_http_floor.mib_per_s)}), +${rssGrowth} MiB RSS`;
    return { report, summary, met };
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { summary, met } = await runUploadBench();
  console.log(`bench:studio ${summary} → ${path.relative(process.cwd(), REPORT)}`);
  if (!met) process.exitCode = 1;
}
