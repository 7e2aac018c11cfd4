/**
 * The decode-latency part of `npm run bench:studio` (decision 0031's target): while a 30-minute demo whose
 * header claims a few minutes is decoded — off the event loop, in the media pool, to its limit — and refused,
 * signed-in `/api/health` keeps a p99 under twice its idle value. Runnable on its own
 * (`node --import tsx bench/studio/decode-latency.ts`).
 *
 * A watcher asks health over one keep-alive connection every 5 ms (back to back, the client would take a core
 * from the decode): 200 to warm up, 400 idle, then throughout one decode, then 400 idle again; the idle p99 is
 * over both idle runs. ROUNDS decodes, each with its own samples; the median ratio counts. The watcher runs in
 * the server's process, as a test would, so a blocked event loop shows in both sides of every request.
 * The lying MP3 is made with the system's ffmpeg (a fixture, as in media-limits.int.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API } from '@crate/contract/api-endpoints';
import { mediaPool } from '../../apps/server/src/media/media-pool.ts';
import { createUser } from '../../apps/server/test/factories.ts';
import { lyingMp3 } from '../../apps/server/test/media-fixtures.ts';
import { median, summarise } from '../lib/http-load.ts';
import { allMet, type BenchPartResult, writeReport } from '../lib/report.ts';
import { log, machine, round, startStudioServer } from './studio-server.ts';

const REPORT = path.resolve(import.meta.dirname, '../reports/studio-decode.json');
const ROUNDS = Number(process.env.BENCH_DECODE_ROUNDS ?? 3);
const LIE_SECONDS = 1800;

export async function runDecodeLatencyBench(): Promise<BenchPartResult> {
  const loadAtStart = os.loadavg().map((n) => round(n));
  const server = await startStudioServer({ workers: false });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-decode-'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { ctx, base } = server;
    const watcher = await createUser(ctx, { roles: ['subscriber'] });
    const liar = lyingMp3(dir, LIE_SECONDS);

    const health = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        http
          .get(`${base}${API.health.path}`, { agent, headers: { cookie: watcher.cookie } }, (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`health answered ${res.statusCode}`))));
          })
          .on('error', reject);
      });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    /** Health every 5 ms: `count` answers, or while `going()` holds. */
    const sample = async (count: number, going?: () => boolean) => {
      const latencies: number[] = [];
      while (going ? going() : latencies.length < count) {
        latencies.push(await health());
        await pause();
      }
      return latencies;
    };

    await sample(200);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const applicant = await createUser(ctx, { roles: ['subscriber'] });
      const idleBefore = await sample(400);
      const decodesBefore = mediaPool().counts.started;
      let settled = false;
      const started = performance.now();
      const answer = fetch(`${base}${API.uploadApplicationDemo.path}?name=${encodeURIComponent('Beat Tape (30 min).mp3')}`, {
        method: 'POST',
        headers: { cookie: applicant.cookie, origin: base, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(liar),
      }).finally(() => (settled = true));
      const during = await sample(0, () => !settled);
      const res = await answer;
      const decodeMs = performance.now() - started;
      if (res.status !== 413 || mediaPool().counts.started !== decodesBefore + 1) throw new Error(`the lying demo answered ${res.status} after ${mediaPool().counts.started - decodesBefore} decodes; expected 413 after one`);
      const idleAfter = await sample(400);
      const idle = summarise([...idleBefore, ...idleAfter], 1);
      const busy = summarise(during, decodeMs / 1000);
      rounds.push({ decode_ms: round(decodeMs), idle_p99_ms: idle.p99_ms, during_p99_ms: busy.p99_ms, during_max_ms: busy.max_ms, during_requests: busy.requests, ratio: round(busy.p99_ms / idle.p99_ms) });
      log(`decode round ${i + 1}: ${rounds.at(-1)!.ratio}× (p99 ${busy.p99_ms} ms during ${Math.round(decodeMs)} ms of decoding, ${idle.p99_ms} ms idle)`);
    }

    const ratio = median(rounds.map((r) => r.ratio));
    const targets = { during_decode_to_idle_health_p99: { value: ratio, target: '< 2', met: ratio < 2 } };
    const report = {
      benchmark: 'studio-decode',
      at: new Date().toISOString(),
      machine: machine(loadAtStart),
      method: `signed-in ${API.health.path} every 5 ms over one keep-alive connection, in the server's process; a ${LIE_SECONDS / 60}-minute MP3 whose header suggests a few minutes, posted as an application demo (decoded in the media pool to its limit, refused with 413); median of ${ROUNDS} rounds`,
      rounds,
      targets,
    };
    await writeReport(REPORT, report);
    return { report, summary: `decode health p99 ${ratio}× idle`, met: allMet(targets) };
  } finally {
    agent.destroy();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { summary, met } = await runDecodeLatencyBench();
  console.log(`bench:studio ${summary} → ${path.relative(process.cwd(), REPORT)}`);
  if (!met) process.exitCode = 1;
}
