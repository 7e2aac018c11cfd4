/** What every HTTP benchmark shares: the database it runs on, the load process, and the figures. */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import pg from 'pg';

/** Runs `work` on the server's maintenance database, with the name of the database `url` names. */
async function onServer(url: string, work: (client: pg.Client, name: string) => Promise<void>): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, new URL(url).pathname.slice(1));
  } finally {
    await client.end();
  }
}

/** Creates the benchmark's own database when it does not exist yet (a large catalogue built once is reused). */
export async function ensureDatabase(url: string): Promise<void> {
  await onServer(url, async (client, name) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  });
}

/** Drops and creates the benchmark's database: a run that writes starts from nothing. */
export async function freshDatabase(url: string): Promise<void> {
  await onServer(url, async (client, name) => {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (n: number) => Math.round(n * 100) / 100;

export interface LatencySummary {
  requests: number;
  per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

export function summarise(ms: number[], seconds: number): LatencySummary {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    requests: ms.length,
    per_second: round(ms.length / seconds),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? NaN),
  };
}

export function median(values: number[]): number {
  return round(percentile([...values].sort((a, b) => a - b), 50));
}

/**
 * Closed-loop load from a separate process (so the server's event loop measures only the server):
 * `connections` keep-alive sockets cycling through `paths` for `seconds`, or until `requests` were sent
 * (after `settleMs`, when given; with `pauseMs` between a connection's requests, when given).
 */
export function runLoad(
  base: string,
  paths: string[],
  cookie: string,
  connections: number,
  seconds: number,
  options: { requests?: number; settleMs?: number; pauseMs?: number } = {},
): Promise<{ latencies: number[]; statuses: Record<string, number>; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load-process.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify({ base, paths, cookie, connections, seconds, ...options }));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load process exited with ${code}`))));
  });
}

/**
 * Server-side latency of every request the app answers: Fastify's `reply.elapsedTime`, from before the
 * first onRequest hook to the response's end. (An onRequest hook of our own would start too late for
 * answers an earlier hook sends — the public response cache's hits.)
 */
export function recordServerTimes(app: FastifyInstance): { reset(): void; times(): number[] } {
  let times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => void times.push(reply.elapsedTime));
  return { reset: () => void (times = []), times: () => times };
}

/** Listens on a free loopback port; returns the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
