/**
 * `npm run dev`: the API in watch mode on API_PORT (3001) and the Vite dev server with HMR on PORT
 * (3000), which proxies /api to the API so the browser sees one origin. Ctrl-C stops both; if
 * either exits, the other is stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  // Own process group, so stopping it also stops what it started (npm → vite).
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
}

function stop(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  // Give both a moment to close their ports and database, then leave.
  const deadline = setTimeout(() => {
    for (const child of children) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    process.exit(exitCode);
  }, 5000);
  deadline.unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((resolve) => c.once('exit', resolve))))).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('API', process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], { PORT: apiPort, PUBLIC_URL: publicUrl });
start('web', 'npm', ['run', 'dev', '-w', '@crate/web'], { WEB_PORT: webPort, API_PORT: apiPort });
console.log(`[dev] web with HMR on ${publicUrl} (API on http://localhost:${apiPort}, proxied under /api). Ctrl-C stops both.`);
