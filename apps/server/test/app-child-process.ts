import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs `script` (a TypeScript file, through tsx) as another process of the app on the test's PostgreSQL database,
 * the way a second server or a worker would run — for the crash tests, which kill it with -9. Its output is kept.
 */
export function spawnAppProcess(t: TestApp, script: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const database = t.ctx.config.database;
  if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: t.dataDir,
      PUBLIC_URL: t.ctx.config.publicUrl,
      AUTH_SECRET: t.ctx.config.authSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Resolves once the process has exited (at once if it has). */
export const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
