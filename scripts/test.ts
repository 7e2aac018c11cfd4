/**
 * `npm test`: first the checks people forget to run — `npm run typecheck`, `npm run lint` and `npm run knip`
 * (dependencies declared where they are imported, production code on `dependencies` only, no unused
 * file or export) — and, if any reports an error, nothing else (the test tiers take minutes; a type error fails them anyway).
 * Then every tier in order — unit, integration on PGlite, integration on PostgreSQL, e2e in headless
 * Chromium (after building the web app). Without PostgreSQL or Chromium a tier is skipped with a loud
 * banner; with CI=true their absence fails the run. Ends with the table and `N passed, N failed`
 * (a clean check counts as one passed, a failing one as its number of errors).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Check, countCheckErrors } from './check-errors';

const root = path.resolve(import.meta.dirname, '..');
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface TierResult {
  tier: string;
  outcome: 'passed' | 'failed' | 'skipped' | 'not run';
  passed: number;
  failed: number;
  seconds: number;
  note?: string;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

/** Each failed test of a tier, with the first line of why, so the run's last lines name what to fix. */
const failures: string[] = [];

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

function failuresOf(tier: string, json: VitestJson): string[] {
  return json.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    if (failed.length === 0) return file.status === 'failed' ? [`${tier}: ${where}: ${firstLine(file.message)}`] : [];
    return failed.map((a) => `${tier}: ${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
}

const results: TierResult[] = [];

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '#'.repeat(width);
  console.log(`\n${bar}\n${lines.map((l) => `# ${l.padEnd(width - 4)} #`).join('\n')}\n${bar}\n`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', () => resolve(127));
  });
}

/** Like `run`, and also hands back everything the command printed (still shown as it comes). */
function runCapturing(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
    child.on('error', () => resolve({ code: 127, output }));
  });
}

/** `npm run typecheck`, `npm run lint` or `npm run knip`, exactly as a person runs it. */
async function runCheck(check: Check): Promise<void> {
  console.log(`\n=== ${check} ===`);
  const started = performance.now();
  const { code, output } = await runCapturing('npm', ['run', check]);
  const seconds = (performance.now() - started) / 1000;
  const errors = code === 0 ? 0 : Math.max(1, countCheckErrors(check, output));
  results.push({ tier: check, outcome: code === 0 ? 'passed' : 'failed', passed: code === 0 ? 1 : 0, failed: errors, seconds });
}

/** One vitest project; counts come from its JSON report. A file that fails to load counts as one failed test. */
async function runTier(tier: string, project: string, env: NodeJS.ProcessEnv = {}, extraArgs: string[] = []): Promise<void> {
  console.log(`\n=== ${tier} ===`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crate-test-report-'));
  const report = path.join(dir, 'report.json');
  const started = performance.now();
  const code = await run(process.execPath, [vitestBin, 'run', '--project', project, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs], env);
  const seconds = (performance.now() - started) / 1000;
  let passed = 0;
  let failed = 0;
  try {
    const json = JSON.parse(await readFile(report, 'utf8')) as VitestJson;
    passed = json.numPassedTests;
    failed = json.numFailedTests + json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
    failures.push(...failuresOf(tier, json));
  } catch {
    failed = code === 0 ? 0 : 1; // vitest died before writing its report
  }
  await rm(dir, { recursive: true, force: true });
  if (code !== 0 && failed === 0) failed = 1;
  results.push({ tier, outcome: code === 0 ? 'passed' : 'failed', passed, failed, seconds });
}

function skip(tier: string, why: string, howToFix: string): void {
  if (ci) {
    banner([`${tier}: REQUIRED WITH CI=true BUT UNAVAILABLE — FAILING THE RUN`, why, howToFix]);
    results.push({ tier, outcome: 'failed', passed: 0, failed: 1, seconds: 0, note: why });
  } else {
    banner([`${tier}: SKIPPED`, why, howToFix, 'With CI=true this tier is required and its absence fails the run.']);
    results.push({ tier, outcome: 'skipped', passed: 0, failed: 0, seconds: 0, note: why });
  }
}

async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL does not answer at ${new URL(postgresUrl).host}: ${(error as Error).message || (error as { code?: string }).code || 'no answer'}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Integration files spend their time in PGlite (WASM) or waiting on PostgreSQL while vitest's main
 * process idles, so use every core (vitest's default leaves one free). TEST_MAX_WORKERS overrides.
 */
const integrationArgs = [`--maxWorkers=${process.env.TEST_MAX_WORKERS ?? os.availableParallelism()}`];

const started = performance.now();
const tiers = ['unit', 'integration (PGlite)', 'integration (PostgreSQL)', 'e2e (Chromium)'];

await runCheck('typecheck');
await runCheck('lint');
await runCheck('knip');
const failedChecks = results.filter((r) => r.outcome === 'failed');

if (failedChecks.length > 0) {
  const errors = failedChecks.reduce((sum, r) => sum + r.failed, 0);
  banner([
    `${failedChecks.map((r) => r.tier).join(' and ')} FAILED (${errors} error${errors === 1 ? '' : 's'}) — NO TEST TIER RAN`,
    'Fix the errors printed above; `npm run typecheck`, `npm run lint` and `npm run knip` check them alone.',
  ]);
  for (const tier of tiers) results.push({ tier, outcome: 'not run', passed: 0, failed: 0, seconds: 0 });
} else {
  await runTier('unit', 'unit');
  await runTier('integration (PGlite)', 'integration-pglite', {}, integrationArgs);

  const pgProblem = await postgresProblem();
  if (pgProblem) skip('integration (PostgreSQL)', pgProblem, 'Start PostgreSQL or set TEST_POSTGRES_URL (a role that may create databases).');
  else await runTier('integration (PostgreSQL)', 'integration-postgres', { TEST_POSTGRES_URL: postgresUrl }, integrationArgs);

  if (!existsSync(chromiumPath)) {
    skip('e2e (Chromium)', `No Chromium at ${chromiumPath}`, 'Install it (apt-get install chromium) or set CHROMIUM_PATH.');
  } else {
    const hasWeb = existsSync(path.join(root, 'apps/web/package.json'));
    if (hasWeb) console.log('\n=== building the web app for e2e ===');
    const buildCode = hasWeb ? await run('npm', ['run', 'build']) : 0;
    if (buildCode !== 0) results.push({ tier: 'e2e (Chromium)', outcome: 'failed', passed: 0, failed: 1, seconds: 0, note: 'npm run build failed' });
    else await runTier('e2e (Chromium)', 'e2e', { CHROMIUM_PATH: chromiumPath });
  }
}

const total = { passed: 0, failed: 0 };
console.log('\nTier                        Result    Passed  Failed    Time');
for (const r of results) {
  total.passed += r.passed;
  total.failed += r.failed;
  const time = r.outcome === 'skipped' || r.outcome === 'not run' ? '' : `${r.seconds.toFixed(1)} s`;
  console.log(`${r.tier.padEnd(28)}${r.outcome.toUpperCase().padEnd(10)}${String(r.passed).padStart(6)}${String(r.failed).padStart(8)}${time.padStart(8)}${r.note ? `  (${r.note})` : ''}`);
}
if (failures.length > 0) console.log(`\nFAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
const skipped = results.filter((r) => r.outcome === 'skipped').map((r) => r.tier);
if (skipped.length > 0) console.log(`\nSKIPPED: ${skipped.join(', ')} — see the banners above.`);
console.log(`Total time ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(results.some((r) => r.outcome === 'failed') ? 1 : 0);
