/**
 * `npm start`'s first step: builds the web app only when what the build reads has changed since the last build.
 * The inputs are the web app's and the contract's files (not `dist`, not `node_modules`), the lockfile (a
 * dependency's version) and the `VITE_*` variables; their SHA-256 is written beside the build as
 * `dist/.inputs-sha256` after a build succeeds, so an interrupted build is redone at the next start.
 * A start on an unchanged checkout goes straight to the server instead of spending a minute in vite.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.inputs-sha256');
const INPUT_DIRS = ['apps/web', 'packages/contract'];
const INPUT_FILES = ['package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['dist', 'node_modules', '.vite']);

/** Every file under `dir` (relative to `base`), sorted, skipping build output and installed packages. */
function filesUnder(base: string, dir: string): string[] {
  if (!existsSync(path.join(base, dir))) return [];
  const found: string[] = [];
  for (const entry of readdirSync(path.join(base, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(base, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** The SHA-256 of every input's path and bytes under `base`, and of the `VITE_*` variables in `env` the build inlines. */
export function webInputsHash(base: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(base, dir)), ...INPUT_FILES.filter((file) => existsSync(path.join(base, file)))];
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(base, file)));
  }
  for (const [name, value] of Object.entries(env).filter(([key]) => key.startsWith('VITE_')).sort()) hash.update(`${name}=${value}\0`);
  return hash.digest('hex');
}

function main(): void {
  const inputs = webInputsHash(root, process.env);
  const built = existsSync(stampFile) && existsSync(path.join(dist, 'index.html')) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (built === inputs) {
    process.stdout.write('[start] the web app is unchanged since its last build: not rebuilding\n');
    return;
  }
  process.stdout.write(built ? '[start] the web app changed: building it\n' : '[start] building the web app (first start)\n');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, `${inputs}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
