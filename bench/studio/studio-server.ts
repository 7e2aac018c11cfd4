/**
 * What the upload and processing parts of `npm run bench:studio` share: the real app on 127.0.0.1 over a
 * fresh PostgreSQL database (BENCH_STUDIO_DATABASE_URL) and a temporary DATA_DIR (local object storage and
 * tus's file store), a signed-in creator with a creator profile, and RSS sampling of this process.
 *
 * PostgreSQL, not PGlite: PGlite runs inside the server's process (WASM, on its event loop, with its own
 * heap), so its work and memory would be counted as the upload's and the pipeline's; a deployment at
 * scale runs on PostgreSQL. The analytics part uses its own database (it keeps 10 M events between runs).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { AppContext } from '../../apps/server/src/app-context.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/create-context.ts';
import { createCreator } from '../../apps/server/test/catalogue-factories.ts';
import { createUser, type TestUser } from '../../apps/server/test/factories.ts';
import { freshDatabase, listenOnLoopback } from '../lib/http-load.ts';

export const STUDIO_DATABASE_URL = process.env.BENCH_STUDIO_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crate_studio_pipeline_bench';

export const log = (line: string) => process.stderr.write(`${line}\n`);
export const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
export const mib = (bytes: number) => round(bytes / 2 ** 20, 1);

export interface StudioServer {
  ctx: AppContext;
  app: FastifyInstance;
  base: string;
  dataDir: string;
  creator: TestUser;
  close(): Promise<void>;
}

/** A fresh database and data directory, the app listening on loopback, a creator signed in; `workers` runs the job queue in this process, as `npm start` does; `beforeListen` adds hooks. */
export async function startStudioServer(options: { workers: boolean; beforeListen?: (app: FastifyInstance) => void }): Promise<StudioServer> {
  await freshDatabase(STUDIO_DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crate-bench-studio-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WORKERS: options.workers ? 'true' : 'false', SEARCH_INDEX: 'postgres', PUBLIC_URL: 'http://127.0.0.1:1' } as NodeJS.ProcessEnv, {
    database: { kind: 'postgres', url: STUDIO_DATABASE_URL },
    webDist: null,
    rateLimits: false,
  });
  // BENCH_SERVER_LOG=error shows what the server logs (a 500's cause); silent by default.
  const ctx = await createContext(config, pino({ level: process.env.BENCH_SERVER_LOG ?? 'silent' }));
  const app = await buildApp(ctx);
  options.beforeListen?.(app);
  const base = await listenOnLoopback(app);
  if (options.workers) {
    // As main.ts does: the embedded default runs the queue's lanes in the API process.
    ctx.jobs.handleWith(ctx);
    ctx.jobs.start();
  }
  const creator = await createUser(ctx, { roles: ['creator'], name: 'Bench Creator' });
  await createCreator(ctx, creator.id, { name: 'Bench Creator' });
  return {
    ctx,
    app,
    base,
    dataDir,
    creator,
    async close() {
      await app.close();
      await ctx.jobs.stop();
      await ctx.database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON request as the web app sends it (same origin, the session cookie). */
export async function callApi<T>(server: Pick<StudioServer, 'base'>, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { cookie, origin: server.base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** This process's RSS, sampled every `everyMs` from now until stop(): the peak and the growth over the start. */
export function sampleRss(everyMs = 100): { stop(): { startMib: number; peakMib: number; growthMib: number } } {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { startMib: mib(start), peakMib: mib(peak), growthMib: mib(peak - start) };
    },
  };
}

export function machine(loadAtStart: number[]) {
  return { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_average_at_start: loadAtStart, load_average_at_end: os.loadavg().map((n) => round(n)) };
}
