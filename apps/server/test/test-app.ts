import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createContext } from '../src/create-context.ts';

/** Which database the integration tier runs on: the vitest project sets TEST_DB. */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `crate_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh database (in-memory PGlite, or a new PostgreSQL database) with migrations applied, and the
 * whole app on it. Call once per test file (beforeAll) and close in afterAll.
 *
 * `embeddedIn` runs the embedded default instead, whatever TEST_DB says: PGlite on disk in that data folder, as
 * `npm start` runs it (the folder is the caller's: close leaves it). `log` receives the app's log lines.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { embeddedIn?: string; log?: Logger } = {}): Promise<TestApp> {
  const { log = pino({ level: 'silent' }) } = options;
  const dataDir = options.embeddedIn ?? (await mkdtemp(path.join(os.tmpdir(), 'crate-test-')));
  const postgres = TEST_DB === 'postgres' && !options.embeddedIn ? await createPostgresDatabase() : null;
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:3000' } as NodeJS.ProcessEnv,
    {
      ...(options.embeddedIn
        ? {}
        : { database: postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dir: null, template: process.env.VITEST ? inject('pgliteTemplate') : undefined } }),
      webDist: null,
      ...overrides,
    },
  );
  const ctx = await createContext(config, log);
  ctx.jobs.handleWith(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  // Searches in tests are answered by the complete index (a search during the build is tested on its own).
  await app.searchIndex?.ready;
  const testApp: TestApp = {
    app,
    ctx,
    dataDir,
    async close() {
      // testApp.app: a test may have replaced the server (a restart on the same data directory).
      await testApp.app.close();
      await ctx.database.close();
      await postgres?.drop();
      if (!options.embeddedIn) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
